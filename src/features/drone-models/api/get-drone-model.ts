import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DroneModelDetail } from '@/shared/contracts/drone-models';
import { droneModelsKey } from './get-drone-models';

export async function getDroneModel(id: string): Promise<DroneModelDetail> {
  const { data } = await apiClient.get<DroneModelDetail>(`drone-models/${encodeURIComponent(id)}`);
  return data;
}

export function droneModelQueryOptions(id: string) {
  return queryOptions({ queryKey: [...droneModelsKey, 'detail', id], queryFn: () => getDroneModel(id) });
}

export function useDroneModel(id: string | undefined) {
  return useQuery({ ...droneModelQueryOptions(id ?? ''), enabled: !!id });
}
