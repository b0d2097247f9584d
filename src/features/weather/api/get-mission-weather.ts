import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MissionWeather } from '@/shared/contracts/weather';

/** No forecast is an answer the weather panel shows, not a failure to toast. */
export async function getMissionWeather(missionId: string): Promise<MissionWeather> {
  const { data } = await apiClient.get<MissionWeather>(`preflights/${missionId}/weather`, { silent: true });
  return data;
}

/** Keyed by the mission's last change, so a new date or area asks again. */
export function useMissionWeather(missionId: string, missionUpdatedAt: string) {
  return useQuery({
    queryKey: ['weather', 'mission', missionId, missionUpdatedAt],
    queryFn: () => getMissionWeather(missionId),
    retry: false,
  });
}
