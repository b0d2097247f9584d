import { useQuery } from '@tanstack/react-query';
import type { FeatureCollection, LineString } from 'geojson';
import { apiClient } from '@/lib/api-client';
import type { Page } from '@/shared/contracts/common';
import type { Violation } from '@/shared/contracts/alerts';

/** Episodes a flight report lists at most: a flight with more is read on the Violations screen. */
export const FLIGHT_EPISODES_MAX = 100;

/** The mission's stored positions, a line per target (the GeoJSON export); only once the diary says there are some. */
export function useFlownTrack(missionId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['post-flights', missionId, 'track'],
    queryFn: async () =>
      (
        await apiClient.get<FeatureCollection<LineString>>(`postflights/${missionId}/track`, {
          params: { format: 'geojson' },
          silent: true,
        })
      ).data,
    enabled,
  });
}

/** The violation episodes of the mission's flights, in the order they started. */
export function useFlightEpisodes(missionId: string) {
  return useQuery({
    queryKey: ['post-flights', missionId, 'episodes'],
    queryFn: async () =>
      (
        await apiClient.get<Page<Violation>>('violations', {
          params: { missionId, sort: 'startedAt', order: 'asc', page: 1, pageSize: FLIGHT_EPISODES_MAX },
          silent: true,
        })
      ).data,
  });
}
