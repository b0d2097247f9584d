import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DroneModelSummary } from '@/shared/contracts/drone-models';
import { PAGE_SIZE_MAX } from '@/shared/domain/limits';

/** The drone models a machine may pick (shared catalogue and own personal models), for the select and the DJI rule. */
export async function getDroneModelChoices(): Promise<DroneModelSummary[]> {
  const { data } = await apiClient.get<{ items: DroneModelSummary[] }>('drone-models', {
    params: { page: 1, pageSize: PAGE_SIZE_MAX, sort: 'brand', order: 'asc' },
  });
  return data.items;
}

export function droneModelChoicesQueryOptions() {
  return queryOptions({ queryKey: ['drone-models', 'choices'], queryFn: getDroneModelChoices });
}

export function useDroneModelChoices() {
  return useQuery(droneModelChoicesQueryOptions());
}
