import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MapSettings } from '@/shared/contracts/map-settings';

export async function getMapSettings(): Promise<MapSettings> {
  const { data } = await apiClient.get<MapSettings>('map/settings');
  return data;
}

/** The server's map settings: the aerial imagery's tile URL template, or null (docs/map.md "Aerial imagery"). */
export function useMapSettings() {
  return useQuery({ queryKey: ['map', 'settings'], queryFn: getMapSettings, staleTime: Infinity });
}
