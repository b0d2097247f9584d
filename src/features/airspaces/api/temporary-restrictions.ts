import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type {
  TemporaryRestriction,
  TemporaryRestrictionInput,
  TemporaryRestrictionPreview,
} from '@/shared/contracts/temporary-restrictions';

const temporaryRestrictionsKey = ['temporary-restrictions'] as const;

async function getTemporaryRestrictions(): Promise<TemporaryRestriction[]> {
  const { data } = await apiClient.get<TemporaryRestriction[]>('temporary-restrictions');
  return data;
}

export function useTemporaryRestrictions() {
  return useQuery(queryOptions({ queryKey: temporaryRestrictionsKey, queryFn: getTemporaryRestrictions }));
}

/** The missions a restriction would meet, asked before publishing it. */
export function usePreviewTemporaryRestriction() {
  return useMutation({
    mutationFn: async (body: TemporaryRestrictionInput) =>
      (await apiClient.post<TemporaryRestrictionPreview>('temporary-restrictions/preview', body)).data,
  });
}

export function usePublishTemporaryRestriction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TemporaryRestrictionInput) =>
      (await apiClient.post<TemporaryRestriction>('temporary-restrictions', body)).data,
    // The geozone layer of every map holds the new zone.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useEndTemporaryRestriction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiClient.post<TemporaryRestriction>(`temporary-restrictions/${encodeURIComponent(id)}/end`)).data,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
