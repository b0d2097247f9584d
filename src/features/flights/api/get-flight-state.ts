import { apiClient } from '@/lib/api-client';
import type { MissionHistoryEntry } from '@/shared/contracts/missions';

/**
 * What the routine needs to know before pinging a take-off again: whether the mission flies now, and whether it was
 * landed (from any device) since `since`. Silent: the routine's failures never show.
 */
export async function getFlightState(
  preFlightId: string,
  since: number,
): Promise<{ flying: boolean; landedSince: boolean; status: string }> {
  const { data } = await apiClient.get<MissionHistoryEntry[]>(`preflights/${preFlightId}/history`, { silent: true });
  const last = data.at(-1);
  return {
    flying: last?.to === 'onGoing',
    landedSince: data.some((entry) => entry.action === 'land' && Date.parse(entry.at) >= since),
    status: last?.to ?? 'draft',
  };
}
