import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Page } from '@/shared/contracts/common';
import type { DroneModelListQuery, DroneModelSummary } from '@/shared/contracts/drone-models';

export const droneModelsKey = ['drone-models'] as const;

export async function getDroneModels(query: DroneModelListQuery): Promise<Page<DroneModelSummary>> {
  const params = { ...query, search: query.search?.trim() || undefined, personal: query.personal?.toString() };
  const { data } = await apiClient.get<Page<DroneModelSummary>>('drone-models', { params });
  return data;
}

export function droneModelsQueryOptions(query: DroneModelListQuery) {
  return queryOptions({
    queryKey: [...droneModelsKey, 'list', query],
    queryFn: () => getDroneModels(query),
    placeholderData: keepPreviousData,
  });
}

export function useDroneModels(query: DroneModelListQuery) {
  return useQuery(droneModelsQueryOptions(query));
}
