import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { AerodromeCategories } from '@/shared/contracts/weather';
import type { ViewBbox } from './get-zones-in-view';

/** The TAF category at `at` of the aerodromes in view (docs/weather.md "Map layer"); nothing is asked while the layer is off. */
export function useAerodromeCategories(bbox: ViewBbox | null, at: string, enabled: boolean) {
  return useQuery({
    queryKey: ['weather', 'aerodromes', bbox, at],
    queryFn: async () =>
      (await apiClient.get<AerodromeCategories>('weather/aerodromes', { params: { bbox: bbox?.join(','), at }, silent: true })).data,
    enabled: enabled && bbox !== null,
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });
}
