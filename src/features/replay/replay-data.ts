import type { Feature, FeatureCollection, LineString, Point, Polygon } from 'geojson';
import type { ReplayDensity, ReplayPage, ReplayStations, ReplayTarget } from '@/shared/contracts/replay';

/** A loaded selection: the pages joined in time order, by columns; `target[i]` indexes `targets`. */
export interface ReplayData {
  targets: ReplayTarget[];
  target: number[];
  time: number[];
  lon: number[];
  lat: number[];
  height: (number | null)[];
  /** Signal strength in dBm and GPS satellites, null where the position did not report them. */
  speed: (number | null)[];
  rssi: (number | null)[];
  gpsSatellites: (number | null)[];
  /** For each target, the indexes of its positions in time order. */
  byTarget: number[][];
  /** [west, south, east, north] of every position; null while there are none. */
  bounds: [number, number, number, number] | null;
}

const targetKey = (target: ReplayTarget) => `${target.source}|${target.ident}|${target.missionId ?? ''}`;

export function emptyReplayData(): ReplayData {
  return {
    targets: [],
    target: [],
    time: [],
    lon: [],
    lat: [],
    height: [],
    speed: [],
    rssi: [],
    gpsSatellites: [],
    byTarget: [],
    bounds: null,
  };
}

/** The data with one more page; pages come in time order, so the columns stay sorted by time. */
export function appendPage(data: ReplayData, page: ReplayPage): ReplayData {
  const targets = [...data.targets];
  const byTarget = [...data.byTarget];
  const keys = new Map(data.targets.map((target, index) => [targetKey(target), index]));
  const local = page.targets.map((target) => {
    const key = targetKey(target);
    const known = keys.get(key);
    if (known !== undefined) {
      byTarget[known] = [...data.byTarget[known]!];
      return known;
    }
    keys.set(key, targets.push(target) - 1);
    byTarget.push([]);
    return targets.length - 1;
  });
  const bounds = data.bounds ? [...data.bounds] : [Infinity, Infinity, -Infinity, -Infinity];
  const target = page.target.map((index) => local[index]!);
  for (let i = 0; i < page.time.length; i++) {
    const lon = page.lon[i]!;
    const lat = page.lat[i]!;
    byTarget[target[i]!]!.push(data.time.length + i);
    bounds[0] = Math.min(bounds[0]!, lon);
    bounds[1] = Math.min(bounds[1]!, lat);
    bounds[2] = Math.max(bounds[2]!, lon);
    bounds[3] = Math.max(bounds[3]!, lat);
  }
  return {
    targets,
    byTarget,
    target: data.target.concat(target),
    time: data.time.concat(page.time),
    lon: data.lon.concat(page.lon),
    lat: data.lat.concat(page.lat),
    height: data.height.concat(page.height),
    speed: data.speed.concat(page.speed),
    rssi: data.rssi.concat(page.rssi),
    gpsSatellites: data.gpsSatellites.concat(page.gpsSatellites),
    bounds: Number.isFinite(bounds[0]) ? (bounds as [number, number, number, number]) : null,
  };
}

/** How many of the first `length` values, sorted, of `valueAt` are at or before `at`. */
function countSorted(length: number, valueAt: (index: number) => number, at: number): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (valueAt(middle) <= at) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** How many of the sorted `times` are at or before `at`. */
export const countUntil = (times: readonly number[], at: number) => countSorted(times.length, (index) => times[index]!, at);

/** Each target's whole path, one line per target (a target seen once is a point-sized line). */
export function tracksOf(data: ReplayData): FeatureCollection<LineString> {
  return {
    type: 'FeatureCollection',
    features: data.byTarget.map((indexes, target) => ({
      type: 'Feature',
      properties: { ident: data.targets[target]!.ident, source: data.targets[target]!.source },
      geometry: {
        type: 'LineString',
        coordinates: (indexes.length === 1 ? [indexes[0]!, indexes[0]!] : indexes).map((i) => [data.lon[i]!, data.lat[i]!]),
      },
    })),
  };
}

