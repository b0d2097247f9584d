import { bbox, feature, featureCollection, intersect } from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import type { MissionSnapshot, Restriction } from '../contracts/requests';

/**
 * Strategic deconfliction (docs/airspace-manager.md): a request's 4D volume is the space and time it was granted (or
 * asked, while undecided): its areas, or the reduced areas of its decision; its height band, from its lowest height (the
 * ground when not given) to its maximum lowered by `maxHeight` restrictions; its window narrowed by a `timeSlot`.
 */
export interface Volume4D {
  areas: MultiPolygon;
  minHeightM: number;
  /** Null: no ceiling was given. */
  maxHeightM: number | null;
  startAt: number;
  endAt: number;
}

/** Where and when two volumes meet: the shared area, height band and window. */
export interface VolumeOverlap {
  areas: MultiPolygon;
  minHeightM: number;
  maxHeightM: number | null;
  startAt: number;
  endAt: number;
}

type VolumeSource = Pick<MissionSnapshot, 'areas' | 'minHeightM' | 'maxHeightM' | 'startAt' | 'endAt'>;

/** The volume a request holds: the snapshot as filed, narrowed by the restrictions of its decision. */
export function grantedVolume(snapshot: VolumeSource, restrictions: readonly Restriction[]): Volume4D {
  let maxHeightM = snapshot.maxHeightM;
  let startAt = Date.parse(snapshot.startAt);
  let endAt = Date.parse(snapshot.endAt);
  const reduced: Polygon['coordinates'][] = [];
  for (const restriction of restrictions) {
    if (restriction.kind === 'maxHeight') maxHeightM = Math.min(maxHeightM ?? Infinity, restriction.maxHeightM);
    else if (restriction.kind === 'timeSlot') {
      startAt = Math.max(startAt, Date.parse(restriction.startAt));
      endAt = Math.min(endAt, Date.parse(restriction.endAt));
    } else if (restriction.kind === 'reducedArea') reduced.push((restriction.area as Polygon).coordinates);
  }
  return {
    areas: reduced.length > 0 ? { type: 'MultiPolygon', coordinates: reduced } : (snapshot.areas as MultiPolygon),
    minHeightM: snapshot.minHeightM ?? 0,
    maxHeightM,
    startAt,
    endAt,
  };
}

/** The volume's bounding box [west, south, east, north]: what the database's index is asked with. */
export const volumeBox = (volume: Volume4D) => bbox(volume.areas) as [number, number, number, number];

const boxesMeet = (a: number[], b: number[]) => a[0]! <= b[2]! && b[0]! <= a[2]! && a[1]! <= b[3]! && b[1]! <= a[3]!;

/**
 * Where two volumes overlap, or null. Windows and height bands must share an interval of some length (a mission ending
 * when the other starts, or flying up to the height where the other begins, leaves them apart); areas must share a
 * surface, not only an edge.
 */
export function volumeOverlap(a: Volume4D, b: Volume4D): VolumeOverlap | null {
  const startAt = Math.max(a.startAt, b.startAt);
  const endAt = Math.min(a.endAt, b.endAt);
  if (startAt >= endAt) return null;
  const minHeightM = Math.max(a.minHeightM, b.minHeightM);
  const maxHeightM = a.maxHeightM === null ? b.maxHeightM : b.maxHeightM === null ? a.maxHeightM : Math.min(a.maxHeightM, b.maxHeightM);
  if (maxHeightM !== null && minHeightM >= maxHeightM) return null;
  if (!boxesMeet(volumeBox(a), volumeBox(b))) return null;
  const shared = intersect(featureCollection([feature(a.areas), feature(b.areas)]));
  if (!shared) return null;
  const areas: MultiPolygon =
    shared.geometry.type === 'Polygon' ? { type: 'MultiPolygon', coordinates: [shared.geometry.coordinates] } : shared.geometry;
  return { areas, minHeightM, maxHeightM, startAt, endAt };
}
