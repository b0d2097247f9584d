import { apiClient } from '@/lib/api-client';

/**
 * Spec §7: the result is ignored and a failure is silent. `reason` goes past the go/no-go check's warnings (the
 * panel asked for it, docs/flight.md "Go/no-go").
 */
export async function postTakeoff(preFlightId: string, reason?: string): Promise<void> {
  await apiClient.post('preflights/takeoff', reason ? { preFlightId, reason } : { preFlightId }, { silent: true });
}
