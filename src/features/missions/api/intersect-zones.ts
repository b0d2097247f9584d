import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MissionAreas } from '@/shared/contracts/missions';
import type { ZoneIntersectResult } from '@/shared/contracts/zones';

export interface IntersectInput {
  areas: MissionAreas;
  maxHeightM: number;
  startAt: string;
}

export async function intersectZones({ areas, maxHeightM, startAt }: IntersectInput): Promise<ZoneIntersectResult> {
  const { data } = await apiClient.post<ZoneIntersectResult>('zones/intersect', { area: areas, maxHeightM, startAt }, { silent: true });
  return data;
}

/** The geozones the mission's areas touch; null input (no area yet) asks nothing. */
export function useZoneIntersections(input: IntersectInput | null) {
  return useQuery({
    queryKey: ['missions', 'intersect', input],
    queryFn: () => intersectZones(input!),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
