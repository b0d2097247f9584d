import { performance } from 'node:perf_hooks';
import path from 'node:path';
import {
  DATASET_NAME_MAX_LENGTH,
  type ZoneExportQuery,
  type ZoneFeatureCollection,
  type ZoneImportResult,
  type ZoneIntersectBody,
  type ZoneIntersectResult,
} from '../../src/shared/contracts/zones';
import {
  GeozoneFileError,
  parseGeozoneFile,
  toEd269,
  toEd318,
  ZoneIndex,
  type Ed269Document,
  type Ed318Document,
  type ZoneMatch,
} from '../../src/shared/geozones';
import type { Language } from '../../src/shared/domain/enums';
import type { FlightDay, FlightWindow } from '../../src/shared/geozones/applicability';
import { bboxOf, type BBox } from '../../src/shared/geozones/geometry';
import type { AreaGeometry, Zone } from '../../src/shared/geozones/zone';
import { AppError } from '../lib/app-error';
import { prepareGeozoneFacts } from '../modules/regulation/regulation.mapper';
import type { Clock } from '../lib/clock';
import type { GeometryPool } from '../lib/geometry-pool';
import type { Logger } from '../lib/logger';
import { creditOf } from './shipped-datasets';
import { toImportResult, toVolumeFeatures, toZoneIntersection, type ZoneMeta } from './zones.mapper';
import { TEMPORARY_RESTRICTIONS_DATASET, type ZonesRepository, type ZoneToStore } from './zones.repository';

/** What the in-memory index was built from: one revision of the store. */
interface Snapshot {
  revision: number;
  index: ZoneIndex;
  meta: Map<Zone, ZoneMeta>;
  /** The countries (ISO 3166-1 alpha-3) the stored zones belong to. */
  countries: ReadonlySet<string>;
}

export interface ZonesServiceOptions {
  repository: ZonesRepository;
  clock: Clock;
  logger?: Logger;
  /**
   * How long a query trusts the in-memory index before asking the store whether another instance imported since
   * (one indexed single-row read). 0 checks at every query.
   */
  revisionCheckIntervalMs?: number;
  /** Where the costly polygon tests of mission queries run; inline (on the calling thread) without one. */
  geometry?: Pick<GeometryPool, 'intersectsEach'>;
}

export interface ImportOptions {
  /** The dataset name; a dataset already stored under it is replaced. */
  dataset?: string;
  /** The uploaded file's name: the dataset name when none is given. */
  fileName?: string;
  importedById?: string;
}

export const DEFAULT_REVISION_CHECK_INTERVAL_MS = 5_000;

/**
 * The geozone store: imports files, and answers map, export and mission questions from ONE in-memory ZoneIndex
 * built from the database. The index is rebuilt after each import here, and on the next query on any other
 * instance once it sees the store revision move (see docs/geozones.md, "Storage").
 */
