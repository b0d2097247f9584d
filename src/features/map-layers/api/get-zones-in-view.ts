import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api-client';
import type { ZoneFeatureCollection } from '@/shared/contracts/zones';

/** [minLon, minLat, maxLon, maxLat], each side at most ZONE_VIEW_MAX_SPAN_DEG. */
export type ViewBbox = readonly [number, number, number, number];

export async function getZonesInView(bbox: ViewBbox): Promise<ZoneFeatureCollection> {
  const { data } = await apiClient.get<ZoneFeatureCollection>('zones', { params: { bbox: bbox.join(',') }, silent: true });
  return data;
}

/** Keyed by language too: the answer's credits are worded in it. */
export function zonesInViewQueryOptions(bbox: ViewBbox, language: string) {
  return queryOptions({
    queryKey: ['zones', 'view', bbox, language],
    queryFn: () => getZonesInView(bbox),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The geozone volumes of a map view; null while the view is too wide to ask. */
export function useZonesInView(bbox: ViewBbox | null) {
  const { i18n } = useTranslation();
  return useQuery({ ...zonesInViewQueryOptions(bbox ?? [0, 0, 0, 0], i18n.language), enabled: bbox !== null });
}
