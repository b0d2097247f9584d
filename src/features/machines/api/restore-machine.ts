import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MachineDetail } from '@/shared/contracts/machines';
import { machinesBase, machinesKey } from './base';

/** Restoring exists only under `/api/users/:userId/machines/:id/restore` (MACHINE_EDIT_DELETED_ADMIN). */
export async function restoreMachine({ userId, id }: { userId: string; id: string }): Promise<MachineDetail> {
  const { data } = await apiClient.post<MachineDetail>(`${machinesBase(userId)}/${encodeURIComponent(id)}/restore`);
  return data;
}

export function useRestoreMachine() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: restoreMachine, onSuccess: () => queryClient.invalidateQueries({ queryKey: machinesKey }) });
}
