import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Page } from '@/shared/contracts/common';
import type { PILOT_SORTS, PilotSummary } from '@/shared/contracts/pilots';
import { pilotsBase, pilotsKey } from './base';

export interface PilotsQuery {
  userId?: string;
  page: number;
  pageSize: number;
  search?: string;
  sort: (typeof PILOT_SORTS)[number];
  order: 'asc' | 'desc';
  supervisionLevel?: number;
  deleted: boolean;
}

export async function getPilots({ userId, ...query }: PilotsQuery): Promise<Page<PilotSummary>> {
  const params = { ...query, search: query.search?.trim() || undefined, deleted: query.deleted ? 'true' : undefined };
  const { data } = await apiClient.get<Page<PilotSummary>>(pilotsBase(userId), { params });
  return data;
}

export function pilotsQueryOptions(query: PilotsQuery) {
  return queryOptions({ queryKey: [...pilotsKey, 'list', query], queryFn: () => getPilots(query), placeholderData: keepPreviousData });
}

export function usePilots(query: PilotsQuery) {
  return useQuery(pilotsQueryOptions(query));
}
