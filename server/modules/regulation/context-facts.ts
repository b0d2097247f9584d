import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { bbox, pointToPolygonDistance } from '@turf/turf';
import type { Feature, FeatureCollection, LineString, MultiLineString, MultiPolygon, Polygon } from 'geojson';
import type { GeometryPool } from '../../lib/geometry-pool';
import type { ContextMarker } from '../../../src/shared/contracts/missions';
import { bboxOf, bboxesOverlap, type BBox } from '../../../src/shared/geozones/geometry';
import type { AreaGeometry, Position } from '../../../src/shared/geozones/zone';

const CONTEXT_DIR = new URL('../../../data-seed/context/', import.meta.url);

/** The box the shipped Île-de-France layers cover (data-seed/context, shared/data/README.md "Context layers"). */
export const CONTEXT_LAYERS_BOX: BBox = [1.4, 48.1, 3.6, 49.3];

/** OSM protected-area categories that protect species (nature reserves, national parks), not regional parks. */
const SPECIES_PROTECTION_CATEGORIES: ReadonlySet<string> = new Set(['NSG', 'NP']);

/** Roads and rail farther than this need no exact distance: the [SPEC] rule is about 30 m. */
const ROAD_SEARCH_DEG = 0.01;

/** The UAS.OPEN.010(2) rule only concerns obstacles within 50 m of the flight. */
const OBSTACLE_SEARCH_M = 50;

type Lines = Feature<LineString | MultiLineString>;
type Areas = Feature<Polygon | MultiPolygon>;

export interface ContextLayers {
  roadsAndRail(): Promise<readonly Lines[]>;
  protectedAreas(): Promise<readonly Areas[]>;
}

/** The shipped layers, read once per process. */
export function createShippedContextLayers(): ContextLayers {
  const cache = new Map<string, Promise<FeatureCollection>>();
  const read = (name: string) => {
    let layer = cache.get(name);
    if (!layer) {
      layer = readFile(fileURLToPath(new URL(`idf-${name}.geojson`, CONTEXT_DIR)), 'utf8').then(
        (text) => JSON.parse(text) as FeatureCollection,
      );
      cache.set(name, layer);
    }
    return layer;
  };
  return {
    async roadsAndRail() {
      const [rail, motorways] = await Promise.all([read('rail'), read('motorways')]);
      return [...rail.features, ...motorways.features] as Lines[];
    },
    async protectedAreas() {
      return (await read('protected')).features as Areas[];
    },
  };
}

function within(box: BBox, outer: BBox): boolean {
  return box[0] >= outer[0] && box[1] >= outer[1] && box[2] <= outer[2] && box[3] <= outer[3];
}

/** Metres per degree of latitude on the mean Earth sphere. */
const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;

type Point = readonly [number, number];

/**
 * Positions in metres on a plane tangent at `origin` (equirectangular): over the few kilometres the 30 m rule looks at,
 * it departs from the great-circle distance by far less than a metre, and costs a few operations per pair.
 */
function planar(origin: readonly number[]): (position: readonly number[]) => Point {
  const xScale = METRES_PER_DEGREE * Math.cos(((origin[1] ?? 0) * Math.PI) / 180);
  const [lon0 = 0, lat0 = 0] = origin;
  return ([lon = 0, lat = 0]) => [(lon - lon0) * xScale, (lat - lat0) * METRES_PER_DEGREE];
}

function pointToSegment(p: Point, a: Point, b: Point): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSquared));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/** The least distance from any of `points` to any segment of the `paths`. */
function pointsToPaths(points: readonly Point[], paths: readonly (readonly Point[])[]): number {
  let least = Number.POSITIVE_INFINITY;
  for (const p of points)
    for (const path of paths) for (let i = 1; i < path.length; i += 1) least = Math.min(least, pointToSegment(p, path[i - 1]!, path[i]!));
  return least;
}

function rings(area: AreaGeometry): Position[][] {
  return area.type === 'Polygon' ? area.coordinates : area.coordinates.flat();
}

function linePaths(line: Lines): (readonly number[])[][] {
  return line.geometry.type === 'LineString' ? [line.geometry.coordinates] : line.geometry.coordinates;
}

/** Above this many area vertices the distance is taken from an even sample of them (a bounded cost per save). */
const DISTANCE_SAMPLE_MAX = 400;

/**
 * Every k-th vertex of each ring of the area and the longest stretch of boundary between two of them (m): a boundary
 * point is never farther than half that stretch from a sampled vertex, so the sampled distance less that half is a
 * lower bound. Below the limit, every ring whole (no slack).
 */
