import { booleanPointInPolygon, convertLength, degreesToRadians, distance, radiansToDegrees } from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import type { AlertType, TrafficSourceCode } from '../../../src/shared/contracts/alerts';
import type { IngestedPosition } from '../traffic/positions';

/** Vehicle types that are drones: what noMission, identifiers and missingIdentifiers look at (docs/alerts.md). */
export const DRONE_TYPES: ReadonlySet<string> = new Set(['drone', 'droneHexa', 'droneOcto', 'wing']);

/** Ground detection sensors (Aeroscope, ASD): a drone they see does not declare itself (docs/alerts.md). */
export const DETECTION_SOURCES: ReadonlySet<TrafficSourceCode> = new Set(['as', 'ad']);

/** Idents that stand for "no identifier" in detector and receiver feeds. */
const PLACEHOLDER_IDENTS = new Set(['unknown', 'none', 'null', 'n/a', 'na', 'undefined', 'noid']);

export function isMissingIdent(ident: string): boolean {
  const cleaned = ident.trim().toLowerCase();
  return cleaned === '' || PLACEHOLDER_IDENTS.has(cleaned) || /^[0:._-]+$/.test(cleaned);
}

export type Area = Polygon | MultiPolygon;
export type BBox = [number, number, number, number];

export function bboxOf(area: Area): BBox {
  const box: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  const polygons = area.type === 'Polygon' ? [area.coordinates] : area.coordinates;
  for (const polygon of polygons)
    for (const [lon, lat] of polygon[0] ?? []) {
      box[0] = Math.min(box[0], lon!);
      box[1] = Math.min(box[1], lat!);
      box[2] = Math.max(box[2], lon!);
      box[3] = Math.max(box[3], lat!);
    }
  return box;
}

const inBox = (box: BBox, lon: number, lat: number) => lon >= box[0] && lon <= box[2] && lat >= box[1] && lat <= box[3];

export const boxesOverlap = (a: BBox, b: BBox) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

export function inside(area: Area, box: BBox, lon: number, lat: number): boolean {
  return inBox(box, lon, lat) && booleanPointInPolygon([lon, lat], area);
}

type Vector = [number, number, number];
type Position = [number, number];

const toVector = ([lon, lat]: Position): Vector => {
  const latitude = degreesToRadians(lat);
  const longitude = degreesToRadians(lon);
  return [Math.cos(latitude) * Math.cos(longitude), Math.cos(latitude) * Math.sin(longitude), Math.sin(latitude)];
};
const dot = (a: Vector, b: Vector) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vector, b: Vector): Vector => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const isZero = (v: Vector) => v[0] === 0 && v[1] === 0 && v[2] === 0;
const normalize = (v: Vector): Vector => {
  const length = Math.sqrt(Math.pow(v[0], 2) + Math.pow(v[1], 2) + Math.pow(v[2], 2));
  return [v[0] / length, v[1] / length, v[2] / length];
};

/** What each segment of a ring gives whatever the point: its ends as unit vectors, the normal of its great circle. */
interface RingSegments {
  vectors: Vector[];
  axes: Vector[];
  axisUnits: Vector[];
}

/** Rings are the alerts' and missions' geometries, held as long as they are: their segments are computed once. */
const segmentsOfRing = new WeakMap<readonly Position[], RingSegments>();

function segmentsOf(ring: readonly Position[]): RingSegments {
  let segments = segmentsOfRing.get(ring);
  if (!segments) {
    const vectors = ring.map(toVector);
    const axes = vectors.slice(1).map((vb, i) => cross(vectors[i]!, vb));
    segments = { vectors, axes, axisUnits: axes.map(normalize) };
    segmentsOfRing.set(ring, segments);
  }
  return segments;
}

/**
 * The point of the great-circle segment i of the ring nearest to p (turf's nearestPointOnSegment, the same operations
 * on the same numbers: the segment's vectors come from `segmentsOf`).
 */
