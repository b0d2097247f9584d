import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { airspacesKey } from './get-airspaces';

export async function deleteAirspace(id: string): Promise<void> {
  await apiClient.delete(`airspaces/${encodeURIComponent(id)}`);
}

export function useDeleteAirspace() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAirspace, onSuccess: () => queryClient.invalidateQueries({ queryKey: airspacesKey }) });
}