function sampledRings(area: AreaGeometry, toPlane: (position: readonly number[]) => Point): { paths: Point[][]; slackM: number } {
  const all = rings(area).map((ring) => ring.map(toPlane));
  const count = all.reduce((sum, ring) => sum + ring.length, 0);
  if (count <= DISTANCE_SAMPLE_MAX) return { paths: all, slackM: 0 };
  const step = Math.ceil(count / DISTANCE_SAMPLE_MAX);
  let longest = 0;
  const paths = all.map((ring) => {
    const kept: Point[] = [];
    let stretch = 0;
    ring.forEach((point, i) => {
      if (i > 0) stretch += Math.hypot(point[0] - ring[i - 1]![0], point[1] - ring[i - 1]![1]);
      if (i % step === 0 || i === ring.length - 1) {
        kept.push(point);
        longest = Math.max(longest, stretch);
        stretch = 0;
      }
    });
    return kept;
  });
  return { paths, slackM: longest / 2 };
}

/**
 * Metres between the area and lines it does not meet: the closest vertex of either to the other's segments. On a
 * sampled area, every boundary point lies within the slack of a sampled vertex, so the sampled distance less the slack
 * is a lower bound that keeps the rule on the safe side.
 */
export function distanceToLinesM(area: AreaGeometry, lines: readonly Lines[]): number {
  if (lines.length === 0) return Number.POSITIVE_INFINITY;
  const toPlane = planar(rings(area)[0]?.[0] ?? [0, 0]);
  const { paths: areaPaths, slackM } = sampledRings(area, toPlane);
  const paths = lines.flatMap(linePaths).map((path) => path.map(toPlane));
  const fromArea = pointsToPaths(areaPaths.flat(), paths);
  const fromLine = pointsToPaths(paths.flat(), areaPaths);
  return Math.max(0, Math.min(fromArea, fromLine) - slackM);
}

export interface ContextFacts {
  /** Distance to the nearest main railway, motorway or trunk road (m); absent outside the layers' box. */
  distanceToRoadM?: number;
  /** Whether the area meets a nature reserve or national park; absent outside the layers' box. */
  inProtectedSpeciesZone?: boolean;
}

/**
 * The facts the shipped context layers give for an area they cover (FR-ROAD-01, FR-ENV-01). Whether the area meets a
 * line or reserve is asked of `geometry`, which runs a detailed area's tests off the request thread.
 */
export async function contextFacts(
  area: AreaGeometry,
  layers: ContextLayers,
  geometry: Pick<GeometryPool, 'intersectsEach'>,
): Promise<ContextFacts> {
  const box = bboxOf(area);
  if (!within(box, CONTEXT_LAYERS_BOX)) return {};
  const near: BBox = [box[0] - ROAD_SEARCH_DEG, box[1] - ROAD_SEARCH_DEG, box[2] + ROAD_SEARCH_DEG, box[3] + ROAD_SEARCH_DEG];
  const lines = (await layers.roadsAndRail()).filter((line) => bboxesOverlap(bbox(line) as BBox, near));
  // Only what overlaps the area's box can meet it: the rest is measured without the costly exact test.
  const overlapping = lines.filter((line) => bboxesOverlap(bbox(line) as BBox, box));
  const reserves = (await layers.protectedAreas()).filter(
    (reserve) => SPECIES_PROTECTION_CATEGORIES.has(String(reserve.properties?.cat)) && bboxesOverlap(bbox(reserve) as BBox, box),
  );
  const [crossed, entered] = await Promise.all([
    geometry.intersectsEach(
      area,
      overlapping.map((line) => line.geometry),
    ),
    geometry.intersectsEach(
      area,
      reserves.map((reserve) => reserve.geometry),
    ),
  ]);
  const meets = crossed.some(Boolean);
  return {
    // Nothing within about 1 km: far enough for a 30 m rule, reported as that search distance.
    distanceToRoadM: Math.round(
      lines.length === 0 ? ROAD_SEARCH_DEG * 111_000 * Math.cos((box[1] * Math.PI) / 180) : meets ? 0 : distanceToLinesM(area, lines),
    ),
    inProtectedSpeciesZone: entered.some(Boolean),
  };
}

/** The tallest obstacle marker within 50 m of the area, for EU-H-02: its height and distance. */
export function obstacleFacts(
  area: AreaGeometry,
  markers: readonly ContextMarker[],
): { obstacleHeightM?: number; obstacleDistanceM?: number } {
  const obstacles = markers
    .filter((marker) => marker.kind === 'obstacle' && marker.heightM !== undefined)
    .map((marker) => {
      // turf answers a negative distance for a point inside the area.
      const distanceM = Math.max(0, pointToPolygonDistance(marker.position, area, { units: 'meters' }) - marker.radiusM);
      return { heightM: marker.heightM as number, distanceM };
    })
    .filter((obstacle) => obstacle.distanceM <= OBSTACLE_SEARCH_M)
    .sort((a, b) => b.heightM - a.heightM);
  const tallest = obstacles[0];
  return tallest ? { obstacleHeightM: tallest.heightM, obstacleDistanceM: Math.round(tallest.distanceM) } : {};
}