function nearestOnSegment(ring: readonly Position[], segments: RingSegments, i: number, p: Position, vp: Vector): Position {
  const a = ring[i]!;
  const b = ring[i + 1]!;
  if (b[0] === p[0] && b[1] === p[1]) return b;
  if (a[0] === p[0] && a[1] === p[1]) return a;
  const va = segments.vectors[i]!;
  const vb = segments.vectors[i + 1]!;
  const axis = segments.axes[i]!;
  if (isZero(axis)) return dot(va, vb) > 0 ? b : p;
  const target = cross(axis, vp);
  if (isZero(target)) return b;
  const i1 = normalize(cross(target, axis));
  const i2: Vector = [-i1[0], -i1[1], -i1[2]];
  const nearest = dot(vp, i1) > dot(vp, i2) ? i1 : i2;
  const axisUnit = segments.axisUnits[i]!;
  if (dot(cross(va, nearest), axisUnit) >= 0 && dot(cross(nearest, vb), axisUnit) >= 0) {
    return [radiansToDegrees(Math.atan2(nearest[1], nearest[0])), radiansToDegrees(Math.asin(Math.min(Math.max(nearest[2], -1), 1)))];
  }
  return dot(va, vp) > dot(vb, vp) ? a : b;
}

/** Metres from p to the nearest point of the ring's segments (turf's geodesic pointToLineDistance). */
function ringDistanceM(ring: readonly Position[], p: Position): number {
  const segments = segmentsOf(ring);
  const vp = toVector(p);
  let degrees = Infinity;
  for (let i = 0; i < ring.length - 1; i++) {
    const d = distance(p, nearestOnSegment(ring, segments, i, p, vp), { units: 'degrees' });
    if (d < degrees) degrees = d;
  }
  return convertLength(degrees, 'degrees', 'meters');
}

/** turf's pointToPolygonDistance of one polygon, in metres: negative inside. */
function polygonDistanceM(rings: readonly (readonly Position[])[], p: Position): number {
  if (rings.length > 1) {
    const [exterior, ...holes] = rings.map((ring) => polygonDistanceM([ring], p));
    if (exterior! >= 0) return exterior!;
    const smallestHole = Math.min(...holes);
    if (smallestHole < 0) return Math.abs(smallestHole);
    return Math.max(smallestHole * -1, exterior!);
  }
  const metres = ringDistanceM(rings[0]!, p);
  return booleanPointInPolygon(p, { type: 'Polygon', coordinates: rings as Position[][] }) ? -metres : metres;
}

/**
 * Metres from the point to the area's boundary: positive outside, negative inside. The same computation as turf's
 * pointToPolygonDistance (geodesic), without its GeoJSON features made for each segment: it was the checker's
 * largest cost, run for every position inside a doNotEnter alert (docs/performance.md).
 */
export function signedDistanceM(area: Area, lon: number, lat: number): number {
  const p: Position = [lon, lat];
  if (area.type === 'Polygon') return polygonDistanceM(area.coordinates as Position[][], p);
  const distances = area.coordinates.map((polygon) => Math.abs(polygonDistanceM(polygon as Position[][], p)));
  return Math.min(...distances) * (booleanPointInPolygon(p, area) ? -1 : 1);
}

export function horizontalDistanceM(a: { lon: number; lat: number }, b: { lon: number; lat: number }): number {
  return distance([a.lon, a.lat], [b.lon, b.lat], { units: 'meters' });
}

/** An alert as the checker holds it: geometry parsed once, bounding box for the spatial index. */
export interface CheckedAlert {
  id: string;
  name: string;
  type: AlertType;
  isDisplayed: boolean;
  showForUsersOnly: boolean;
  linkedUserIds: ReadonlySet<string>;
  lowerLimitM: number | null;
  upperLimitM: number | null;
  proximityHorizontalM: number | null;
  proximityVerticalM: number | null;
  proximitySources: ReadonlySet<TrafficSourceCode>;
  proximityTargetSources: ReadonlySet<TrafficSourceCode>;
  notifyEmail: boolean;
  notifySms: boolean;
  notifyPush: boolean;
  geometry: MultiPolygon;
  bbox: BBox;
}

