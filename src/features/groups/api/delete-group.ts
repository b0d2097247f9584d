import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { groupsKey } from './get-groups';

export async function deleteGroup(id: string): Promise<void> {
  await apiClient.delete(`groups/${encodeURIComponent(id)}`);
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteGroup, onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsKey }) });
}
