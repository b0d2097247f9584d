import { booleanIntersects, bboxPolygon } from '@turf/turf';
import Flatbush from 'flatbush';
import { isActiveFor, type FlightDay, type FlightWindow } from './applicability';
import { areaIntersectsCircle, areasIntersect, bboxesOverlap, bboxOf, type BBox } from './geometry';
import { compareVolumeRestrictiveness, overlapsFlightBand } from './vertical';
import { RESTRICTION_RANK, type AreaGeometry, type Restriction, type Zone, type ZoneVolume } from './zone';

export interface ZoneMatch {
  zone: Zone;
  /** The most restrictive volume of the zone that applies to the mission (GZ-04). */
  volume: ZoneVolume;
  volumeIndex: number;
  restriction: Restriction;
}

export interface MissionQuery {
  /** The flight's height cap: the mission occupies [0, maxHeightM] above ground level. */
  maxHeightM: number;
  /**
   * The instant of the flight, its window from start to end, or its UTC day when the time is not known (a zone active
   * at some time of the window or the day applies).
   */
  at: Date | FlightWindow | FlightDay;
}

interface IndexedVolume {
  zoneIndex: number;
  volumeIndex: number;
  bbox: BBox;
}

/**
 * The geozones of a country, indexed once (at server start or after an import) and then queried per mission.
 * Items are volumes, not zones: a zone's volumes can lie far apart (FR multi-volume zones) and a zone-wide box
 * would let through candidates that no volume touches. The index is a static packed Hilbert R-tree (flatbush):
 * built in one pass, read-only afterwards, as the zone set only changes by re-import.
 */
export class ZoneIndex {
  readonly zones: readonly Zone[];
  private readonly volumes: IndexedVolume[];
  private readonly tree: Flatbush | undefined;
  /** Each zone's place in the order of the answers (most restrictive first, then by identifier), sorted once here. */
  private readonly answerRank: Int32Array;

  constructor(zones: readonly Zone[]) {
    this.zones = zones;
    const byIdentifier = new Intl.Collator().compare;
    const order = zones
      .map((_, zoneIndex) => zoneIndex)
      .sort((a, b) => {
        const zoneA = zones[a] as Zone;
        const zoneB = zones[b] as Zone;
        return (
          RESTRICTION_RANK[zoneA.restriction] - RESTRICTION_RANK[zoneB.restriction] ||
          byIdentifier(zoneA.identifier, zoneB.identifier) ||
          a - b
        );
      });
    this.answerRank = new Int32Array(zones.length);
    for (const [rank, zoneIndex] of order.entries()) this.answerRank[zoneIndex] = rank;
    this.volumes = zones.flatMap((zone, zoneIndex) =>
      zone.volumes.map((volume, volumeIndex) => ({ zoneIndex, volumeIndex, bbox: bboxOf(volume.geometry) })),
    );
    // Flatbush cannot hold zero items; an empty zone set simply answers nothing.
    if (this.volumes.length === 0) {
      this.tree = undefined;
      return;
    }
    const tree = new Flatbush(this.volumes.length);
    for (const { bbox } of this.volumes) tree.add(bbox[0], bbox[1], bbox[2], bbox[3]);
    tree.finish();
    this.tree = tree;
  }

  get volumeCount(): number {
    return this.volumes.length;
  }

  /**
   * The zones that apply to a mission (GZ-01): the area touches a volume horizontally (a circle by geodesic
   * distance), the flight band [0, maxHeightM] AGL strictly overlaps the volume (GZ-02; AMSL limits count as
   * overlapping, see vertical.ts) and the zone is active at `at` (GZ-05). One answer per zone with its most
   * restrictive applicable volume (GZ-04), most restrictive zones first.
   */
  query(missionArea: AreaGeometry, options: MissionQuery): ZoneMatch[] {
    if (!this.tree) return [];
    const [minLon, minLat, maxLon, maxLat] = bboxOf(missionArea);
    return this.evaluate(missionArea, options, this.tree.search(minLon, minLat, maxLon, maxLat));
  }

  /**
   * The same answer as `query`, with the polygon tests handed to `intersectsEach` all at once (the server runs them
   * on a worker thread when they are costly). Circles keep their cheap geodesic test here.
   */
  async queryWith(
    missionArea: AreaGeometry,
    options: MissionQuery,
    intersectsEach: (area: AreaGeometry, geometries: AreaGeometry[]) => Promise<boolean[]>,
  ): Promise<ZoneMatch[]> {
    if (!this.tree) return [];
    const missionBox = bboxOf(missionArea);
    const items = this.tree.search(missionBox[0], missionBox[1], missionBox[2], missionBox[3]);
    const polygons = items.filter((item) => {
      const { zoneIndex, volumeIndex, bbox } = this.volumes[item] as IndexedVolume;
      const zone = this.zoneAt(zoneIndex);
      const volume = zone.volumes[volumeIndex] as ZoneVolume;
      return (
        !volume.circle && bboxesOverlap(missionBox, bbox) && overlapsFlightBand(volume, options.maxHeightM) && isActiveFor(zone, options.at)
      );
    });
    const geometryOf = (item: number) => {
      const { zoneIndex, volumeIndex } = this.volumes[item] as IndexedVolume;
      return (this.zoneAt(zoneIndex).volumes[volumeIndex] as ZoneVolume).geometry;
    };
    const touched = await intersectsEach(missionArea, polygons.map(geometryOf));
    const touching = new Set(polygons.filter((_, index) => touched[index]));
    return this.evaluate(missionArea, options, items, (item, volume) =>
      volume.circle ? areaIntersectsCircle(missionArea, volume.circle) : touching.has(item),
    );
  }