/**
 * Inside the alert's band of heights. An unknown height is inside: a drone that does not report its height is
 * not let off a doNotEnter volume.
 */
export function withinBand(alert: Pick<CheckedAlert, 'lowerLimitM' | 'upperLimitM'>, heightM: number | null): boolean {
  if (heightM === null) return true;
  if (alert.lowerLimitM !== null && heightM < alert.lowerLimitM) return false;
  if (alert.upperLimitM !== null && heightM > alert.upperLimitM) return false;
  return true;
}

/** Metres outside the band (0 inside it or when the height is unknown). */
export function outsideBandM(alert: Pick<CheckedAlert, 'lowerLimitM' | 'upperLimitM'>, heightM: number | null): number {
  if (heightM === null) return 0;
  if (alert.lowerLimitM !== null && heightM < alert.lowerLimitM) return alert.lowerLimitM - heightM;
  if (alert.upperLimitM !== null && heightM > alert.upperLimitM) return heightM - alert.upperLimitM;
  return 0;
}

/** What a flying mission may do, from the mission and its accepted requests (docs/alerts.md, missionCompliance). */
export interface MissionEnvelope {
  id: string;
  title: string;
  userId: string;
  /** The accounts that took the mission off and have not landed: they fly it. */
  pilotUserIds: string[];
  /** The contingency distance (safety zones) tolerated beyond the areas, metres. */
  toleranceM: number;
  /** The mission's flight areas; null when it has none (then any position is outside). */
  area: Area | null;
  areaBox: BBox | null;
  /** Reduced areas granted as restrictions, each applying inside its airspace. */
  reducedAreas: { airspace: Area | null; area: Area }[];
  maxHeightM: number | null;
  /** Every slot the flight must be inside at once: the mission's own dates and each timeSlot restriction. */
  slots: { startAt: Date; endAt: Date }[];
  /** Accepted activations per request that asked for activations: at least one of each list must hold the time. */
  activations: { startAt: Date; endAt: Date }[][];
  /**
   * Managers of the airspaces of the accepted requests, with their airspace's violation channels: they hear of every
   * episode of the flight by those channels (docs/airspace-manager.md), not by the alert's.
   */
  managers: { id: string; channels: string[] }[];
}

/** The breach of a mission envelope, or null when the position complies. The value is metres, or 0 for a time breach. */
export function missionBreach(mission: MissionEnvelope, position: IngestedPosition): number | null {
  const { lon, lat } = position;
  let worst: number | null = null;
  const breach = (value: number) => {
    worst = Math.max(worst ?? 0, value);
  };
  if (!mission.area || !mission.areaBox) breach(0);
  else if (!inside(mission.area, mission.areaBox, lon, lat)) breach(signedDistanceM(mission.area, lon, lat));
  for (const reduced of mission.reducedAreas) {
    const concerned = !reduced.airspace || booleanPointInPolygon([lon, lat], reduced.airspace);
    if (concerned && !booleanPointInPolygon([lon, lat], reduced.area)) breach(Math.max(0, signedDistanceM(reduced.area, lon, lat)));
  }
  if (mission.maxHeightM !== null && position.heightM !== null && position.heightM > mission.maxHeightM) {
    breach(position.heightM - mission.maxHeightM);
  }
  const at = position.time.getTime();
  const within = (slot: { startAt: Date; endAt: Date }) => at >= slot.startAt.getTime() && at <= slot.endAt.getTime();
  if (!mission.slots.every(within)) breach(0);
  if (!mission.activations.every((slots) => slots.some(within))) breach(0);
  return worst;
}
