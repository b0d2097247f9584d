/** The live map's view of the own flight (docs/flight.md "Live map"): which alerts to ask for, when following moves the view. */
import type { Bounds } from '@/components/map/fit-bounds';
import { ALERTS_AROUND_MAX_SPAN_DEG } from '@/shared/contracts/alerts';
import type { Box } from '@/features/flights/api/get-surroundings';
import type { Bbox } from '@/features/live/live-state';

/** Alerts are asked for a viewport rounded outward to this step (degrees), so a small pan asks nothing new. */
const ALERTS_STEP_DEG = 0.05;
/** While following, the view moves only when the own position comes within this share of the view's edge. */
const FOLLOW_EDGE_SHARE = 0.2;

/** The viewport widened to the alerts' step; null when it is wider than the alerts' lookup allows. */
export function alertsBoxOf(viewport: Bbox | null): Box | null {
  if (!viewport) return null;
  const down = (value: number) => Math.floor(value / ALERTS_STEP_DEG) * ALERTS_STEP_DEG;
  const up = (value: number) => Math.ceil(value / ALERTS_STEP_DEG) * ALERTS_STEP_DEG;
  const round = (value: number) => Math.round(value * 100) / 100;
  const box = [round(down(viewport[0])), round(down(viewport[1])), round(up(viewport[2])), round(up(viewport[3]))] as const;
  return box[2] - box[0] > ALERTS_AROUND_MAX_SPAN_DEG || box[3] - box[1] > ALERTS_AROUND_MAX_SPAN_DEG ? null : box;
}

/** Whether the point lies within the view but nearer its edge than the share of its width or height (or outside it). */
export function nearEdge(view: Bounds, point: { lat: number; lon: number }, share = FOLLOW_EDGE_SHARE): boolean {
  const [west, south, east, north] = view;
  const dx = (east - west) * share;
  const dy = (north - south) * share;
  return point.lon < west + dx || point.lon > east - dx || point.lat < south + dy || point.lat > north - dy;
}
