import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Tracker, TrackerCreate, TrackerListQuery } from '@/shared/contracts/trackers';
import type { UserSummary } from '@/shared/contracts/users';

export const trackersKey = ['trackers'] as const;

export function useTrackers(query: TrackerListQuery) {
  return useQuery({
    queryKey: [...trackersKey, 'list', query],
    queryFn: async () =>
      (await apiClient.get<{ items: Tracker[]; total: number; page: number; pageSize: number }>('trackers', { params: query })).data,
    placeholderData: keepPreviousData,
  });
}

export function useTracker(id: string | undefined) {
  return useQuery({
    queryKey: [...trackersKey, 'one', id],
    queryFn: async () => (await apiClient.get<Tracker>(`trackers/${encodeURIComponent(id ?? '')}`)).data,
    enabled: !!id,
  });
}

export function useSaveTracker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: TrackerCreate }) =>
      (id ? await apiClient.put<Tracker>(`trackers/${encodeURIComponent(id)}`, body) : await apiClient.post<Tracker>('trackers', body))
        .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trackersKey }),
  });
}

export function useDeleteTracker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.delete(`trackers/${encodeURIComponent(id)}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trackersKey }),
  });
}

/** Users a tracker can belong to (needs USER_LIST_ADMIN). */
export function useUserChoices(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...trackersKey, 'user-choices', search],
    queryFn: async () =>
      (await apiClient.get<{ items: UserSummary[] }>('users', { params: { search: search || undefined, pageSize: 20 } })).data.items,
    enabled,
    placeholderData: keepPreviousData,
  });
}
