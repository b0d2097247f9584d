import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { VolumesInView } from '@/shared/contracts/requests';
import type { ViewBbox } from './get-zones-in-view';

/**
 * The other missions' granted volumes active at `at` in the view (docs/map.md "Deconfliction"), `missionId` left out;
 * nothing is asked while the layer is off or the view too wide.
 */
export function useVolumesInView(bbox: ViewBbox | null, at: string, missionId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['deconfliction', 'volumes', bbox, at, missionId],
    queryFn: async () =>
      (
        await apiClient.get<VolumesInView>('deconfliction/volumes', {
          params: { bbox: bbox?.join(','), at, ...(missionId ? { missionId } : {}) },
          silent: true,
        })
      ).data,
    enabled: enabled && bbox !== null,
    placeholderData: keepPreviousData,
  });
}
