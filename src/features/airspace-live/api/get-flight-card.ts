import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { LiveFlightCard } from '@/shared/contracts/airspace-live';

export async function getFlightCard(missionId: string): Promise<LiveFlightCard> {
  const { data } = await apiClient.get<LiveFlightCard>(`airspace-live/missions/${encodeURIComponent(missionId)}`);
  return data;
}

export function flightCardQueryOptions(missionId: string) {
  return queryOptions({ queryKey: ['airspace-live', 'card', missionId], queryFn: () => getFlightCard(missionId) });
}

export function useFlightCard(missionId: string) {
  return useQuery(flightCardQueryOptions(missionId));
}
