import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Page } from '@/shared/contracts/common';
import type { PilotListQuery, PilotSummary } from '@/shared/contracts/pilots';
import { pilotsBase, pilotsKey } from './base';

/** The list's query string, and the owner whose pilots an administrator reads (in the path). */
type PilotsQuery = PilotListQuery & { userId?: string };

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
