import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Page } from '@/shared/contracts/common';
import type { MachineListQuery, MachineSummary } from '@/shared/contracts/machines';
import { machinesBase, machinesKey } from './base';

/** The list's query string, and the owner whose machines an administrator reads (in the path). */
type MachinesQuery = MachineListQuery & { userId?: string };

export async function getMachines({ userId, ...query }: MachinesQuery): Promise<Page<MachineSummary>> {
  const params = { ...query, search: query.search?.trim() || undefined, deleted: query.deleted ? 'true' : undefined };
  const { data } = await apiClient.get<Page<MachineSummary>>(machinesBase(userId), { params });
  return data;
}

export function machinesQueryOptions(query: MachinesQuery) {
  return queryOptions({ queryKey: [...machinesKey, 'list', query], queryFn: () => getMachines(query), placeholderData: keepPreviousData });
}

export function useMachines(query: MachinesQuery) {
  return useQuery(machinesQueryOptions(query));
}
