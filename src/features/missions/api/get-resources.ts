import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MissionChoices } from '@/shared/contracts/missions';

/**
 * The pilots and machines the mission form offers: those of the mission's owner (an administrator opening an
 * operator's mission, a supervised pilot his operator's), read through the mission, not the registry's lists.
 */
export function useMissionChoices(missionId: string | undefined) {
  return useQuery({
    queryKey: ['missions', 'choices', missionId ?? null],
    queryFn: async () => (await apiClient.get<MissionChoices>('preflights/choices', { params: missionId ? { missionId } : {} })).data,
  });
}
