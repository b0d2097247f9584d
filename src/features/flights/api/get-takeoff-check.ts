import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { TakeoffCheck } from '@/shared/contracts/takeoff-check';

/** The go/no-go check of a mission, read afresh each time the panel opens (docs/flight.md "Go/no-go"). */
export function useTakeoffCheck(missionId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['flights', 'takeoff-check', missionId],
    queryFn: async () => {
      const { data } = await apiClient.get<TakeoffCheck>(`preflights/${encodeURIComponent(missionId)}/takeoff-check`);
      return data;
    },
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
