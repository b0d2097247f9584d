import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MachineDetail } from '@/shared/contracts/machines';
import { machinesBase, machinesKey } from './base';

export async function getMachine(id: string, userId?: string): Promise<MachineDetail> {
  const { data } = await apiClient.get<MachineDetail>(`${machinesBase(userId)}/${encodeURIComponent(id)}`);
  return data;
}

export function machineQueryOptions(id: string, userId?: string) {
  return queryOptions({ queryKey: [...machinesKey, 'detail', userId ?? null, id], queryFn: () => getMachine(id, userId) });
}

export function useMachine(id: string | undefined, userId?: string) {
  return useQuery({ ...machineQueryOptions(id ?? '', userId), enabled: !!id });
}