export function createZonesService(options: ZonesServiceOptions) {
  const { repository, clock, logger } = options;
  const checkIntervalMs = options.revisionCheckIntervalMs ?? DEFAULT_REVISION_CHECK_INTERVAL_MS;
  let snapshot: Snapshot | undefined;
  let loading: Promise<Snapshot> | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;

  async function build(): Promise<Snapshot> {
    const started = performance.now();
    const { revision, zones } = await repository.loadAll();
    const loaded = performance.now();
    const meta = new Map<Zone, ZoneMeta>();
    for (const stored of zones) meta.set(stored.zone, { id: stored.id, dataset: stored.dataset });
    const index = new ZoneIndex(zones.map((stored) => stored.zone));
    const indexed = performance.now();
    prepareGeozoneFacts(index.zones);
    logger?.info(
      {
        revision,
        zones: zones.length,
        volumes: index.volumeCount,
        loadMs: Math.round(loaded - started),
        indexMs: Math.round(indexed - loaded),
        factsMs: Math.round(performance.now() - indexed),
      },
      'geozone index built',
    );
    return { revision, index, meta, countries: new Set(zones.map((stored) => stored.zone.country)) };
  }

  /** One load at a time; callers arriving meanwhile share it. */
  function reload(): Promise<Snapshot> {
    loading ??= build()
      .then((built) => {
        if (!snapshot || built.revision >= snapshot.revision) snapshot = built;
        checkedAt = performance.now();
        return snapshot;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  }

  /** The index, rebuilt first when the store has moved on since it was built (another instance imported). */
  async function current(): Promise<Snapshot> {
    if (loading) return loading;
    if (!snapshot) return reload();
    if (performance.now() - checkedAt < checkIntervalMs) return snapshot;
    checkedAt = performance.now();
    const revision = await repository.revision();
    return revision === snapshot.revision ? snapshot : reload();
  }

  /** Waits until the index holds at least `revision` (a load started before an import committed is too old). */
  async function catchUp(revision: number): Promise<void> {
    while (!snapshot || snapshot.revision < revision) {
      if (loading) await loading.catch(() => undefined);
      if (snapshot && snapshot.revision >= revision) return;
      await reload();
    }
  }

  function query(built: Snapshot, area: AreaGeometry, maxHeightM: number, at: Date | FlightWindow | FlightDay): Promise<ZoneMatch[]> {
    const geometry = options.geometry;
    if (!geometry) return Promise.resolve(built.index.query(area, { maxHeightM, at }));
    return built.index.queryWith(area, { maxHeightM, at }, (missionArea, geometries) => geometry.intersectsEach(missionArea, geometries));
  }

  async function intersectingMatches(built: Snapshot, area: AreaGeometry, maxHeightM: number, at: Date) {
    return (await query(built, area, maxHeightM, at)).map((match) => ({ match, meta: metaOf(built, match) }));
  }

  function attributions(datasets: Iterable<string>, language: Language = 'en'): string[] {
    const credits = new Set<string>();
    for (const dataset of datasets) {
      const credit = creditOf(dataset, language);
      if (credit) credits.add(credit);
    }
    return [...credits].sort();
  }

  return {
    /** Builds the index now (server start) rather than on the first query; answers its size. */
    async load() {
      const built = await reload();
      return { revision: built.revision, zones: built.index.zones.length, volumes: built.index.volumeCount };
    },

    /**
     * Reads a geozone file and stores its valid zones as the dataset, replacing a dataset of the same name.
     * Zones that fail are left out and listed; a file of which no zone is valid changes nothing.
     */
    async importFile(text: string, importOptions: ImportOptions = {}): Promise<ZoneImportResult> {
      let parsed;
      try {
        parsed = parseGeozoneFile(text);
      } catch (error) {
        if (!(error instanceof GeozoneFileError)) throw error;
        throw error.code === 'INVALID_JSON'
          ? new AppError('GEOZONE_INVALID_JSON', error.message)
          : new AppError('GEOZONE_UNKNOWN_FORMAT', error.message);
      }
      if (parsed.zones.length === 0 && parsed.errors.length > 0) {
        // Replacing a dataset by nothing because its producer broke every zone would silently drop prohibited zones.
        throw new AppError('GEOZONE_NO_VALID_ZONE', 'No zone of the file is valid: nothing was imported', {
          fields: Object.fromEntries(parsed.errors.map((rejection) => [`zones.${rejection.index}`, [rejection.reason]])),
        });
      }
      const dataset = datasetName(importOptions, parsed.format, parsed.zones);
      if (dataset === TEMPORARY_RESTRICTIONS_DATASET)
        throw new AppError('GEOZONE_DATASET_RESERVED', `The dataset name ${dataset} is reserved for temporary restrictions`);
      const zones: ZoneToStore[] = parsed.zones.map((zone) => ({ zone, bbox: zoneBbox(zone) }));
      const revision = await repository.replaceDataset({
        name: dataset,
        format: parsed.format,
        zones,
        rejectedCount: parsed.errors.length,
        importedById: importOptions.importedById,
      });
      // An index nobody has asked for yet (the seed's, a CLI's) is built by its first query, not after every file.
      if (snapshot || loading) await catchUp(revision);
      return toImportResult(dataset, parsed);
    },

    /** The zones with a volume in a map view, one GeoJSON feature per volume in view; the credits in `language`. */
    async zonesInView(view: BBox, language: Language = 'en'): Promise<ZoneFeatureCollection> {
      const built = await current();
      const zones = built.index.bbox(...view);
      const features = zones.flatMap((zone) => toVolumeFeatures(zone, metaOf(built, zone), view));
      return {
        type: 'FeatureCollection',
        features,
        attributions: attributions(
          zones.map((zone) => metaOf(built, zone).dataset),
          language,
        ),
      };
    },

    /** The stored zones (optionally of one dataset or country) as an ED-269 or ED-318 document. */
    async exportZones(query: ZoneExportQuery): Promise<Ed269Document | Ed318Document> {
      const built = await current();
      const zones = built.index.zones.filter((zone) => {
        const meta = metaOf(built, zone);
        return (
          (query.dataset === undefined || meta.dataset === query.dataset) && (query.country === undefined || zone.country === query.country)
        );
      });
      if (query.dataset !== undefined && zones.length === 0 && !(await repository.datasetNames()).has(query.dataset)) {
        throw new AppError('NOT_FOUND', `No geozone dataset named ${query.dataset}`);
      }
      const datasets = [...new Set(zones.map((zone) => metaOf(built, zone).dataset))].sort();
      const credits = attributions(datasets);
      const description = [`Exported by Aerogate from: ${datasets.join(', ') || 'no dataset'}.`, ...credits].join(' ');
      if (query.format === 'ed269') return toEd269(zones, { title: 'Aerogate geozones', description });
      return toEd318(zones, {
        name: 'Aerogate geozones',
        issued: clock.now(),
        metadata: { provider: [{ text: 'Aerogate', lang: 'en' }], description: [{ text: description, lang: 'en' }] },
      });
    },

    /** The zones a mission touches (GZ-01…GZ-04), most restrictive first; the credits in `language`. */
    async intersect(request: ZoneIntersectBody, language: Language = 'en'): Promise<ZoneIntersectResult> {
      const built = await current();
      const found = await intersectingMatches(built, request.area, request.maxHeightM, new Date(request.startAt));
      return {
        zones: found.map(({ match, meta }) => toZoneIntersection(match, meta)),
        attributions: attributions(
          found.map(({ meta }) => meta.dataset),
          language,
        ),
      };
    },

    /** Waits until the index holds `revision`, a change of the store written elsewhere (a temporary restriction). */
    async catchUp(revision: number) {
      await catchUp(revision);
    },

    /** The countries (ISO 3166-1 alpha-3) the store holds zones of: a mission elsewhere was checked against none. */
    async countries(): Promise<ReadonlySet<string>> {
      return (await current()).countries;
    },

    /** The same matches as `intersect`, for the classification; for a window or a day, the zones active at some time of it. */
    async matches(area: AreaGeometry, maxHeightM: number, at: Date | FlightWindow | FlightDay): Promise<ZoneMatch[]> {
      const built = await current();
      return query(built, area, maxHeightM, at);
    },
  };
}

export type ZonesService = ReturnType<typeof createZonesService>;

function metaOf(built: Snapshot, zoneOrMatch: Zone | ZoneMatch): ZoneMeta {
  const zone = 'zone' in zoneOrMatch ? zoneOrMatch.zone : zoneOrMatch;
  const meta = built.meta.get(zone);
  if (!meta) throw new Error('a zone of the index has no stored row');
  return meta;
}

function zoneBbox(zone: Zone): BBox {
  const box: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const volume of zone.volumes) {
    const [minLon, minLat, maxLon, maxLat] = bboxOf(volume.geometry);
    box[0] = Math.min(box[0], minLon);
    box[1] = Math.min(box[1], minLat);
    box[2] = Math.max(box[2], maxLon);
    box[3] = Math.max(box[3], maxLat);
  }
  return box;
}

/** The name given, else the uploaded file's name without extension, else the format and the countries of the zones. */
function datasetName(options: ImportOptions, format: string, zones: readonly Zone[]): string {
  const given = options.dataset?.trim();
  if (given) return given.slice(0, DATASET_NAME_MAX_LENGTH);
  const fromFile = options.fileName
    ? path
        .basename(options.fileName)
        .replace(/\.(geo)?json$/i, '')
        .trim()
    : '';
  if (fromFile) return fromFile.slice(0, DATASET_NAME_MAX_LENGTH);
  const countries = [...new Set(zones.map((zone) => zone.country))].sort();
  return [format, ...countries].join(' ').slice(0, DATASET_NAME_MAX_LENGTH);
}
