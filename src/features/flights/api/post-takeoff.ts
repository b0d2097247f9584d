import { apiClient } from '@/lib/api-client';

/** Spec §7: the result is ignored and a failure is silent. */
export async function postTakeoff(preFlightId: string): Promise<void> {
  await apiClient.post('preflights/takeoff', { preFlightId }, { silent: true });
}
