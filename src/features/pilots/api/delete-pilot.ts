import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { pilotsBase, pilotsKey } from './base';

export async function deletePilot({ userId, id }: { userId?: string; id: string }): Promise<void> {
  await apiClient.delete(`${pilotsBase(userId)}/${encodeURIComponent(id)}`);
}

export function useDeletePilot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePilot, onSuccess: () => queryClient.invalidateQueries({ queryKey: pilotsKey }) });
}
