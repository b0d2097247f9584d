import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Page } from '@/shared/contracts/common';
import type { MACHINE_SORTS, MachineSummary } from '@/shared/contracts/machines';
import type { MACHINE_CLASSES } from '@/shared/domain/enums';
import { machinesBase, machinesKey } from './base';

export interface MachinesQuery {
  userId?: string;
  page: number;
  pageSize: number;
  search?: string;
  sort: (typeof MACHINE_SORTS)[number];
  order: 'asc' | 'desc';
  class?: (typeof MACHINE_CLASSES)[number];
  droneModelId?: string;
  deleted: boolean;
}

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