  /** The same answer as `query`, by testing every volume: the reference the index is checked and benchmarked against. */
  scan(missionArea: AreaGeometry, options: MissionQuery): ZoneMatch[] {
    return this.evaluate(
      missionArea,
      options,
      this.volumes.map((_, item) => item),
    );
  }

  /** The zones with a volume in view, for the map: no time or height filter. */
  bbox(minLon: number, minLat: number, maxLon: number, maxLat: number): Zone[] {
    if (!this.tree) return [];
    const view: BBox = [minLon, minLat, maxLon, maxLat];
    const viewPolygon = bboxPolygon(view).geometry;
    const found = new Set<number>();
    for (const item of this.tree.search(minLon, minLat, maxLon, maxLat)) {
      const { zoneIndex, volumeIndex, bbox } = this.volumes[item] as IndexedVolume;
      if (found.has(zoneIndex)) continue;
      const volume = this.zoneAt(zoneIndex).volumes[volumeIndex] as ZoneVolume;
      // A volume whose box lies inside the view is in view; only those crossing its edge need the exact test.
      const inside = bbox[0] >= minLon && bbox[2] <= maxLon && bbox[1] >= minLat && bbox[3] <= maxLat;
      if (inside || booleanIntersects(viewPolygon, volume.geometry)) found.add(zoneIndex);
    }
    return [...found].sort((a, b) => a - b).map((zoneIndex) => this.zoneAt(zoneIndex));
  }

  private zoneAt(zoneIndex: number): Zone {
    return this.zones[zoneIndex] as Zone;
  }

  private evaluate(
    missionArea: AreaGeometry,
    { maxHeightM, at }: MissionQuery,
    items: readonly number[],
    touchesItem?: (item: number, volume: ZoneVolume) => boolean,
  ): ZoneMatch[] {
    if (!Number.isFinite(maxHeightM) || maxHeightM < 0) throw new RangeError(`maxHeightM must be a height in metres, got ${maxHeightM}`);
    const instant = at instanceof Date ? at : 'dayISO' in at ? new Date(`${at.dayISO}T00:00:00Z`) : at.startAt;
    if (Number.isNaN(instant.getTime())) throw new RangeError('at must be a valid date');
    const missionBox = bboxOf(missionArea);
    if (!missionBox.every(Number.isFinite)) throw new RangeError('the mission area has no valid coordinates');
    const activeByZone = new Map<number, boolean>();
    const bestByZone = new Map<number, { volume: ZoneVolume; volumeIndex: number }>();
    for (const item of items) {
      const { zoneIndex, volumeIndex, bbox } = this.volumes[item] as IndexedVolume;
      const zone = this.zoneAt(zoneIndex);
      const volume = zone.volumes[volumeIndex] as ZoneVolume;
      let active = activeByZone.get(zoneIndex);
      if (active === undefined) {
        active = isActiveFor(zone, at);
        activeByZone.set(zoneIndex, active);
      }
      if (!active || !overlapsFlightBand(volume, maxHeightM)) continue;
      const best = bestByZone.get(zoneIndex);
      // The geometric test is the costly one: skip it when a volume already found wins anyway. Ties go to the
      // lower volume index, so that the answer does not depend on the order the R-tree returns candidates in.
      if (best) {
        const order = compareVolumeRestrictiveness(best.volume, volume);
        if (order < 0 || (order === 0 && best.volumeIndex < volumeIndex)) continue;
      }
      if (!(touchesItem ? touchesItem(item, volume) : touches(missionArea, missionBox, volume, bbox))) continue;
      bestByZone.set(zoneIndex, { volume, volumeIndex });
    }
    const answerRank = this.answerRank;
    return [...bestByZone.keys()]
      .sort((a, b) => (answerRank[a] as number) - (answerRank[b] as number))
      .map((zoneIndex) => {
        const zone = this.zoneAt(zoneIndex);
        const { volume, volumeIndex } = bestByZone.get(zoneIndex) as { volume: ZoneVolume; volumeIndex: number };
        return { zone, volume, volumeIndex, restriction: zone.restriction };
      });
  }
}

function touches(missionArea: AreaGeometry, missionBox: BBox, volume: ZoneVolume, volumeBox: BBox): boolean {
  if (volume.circle) return areaIntersectsCircle(missionArea, volume.circle);
  // Cheap rejection for the scan (the box computed when the index was built); under the index every candidate passes it.
  if (!bboxesOverlap(missionBox, volumeBox)) return false;
  return areasIntersect(missionArea, missionBox, volume.geometry, volumeBox);
}
