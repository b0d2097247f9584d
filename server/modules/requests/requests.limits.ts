import { area as turfArea, distance } from '@turf/turf';
import type { MissionAreas } from '../../../src/shared/contracts/missions';
import type { ErrorCode } from '../../../src/shared/errors';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Greatest distance between two vertices of the areas, in km (docs/requests.md "Maximum extent"). */
export function extentKm(areas: MissionAreas): number {
  const points = areas.coordinates.flatMap((polygon) => polygon[0] ?? []);
  let greatest = 0;
  for (let i = 0; i < points.length; i += 1)
    for (let j = i + 1; j < points.length; j += 1) greatest = Math.max(greatest, distance(points[i]!, points[j]!, { units: 'kilometers' }));
  return greatest;
}

/** Geodesic area of each polygon of the areas, km². */
export function polygonAreasKm2(areas: MissionAreas): number[] {
  return areas.coordinates.map((coordinates) => turfArea({ type: 'Polygon', coordinates }) / 1_000_000);
}

export interface AirspaceLimits {
  minNoticeDays: number | null;
  maxNoticeDays: number | null;
  maxDurationHours: number | null;
  maxPolygons: number | null;
  maxAreaKm2: number | null;
  maxAreaPerPolygonKm2: number | null;
  maxExtentKm: number | null;
}

export interface FiledMission {
  startAt: Date;
  endAt: Date;
  areas: MissionAreas;
  areaKm2: number;
  extentKm: number;
}

export interface LimitBreach {
  code: ErrorCode;
  limit: number;
  actual: number;
}

/**
 * The first limit of the airspace the mission breaks, or null. A value equal to its limit is allowed. Notice is the
 * time from submission to the mission's start, in days; duration from start to end, in hours.
 */
export function limitBreach(limits: AirspaceLimits, mission: FiledMission, submittedAt: Date): LimitBreach | null {
  const noticeDays = (mission.startAt.getTime() - submittedAt.getTime()) / DAY_MS;
  const durationHours = (mission.endAt.getTime() - mission.startAt.getTime()) / HOUR_MS;
  const polygonAreas = polygonAreasKm2(mission.areas);
  const checks: [ErrorCode, number | null, number, 'min' | 'max'][] = [
    ['REQUEST_NOTICE_TOO_SHORT', limits.minNoticeDays, noticeDays, 'min'],
    ['REQUEST_NOTICE_TOO_LONG', limits.maxNoticeDays, noticeDays, 'max'],
    ['REQUEST_DURATION_TOO_LONG', limits.maxDurationHours, durationHours, 'max'],
    ['REQUEST_TOO_MANY_POLYGONS', limits.maxPolygons, mission.areas.coordinates.length, 'max'],
    ['REQUEST_AREA_TOO_LARGE', limits.maxAreaKm2, mission.areaKm2, 'max'],
    ['REQUEST_POLYGON_TOO_LARGE', limits.maxAreaPerPolygonKm2, Math.max(0, ...polygonAreas), 'max'],
    ['REQUEST_EXTENT_TOO_LARGE', limits.maxExtentKm, mission.extentKm, 'max'],
  ];
  for (const [code, limit, actual, kind] of checks) {
    if (limit === null) continue;
    // Areas and distances go through the database as doubles: the last bits may differ from the limit drawn from them.
    const tolerance = Math.abs(limit) * 1e-9;
    if (kind === 'min' ? actual < limit - tolerance : actual > limit + tolerance) return { code, limit, actual };
  }
  return null;
}
