import { booleanIntersects } from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';

/** What of the mission a restriction is checked against: the mission as filed. */
export interface RestrictedMission {
  startAt: string;
  endAt: string;
  maxHeightM: number | null;
  areas: MultiPolygon;
}

export type RestrictionProblem =
  'validation:restriction.heightNotBelow' | 'validation:restriction.slotOutside' | 'validation:restriction.areaApart';

type CheckedRestriction = { kind: string; maxHeightM?: number; startAt?: string; endAt?: string };

/**
 * Restrictions that cannot restrict this mission (docs/requests.md "Restrictions that make sense"): a height limit at
 * or above the mission's height, a time slot that does not meet the mission's time. Each comes with its index. A
 * reduced area apart from the mission's areas is the third case, asked of `reducedAreaApart` (the server asks its
 * geometry workers instead, areas being large).
 */
export function restrictionProblems(
  restrictions: readonly CheckedRestriction[],
  mission: RestrictedMission,
): { index: number; problem: RestrictionProblem }[] {
  const problems: { index: number; problem: RestrictionProblem }[] = [];
  restrictions.forEach((restriction, index) => {
    if (restriction.kind === 'maxHeight' && mission.maxHeightM !== null && (restriction.maxHeightM ?? 0) >= mission.maxHeightM)
      problems.push({ index, problem: 'validation:restriction.heightNotBelow' });
    if (
      restriction.kind === 'timeSlot' &&
      (Date.parse(restriction.endAt ?? '') <= Date.parse(mission.startAt) ||
        Date.parse(restriction.startAt ?? '') >= Date.parse(mission.endAt))
    )
      problems.push({ index, problem: 'validation:restriction.slotOutside' });
  });
  return problems;
}

/** A reduced area that shares no point with the mission's areas. */
export function reducedAreaApart(area: Polygon, missionAreas: MultiPolygon): boolean {
  return missionAreas.coordinates.length > 0 && !booleanIntersects(area, missionAreas);
}
