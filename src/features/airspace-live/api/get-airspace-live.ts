import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { AirspaceLive } from '@/shared/contracts/airspace-live';

/** Today's volumes change with decisions and take-offs: read again every minute while the map is open. */
const REFRESH_MS = 60_000;

export async function getAirspaceLive(airspaceId: string | null): Promise<AirspaceLive> {
  const { data } = await apiClient.get<AirspaceLive>('airspace-live', { params: airspaceId ? { airspaceId } : {} });
  return data;
}

export function airspaceLiveQueryOptions(airspaceId: string | null) {
  return queryOptions({
    queryKey: ['airspace-live', airspaceId],
    queryFn: () => getAirspaceLive(airspaceId),
    refetchInterval: REFRESH_MS,
  });
}

/** The outline of the watched airspaces and today's granted volumes; off until `enabled`. */
export function useAirspaceLive(airspaceId: string | null, enabled: boolean) {
  return useQuery({ ...airspaceLiveQueryOptions(airspaceId), enabled });
}
