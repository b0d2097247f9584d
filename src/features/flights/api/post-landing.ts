import { apiClient } from '@/lib/api-client';

/** Spec §7: the result is ignored and a failure is silent. */
export async function postLanding(preFlightId: string): Promise<void> {
  await apiClient.post('preflights/landing', { preFlightId }, { silent: true });
}
