import type { ConformanceRule, ConformanceState } from '../../../src/shared/contracts/conformance';
import type { IngestedPosition } from '../traffic/positions';
import { signedDistanceM, inside, type MissionEnvelope } from './conformance.rules';
import { booleanPointInPolygon } from '@turf/turf';

/** How close to a limit a flight is warned (FLIGHT_WARNING_DISTANCE_M, _HEIGHT_M, _SECONDS). */
export interface WarningMargins {
  distanceM: number;
  heightM: number;
  timeMs: number;
}

/** A flying position against what its mission was granted (docs/alerts.md "Flight conformance"). */
export interface Assessment {
  state: ConformanceState;
  /** The rules broken, each with its value: metres beyond the limit, 0 for a time breach. */
  violations: Map<ConformanceRule, number>;
  warnings: Set<ConformanceRule>;
  /** Metres to the nearest allowed edge (contingency included), negative beyond it; null when the mission has no area. */
  edgeDistanceM: number | null;
  toleranceM: number;
  heightM: number | null;
  maxHeightM: number | null;
  slotEndsAt: Date | null;
}

type Slot = { startAt: Date; endAt: Date };

/** Metres to the nearest allowed edge: the mission's areas widened by the tolerance, and each reduced area that applies. */
function edgeDistance(mission: MissionEnvelope, lon: number, lat: number): number | null {
  if (!mission.area || !mission.areaBox) return null;
  const signed = inside(mission.area, mission.areaBox, lon, lat)
    ? signedDistanceM(mission.area, lon, lat)
    : Math.abs(signedDistanceM(mission.area, lon, lat));
  let edge = mission.toleranceM - signed;
  for (const reduced of mission.reducedAreas) {
    if (reduced.airspace && !booleanPointInPolygon([lon, lat], reduced.airspace)) continue;
    edge = Math.min(edge, -signedDistanceM(reduced.area, lon, lat));
  }
  return edge;
}

/** Whether the time is within the slots and held activations, and which of them ends first. */
function timeLeft(mission: MissionEnvelope, at: number) {
  const covers = (slot: Slot) => at >= slot.startAt.getTime() && at <= slot.endAt.getTime();
  let end = Infinity;
  let endsBy: 'slot' | 'activation' = 'slot';
  const within = mission.slots.every(covers);
  for (const slot of mission.slots) end = Math.min(end, slot.endAt.getTime());
  let held = true;
  for (const activations of mission.activations) {
    const holding = activations.filter(covers);
    if (holding.length === 0) held = false;
    const heldUntil = Math.max(...holding.map((slot) => slot.endAt.getTime()));
    if (holding.length > 0 && heldUntil < end) [end, endsBy] = [heldUntil, 'activation'];
  }
  return { within, held, endsBy, endsAt: Number.isFinite(end) ? new Date(end) : null };
}

/**
 * Checks one position of a flying mission: a rule broken is a violation, a limit within its margin a warning. A
 * position without height is not checked against the height limit (`heightM` null says so).
 */
export function assess(
  mission: MissionEnvelope,
  position: Pick<IngestedPosition, 'lat' | 'lon' | 'heightM' | 'time'>,
  margins: WarningMargins,
): Assessment {
  const violations = new Map<ConformanceRule, number>();
  const warnings = new Set<ConformanceRule>();
  const edge = edgeDistance(mission, position.lon, position.lat);
  if (edge !== null) {
    if (edge < 0) violations.set('area', -edge);
    else if (edge < margins.distanceM) warnings.add('area');
  }
  const { heightM } = position;
  const limit = mission.maxHeightM;
  if (limit !== null && heightM !== null) {
    if (heightM > limit) violations.set('height', heightM - limit);
    else if (heightM > limit - margins.heightM) warnings.add('height');
  }
  const at = position.time.getTime();
  const time = timeLeft(mission, at);
  if (!time.within) violations.set('slot', 0);
  if (!time.held) violations.set('activation', 0);
  if (time.within && time.held && time.endsAt && time.endsAt.getTime() - at < margins.timeMs) warnings.add(time.endsBy);
  const state: ConformanceState = violations.size > 0 ? 'violating' : warnings.size > 0 ? 'warning' : 'conforming';
  return {
    state,
    violations,
    warnings,
    edgeDistanceM: edge,
    toleranceM: mission.toleranceM,
    heightM,
    maxHeightM: limit,
    slotEndsAt: time.endsAt,
  };
}
