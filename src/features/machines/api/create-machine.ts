import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MachineCreate, MachineDetail } from '@/shared/contracts/machines';
import { machinesBase, machinesKey } from './base';

export async function createMachine({ userId, body }: { userId?: string; body: MachineCreate }): Promise<MachineDetail> {
  const { data } = await apiClient.post<MachineDetail>(machinesBase(userId), body);
  return data;
}

export function useCreateMachine() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createMachine, onSuccess: () => queryClient.invalidateQueries({ queryKey: machinesKey }) });
}
