import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Page } from '@/shared/contracts/common';
import type { DRONE_MODEL_SORTS, DroneModelSummary } from '@/shared/contracts/drone-models';

export interface DroneModelsQuery {
  page: number;
  pageSize: number;
  search?: string;
  sort: (typeof DRONE_MODEL_SORTS)[number];
  order: 'asc' | 'desc';
  personal?: boolean;
}

export const droneModelsKey = ['drone-models'] as const;

export async function getDroneModels(query: DroneModelsQuery): Promise<Page<DroneModelSummary>> {
  const params = { ...query, search: query.search?.trim() || undefined, personal: query.personal?.toString() };
  const { data } = await apiClient.get<Page<DroneModelSummary>>('drone-models', { params });
  return data;
}

export function droneModelsQueryOptions(query: DroneModelsQuery) {
  return queryOptions({
    queryKey: [...droneModelsKey, 'list', query],
    queryFn: () => getDroneModels(query),
    placeholderData: keepPreviousData,
  });
}

export function useDroneModels(query: DroneModelsQuery) {
  return useQuery(droneModelsQueryOptions(query));
}
