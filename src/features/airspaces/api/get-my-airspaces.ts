import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { AirspaceDetail } from '@/shared/contracts/airspaces';
import { airspacesKey } from './get-airspaces';

export const myAirspacesKey = [...airspacesKey, 'mine'] as const;

export async function getMyAirspaces(): Promise<AirspaceDetail[]> {
  const { data } = await apiClient.get<AirspaceDetail[]>('airspaces/mine');
  return data;
}

export function useMyAirspaces() {
  return useQuery(queryOptions({ queryKey: myAirspacesKey, queryFn: getMyAirspaces }));
}
