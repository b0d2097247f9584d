import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { PostFlight, PostFlightInput } from '@/shared/contracts/post-flights';

const key = (missionId: string) => ['post-flights', missionId] as const;

export async function getPostFlight(missionId: string): Promise<PostFlight> {
  const { data } = await apiClient.get<PostFlight>(`postflights/${missionId}`);
  return data;
}

export function usePostFlight(missionId: string) {
  return useQuery({ queryKey: key(missionId), queryFn: () => getPostFlight(missionId) });
}

export function useSavePostFlight(missionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PostFlightInput) => (await apiClient.put<PostFlight>(`postflights/${missionId}`, body)).data,
    onSuccess: (diary) => queryClient.setQueryData(key(missionId), diary),
  });
}

export function useAddPostFlightNote(missionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (text: string) => (await apiClient.post<PostFlight>(`postflights/${missionId}/notes`, { text })).data,
    onSuccess: (diary) => queryClient.setQueryData(key(missionId), diary),
  });
}
