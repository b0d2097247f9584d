import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FeatureCollection } from 'geojson';
import { apiClient } from '@/lib/api-client';
import type { AlertAround } from '@/shared/contracts/alerts';
import type { ZoneIntersectResult } from '@/shared/contracts/zones';

/** [west, south, east, north] in degrees. */
export type Box = readonly [number, number, number, number];

/** What a flight's surroundings change at most this often: alerts and zones are drawn by hand. */
const SURROUNDINGS_STALE_MS = 5 * 60_000;

/** The displayed alerts around the box (GET /api/alerts/around); silent, the map simply draws none on failure. */
export function useAlertsAround(box: Box | null) {
  return useQuery({
    queryKey: ['flights', 'alerts-around', box],
    queryFn: async () => {
      const { data } = await apiClient.get<AlertAround[]>('alerts/around', { params: { bbox: box!.join(',') }, silent: true });
      return data;
    },
    enabled: box !== null,
    staleTime: SURROUNDINGS_STALE_MS,
  });
}

/** The displayed alerts around the box as features to draw, named; empty until read (or on failure). */
export function useAlertShapesAround(box: Box | null) {
  const alerts = useAlertsAround(box);
  const shapes = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: (alerts.data ?? []).map((alert) => ({ type: 'Feature', properties: { name: alert.name }, geometry: alert.geometry })),
    }),
    [alerts.data],
  );
  return { alerts, shapes };
}

/** The geozones meeting the box up to the height, now (POST /api/zones/intersect with the box as the area). */
export function useZonesAround(box: Box | null, maxHeightM: number) {
  return useQuery({
    queryKey: ['flights', 'zones-around', box, maxHeightM],
    queryFn: async () => {
      const [west, south, east, north] = box!;
      const area = {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [west, south],
              [east, south],
              [east, north],
              [west, north],
              [west, south],
            ],
          ],
        ],
      };
      const startAt = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
      const { data } = await apiClient.post<ZoneIntersectResult>('zones/intersect', { area, maxHeightM, startAt }, { silent: true });
      return data.zones;
    },
    enabled: box !== null,
    staleTime: SURROUNDINGS_STALE_MS,
  });
}
