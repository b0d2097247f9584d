import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { ZoneFeatureCollection } from '@/shared/contracts/zones';

/** [minLon, minLat, maxLon, maxLat], each side at most ZONE_VIEW_MAX_SPAN_DEG. */
export type ViewBbox = readonly [number, number, number, number];

export async function getZonesInView(bbox: ViewBbox): Promise<ZoneFeatureCollection> {
  const { data } = await apiClient.get<ZoneFeatureCollection>('zones', { params: { bbox: bbox.join(',') }, silent: true });
  return data;
}

export function zonesInViewQueryOptions(bbox: ViewBbox) {
  return queryOptions({
    queryKey: ['zones', 'view', bbox],
    queryFn: () => getZonesInView(bbox),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The geozone volumes of a map view; null while the view is too wide to ask. */
export function useZonesInView(bbox: ViewBbox | null) {
  return useQuery({ ...zonesInViewQueryOptions(bbox ?? [0, 0, 0, 0]), enabled: bbox !== null });
}
