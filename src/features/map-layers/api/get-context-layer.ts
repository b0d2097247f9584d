import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeatureCollection } from 'geojson';
import { apiClient } from '@/lib/api-client';
import type { ContextLayerName } from '@/shared/contracts/context-layers';

export async function getContextLayer(name: ContextLayerName): Promise<FeatureCollection> {
  const { data } = await apiClient.get<FeatureCollection>(`context-layers/${name}`);
  return data;
}

export function contextLayerQueryOptions(name: ContextLayerName) {
  // Shipped files: they change only with a release.
  return queryOptions({ queryKey: ['context-layers', name], queryFn: () => getContextLayer(name), staleTime: Infinity, gcTime: Infinity });
}

/** Loaded the first time the layer is switched on. */
export function useContextLayer(name: ContextLayerName, enabled: boolean) {
  return useQuery({ ...contextLayerQueryOptions(name), enabled });
}
