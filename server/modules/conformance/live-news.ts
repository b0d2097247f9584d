import { CONFORMANCE_KEYFRAME_MS, type FlightConformance } from '../../../src/shared/contracts/conformance';

/** A value in metres is told again once it moved by 10 m and by a quarter of the value told. */
const STEP_M = 10;
const STEP_SHARE = 0.25;

/**
 * Whether a value in metres (a violation's worst value, a flight's distance to its edge) moved far enough from the one
 * last told to be told again; from or to no value always counts.
 */
export function movedByAStep(told: number | null, next: number | null): boolean {
  if (told === null || next === null) return told !== next;
  return Math.abs(next - told) >= Math.max(STEP_M, STEP_SHARE * Math.abs(told));
}

const sameRules = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((rule, index) => b[index] === rule);

/**
 * Whether a flight's new conformance state is news to the live maps (docs/live-traffic.md "What a stream is told"):
 * its state, rules, mission, limits or slot changed, its distance to the edge moved by a step, or the state told is a
 * keyframe old. Each position of a steady flight is not.
 */
export function conformanceNews(told: FlightConformance | null, next: FlightConformance): boolean {
  if (!told) return true;
  return (
    told.state !== next.state ||
    !sameRules(told.violations, next.violations) ||
    !sameRules(told.warnings, next.warnings) ||
    told.missionId !== next.missionId ||
    told.userId !== next.userId ||
    told.toleranceM !== next.toleranceM ||
    told.maxHeightM !== next.maxHeightM ||
    told.slotEndsAt !== next.slotEndsAt ||
    movedByAStep(told.edgeDistanceM, next.edgeDistanceM) ||
    Date.parse(next.time) - Date.parse(told.time) >= CONFORMANCE_KEYFRAME_MS
  );
}
