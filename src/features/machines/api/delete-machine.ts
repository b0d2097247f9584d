import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { machinesBase, machinesKey } from './base';

export async function deleteMachine({ userId, id }: { userId?: string; id: string }): Promise<void> {
  await apiClient.delete(`${machinesBase(userId)}/${encodeURIComponent(id)}`);
}

export function useDeleteMachine() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMachine, onSuccess: () => queryClient.invalidateQueries({ queryKey: machinesKey }) });
}
