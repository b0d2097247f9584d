import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { AirspaceDetail } from '@/shared/contracts/airspaces';
import { airspacesKey } from './get-airspaces';

export async function getAirspace(id: string): Promise<AirspaceDetail> {
  const { data } = await apiClient.get<AirspaceDetail>(`airspaces/${encodeURIComponent(id)}`);
  return data;
}

export function airspaceQueryOptions(id: string) {
  return queryOptions({ queryKey: [...airspacesKey, 'one', id], queryFn: () => getAirspace(id) });
}

export function useAirspace(id: string | undefined) {
  return useQuery({ ...airspaceQueryOptions(id ?? ''), enabled: !!id });
}
