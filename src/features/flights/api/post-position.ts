import { apiClient } from '@/lib/api-client';
import type { TrafficPost } from '@/shared/contracts/traffic';

/** Spec §7: the own-position post; the result is ignored and a failure is silent. */
export async function postPosition(position: TrafficPost): Promise<void> {
  await apiClient.post('traffics/', position, { silent: true });
}
