import { apiClient } from '@/lib/api-client';
import type { TrafficIngestResult, TrafficPost } from '@/shared/contracts/traffic';
import { setFlightConformance } from '../conformance-store';

/** Spec §7: the own-position post, silent on failure; its answer carries the flight's conformance, shown at once. */
export async function postPosition(position: TrafficPost): Promise<void> {
  const { data } = await apiClient.post<TrafficIngestResult>('traffics/', position, { silent: true });
  if (data?.conformance !== undefined) setFlightConformance(data.conformance);
}
