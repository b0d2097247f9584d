import { booleanPointInPolygon, distance, pointToPolygonDistance } from '@turf/turf';
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

/** Metres from the point to the area's boundary: positive outside, negative inside. */
export function signedDistanceM(area: Area, lon: number, lat: number): number {
  return pointToPolygonDistance([lon, lat], area, { units: 'meters' });
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
  userId: string;
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
  /** Managers of the airspaces of the accepted requests: they hear of their airspace's breaches. */
  managerIds: string[];
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
