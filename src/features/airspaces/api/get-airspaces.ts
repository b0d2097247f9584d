import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Page } from '@/shared/contracts/common';
import type { AirspaceListQuery, AirspaceSummary } from '@/shared/contracts/airspaces';

export type AirspaceListParams = Partial<AirspaceListQuery>;

export const airspacesKey = ['airspaces'] as const;

export async function getAirspaces(query: AirspaceListParams): Promise<Page<AirspaceSummary>> {
  const params = { ...query, search: query.search?.trim() || undefined, visibleToOperators: query.visibleToOperators?.toString() };
  const { data } = await apiClient.get<Page<AirspaceSummary>>('airspaces', { params });
  return data;
}

export function airspacesQueryOptions(query: AirspaceListParams) {
  return queryOptions({
    queryKey: [...airspacesKey, 'list', query],
    queryFn: () => getAirspaces(query),
    placeholderData: keepPreviousData,
  });
}

export function useAirspaces(query: AirspaceListParams) {
  return useQuery(airspacesQueryOptions(query));
}
