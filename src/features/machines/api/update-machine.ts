import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MachineDetail, MachineUpdate } from '@/shared/contracts/machines';
import { machinesBase, machinesKey } from './base';

export async function updateMachine({ userId, id, body }: { userId?: string; id: string; body: MachineUpdate }): Promise<MachineDetail> {
  const { data } = await apiClient.put<MachineDetail>(`${machinesBase(userId)}/${encodeURIComponent(id)}`, body);
  return data;
}

export function useUpdateMachine() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMachine, onSuccess: () => queryClient.invalidateQueries({ queryKey: machinesKey }) });
}