/**
 * Every position as a point with its time in seconds from `start` (`t`), its height (`h`) and, when reported, its
 * speed (`v`), signal strength (`r`) and GPS satellites (`s`): the height, speed, rssi and satellite layers draw them, and the slider
 * filters them by `t` without rebuilding the data.
 */
export function pointsOf(data: ReplayData, start: number): FeatureCollection<Point> {
  const features: Feature<Point>[] = new Array(data.time.length);
  for (let i = 0; i < data.time.length; i++) {
    const speed = data.speed[i];
    const rssi = data.rssi[i];
    const satellites = data.gpsSatellites[i];
    features[i] = {
      type: 'Feature',
      properties: {
        t: (data.time[i]! - start) / 1000,
        h: data.height[i] ?? 0,
        ...(speed === null || speed === undefined ? {} : { v: speed }),
        ...(rssi === null || rssi === undefined ? {} : { r: rssi }),
        ...(satellites === null || satellites === undefined ? {} : { s: satellites }),
      },
      geometry: { type: 'Point', coordinates: [data.lon[i]!, data.lat[i]!] },
    };
  }
  return { type: 'FeatureCollection', features };
}

/** The last position of each target at `at`: where the replay draws them. Targets not yet seen are left out. */
export function headsAt(data: ReplayData, at: number): FeatureCollection<Point> {
  const features: Feature<Point>[] = [];
  data.byTarget.forEach((indexes, target) => {
    const seen = countSorted(indexes.length, (index) => data.time[indexes[index]!]!, at);
    if (seen === 0) return;
    const i = indexes[seen - 1]!;
    features.push({
      type: 'Feature',
      properties: { ident: data.targets[target]!.ident, h: data.height[i] ?? null },
      geometry: { type: 'Point', coordinates: [data.lon[i]!, data.lat[i]!] },
    });
  });
  return { type: 'FeatureCollection', features };
}

/** Where the target of index `target` is at `at` (its last position then), or null before its first position. */
export function positionAt(data: ReplayData, target: number, at: number): [number, number] | null {
  const indexes = data.byTarget[target];
  if (!indexes) return null;
  const seen = countSorted(indexes.length, (index) => data.time[indexes[index]!]!, at);
  if (seen === 0) return null;
  const i = indexes[seen - 1]!;
  return [data.lon[i]!, data.lat[i]!];
}

/** The sources of the loaded targets, each once, in the order of the list of sources. */
export const sourcesOf = <S extends string>(data: ReplayData, order: readonly S[]) =>
  order.filter((source) => data.targets.some((target) => target.source === source));

/** The ground stations as points, with their name (`name`). */
export function stationPoints(stations: ReplayStations | undefined): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: (stations?.items ?? []).map((station) => ({
      type: 'Feature',
      properties: { name: station.name ?? '' },
      geometry: { type: 'Point', coordinates: [station.lon, station.lat] },
    })),
  };
}

/** The extent of the data as a rectangle, for fitting the view. */
export function extentOf(data: ReplayData): Feature<Polygon> | null {
  if (!data.bounds) return null;
  const [west, south, east, north] = data.bounds;
  return {
    type: 'Feature',
    properties: {},
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [west, south],
          [east, south],
          [east, north],
          [west, north],
          [west, south],
        ],
      ],
    },
  };
}

/** The heatmap's cells as points weighted from 0 to 1 by their count against the densest cell (`w`). */
export function densityPoints(density: ReplayDensity | undefined): FeatureCollection<Point> {
  if (!density) return { type: 'FeatureCollection', features: [] };
  const densest = Math.max(1, ...density.count.slice(0, 1));
  return {
    type: 'FeatureCollection',
    features: density.count.map((count, i) => ({
      type: 'Feature',
      properties: { w: count / densest },
      geometry: { type: 'Point', coordinates: [density.lon[i]!, density.lat[i]!] },
    })),
  };
}
