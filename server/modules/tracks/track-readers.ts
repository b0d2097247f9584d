import type { Readable } from 'node:stream';
import type { Feature, Geometry, Position } from 'geojson';
import Papa from 'papaparse';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { TrackFileError, type TrackFileFormat, type TrackFilePoint } from '../../../src/shared/geo/track-files';

/**
 * The streaming readers of track files, run in a worker thread (track-reader-pool.ts): each reads its file chunk by
 * chunk and stops at `maxPoints` positions, so no file costs more than that many positions of memory and time.
 */

/** A position as a file writes it: each value is checked and converted as it is added. */
interface RawPoint {
  time: unknown;
  lon: unknown;
  lat: unknown;
  alt: unknown;
}

/** Battery charge at the first and the last position that reports one, in percent. */
export interface BatteryCharge {
  firstPct: number;
  lastPct: number;
}

/** A track as columns, in time order: milliseconds since 1970, degrees, and metres (NaN where no height is known). */
export interface TrackColumns {
  times: Float64Array;
  lats: Float64Array;
  lons: Float64Array;
  heights: Float64Array;
}

export interface TrackRead extends TrackColumns {
  battery: BatteryCharge | null;
}

/** Heights `relative` to the take-off or the surface are kept; `absolute` ones become heights above the first position. */
type HeightReference = 'relative' | 'absolute';

interface ReadFile {
  heights: HeightReference;
  battery?: BatteryCharge | null;
}

const number = (value: unknown) =>
  typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;

/** ISO 8601, a date and time without a zone (read as UTC, as loggers write them), or seconds or milliseconds since 1970. */
export function parseTime(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (value === undefined || value === null || value === '') return null;
  const text = String(value).trim();
  const numeric = typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(text) ? Number(text) : null;
  if (numeric !== null) return new Date(numeric < 1e11 ? numeric * 1000 : numeric);
  const zoneless = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text);
  const time = new Date(zoneless ? `${text.replace(' ', 'T')}Z` : text);
  return Number.isNaN(time.getTime()) ? null : time;
}

/**
 * A file's positions in growing typed arrays (a few bytes each, whatever the file's text), each checked as it comes:
 * a position out of range answers TRACK_FILE_INVALID, one without a time TRACK_FILE_NO_TIME, the one past the cap
 * TRACK_FILE_TOO_MANY_POINTS.
 */
export class Positions {
  count = 0;
  private columns: TrackColumns = {
    times: new Float64Array(1024),
    lats: new Float64Array(1024),
    lons: new Float64Array(1024),
    heights: new Float64Array(1024),
  };
  constructor(private readonly maxPoints: number) {}

  add(point: RawPoint) {
    this.expect(1);
    const lat = number(point.lat);
    const lon = number(point.lon);
    const position = this.count + 1;
    if (!(lat >= -90 && lat <= 90) || !(lon >= -180 && lon <= 180))
      throw new TrackFileError('TRACK_FILE_INVALID', `Position ${position} has no valid latitude and longitude`);
    const time = parseTime(point.time);
    if (!time) throw new TrackFileError('TRACK_FILE_NO_TIME', `Position ${position} has no time`);
    const alt = point.alt === undefined || point.alt === null || point.alt === '' ? NaN : number(point.alt);
    if (this.count === this.columns.times.length) this.grow();
    const { times, lats, lons, heights } = this.columns;
    times[this.count] = time.getTime();
    lats[this.count] = lat;
    lons[this.count] = lon;
    heights[this.count] = Number.isFinite(alt) ? alt : NaN;
    this.count += 1;
  }

  /** Refuses at once a file announcing `count` more positions than the cap allows. */
  expect(count: number) {
    if (this.count + count > this.maxPoints)
      throw new TrackFileError('TRACK_FILE_TOO_MANY_POINTS', `The file holds more than ${this.maxPoints} positions`);
  }

  /** The times and heights read so far, as written (views on the columns: writing to them changes the positions). */
  get times() {
    return this.columns.times.subarray(0, this.count);
  }

  get heights() {
    return this.columns.heights.subarray(0, this.count);
  }

  /**
   * Orders the positions by time and keeps the first of positions at the same instant (loggers repeat one when the GPS
   * stalls). Heights: `relative` ones are kept; absolute ones (GPX `ele`, KML `absolute`) become heights above the
   * first position, the take-off point, since the ground under the flight is not known.
   */
  track(reference: HeightReference): TrackColumns {
    if (this.count === 0) throw new TrackFileError('TRACK_FILE_EMPTY', 'The file holds no position');
    const { times, lats, lons, heights } = this.columns;
    const order = Array.from({ length: this.count }, (_, index) => index).sort((a, b) => times[a]! - times[b]! || a - b);
    const kept = order.filter((index, rank) => rank === 0 || times[index] !== times[order[rank - 1]!]);
    const base = reference === 'absolute' ? (kept.map((index) => heights[index]!).find((height) => !Number.isNaN(height)) ?? NaN) : 0;
    const pick = (column: Float64Array, value: (x: number) => number = (x) => x) =>
      Float64Array.from(kept, (index) => value(column[index]!));
    return {
      times: pick(times),
      lats: pick(lats),
      lons: pick(lons),
      heights: pick(heights, (height) => Math.round((height - base) * 10) / 10),
    };
  }

  private grow() {
    const size = Math.min(this.columns.times.length * 2, this.maxPoints);
    const larger = (column: Float64Array) => {
      const copy = new Float64Array(size);
      copy.set(column);
      return copy;
    };
    const { times, lats, lons, heights } = this.columns;
    this.columns = { times: larger(times), lats: larger(lats), lons: larger(lons), heights: larger(heights) };
  }
}

/** The positions of a track as objects. */
export function trackPoints({ times, lats, lons, heights }: TrackColumns): TrackFilePoint[] {
  return Array.from(times, (time, index) => {
    const height = heights[index]!;
    return { time: new Date(time), lat: lats[index]!, lon: lons[index]!, heightM: Number.isNaN(height) ? null : height };
  });
}

async function* text(source: Readable): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of source) yield decoder.decode(chunk as Buffer, { stream: true });
  yield decoder.decode();
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Streams XML through saxes, which expands no entity a file declares (no "billion laughs"): `open` and `close` see
 * each element by its local name, with the text it holds.
 */
async function readXml(
  source: Readable,
  handlers: { open(name: string, tag: SaxesTagPlain): void; close(name: string, text: string, prefixed: string): void },
) {
  const parser = new SaxesParser();
  let buffer = '';
  parser.on('opentag', (tag) => {
    buffer = '';
    handlers.open(localName(tag.name), tag);
  });
  parser.on('text', (value) => (buffer += value));
  parser.on('cdata', (value) => (buffer += value));
  parser.on('closetag', (tag) => {
    handlers.close(localName(tag.name), buffer.trim(), tag.name);
    buffer = '';
  });
  try {
    for await (const chunk of text(source)) parser.write(chunk);
    parser.close();
  } catch (error) {
    if (error instanceof TrackFileError) throw error;
    throw new TrackFileError('TRACK_FILE_INVALID', 'The file is not well-formed XML');
  }
}

/** GPX track points (`trkpt`) and route points (`rtept`), with their `ele` and `time`; waypoints are not a track. */
async function gpxTrack(source: Readable, positions: Positions): Promise<ReadFile> {
  let point: RawPoint | null = null;
  await readXml(source, {
    open(name, tag) {
      if (name === 'trkpt' || name === 'rtept')
        point = { lat: tag.attributes.lat, lon: tag.attributes.lon, alt: undefined, time: undefined };
    },
    close(name, value) {
      if (!point) return;
      if (name === 'ele') point.alt = value;
      else if (name === 'time') point.time = value;
      else if (name === 'trkpt' || name === 'rtept') {
        positions.add(point);
        point = null;
      }
    },
  });
  return { heights: 'absolute' };
}

/**
 * KML: Google Earth's `gx:Track` (`when` and `gx:coord lon lat alt`, paired in order) and placemarks whose `Point`
 * (time-stamped) or `LineString` (no time) is written `lon,lat,alt`; polygons are areas, not a track.
 */
async function kmlTrack(source: Readable, positions: Positions): Promise<ReadFile> {
  const modes: string[] = [];
  let stampedAt: string | undefined;
  let track: { whens: string[]; coords: string[] } | null = null;
  let polygonDepth = 0;
  let geometry: 'Point' | 'LineString' | null = null;
  const tuples = (value: string) => value.split(/\s+/).filter(Boolean);
  await readXml(source, {
    open(name) {
      if (name === 'Placemark') stampedAt = undefined;
      else if (name === 'Track') track = { whens: [], coords: [] };
      else if (name === 'Polygon') polygonDepth += 1;
      else if (name === 'Point' || name === 'LineString') geometry = name;
    },
    close(name, value, prefixed) {
      if (prefixed === 'altitudeMode') modes.push(value);
      else if (name === 'when') {
        if (track) {
          positions.expect(track.whens.length + 1);
          track.whens.push(value);
        } else stampedAt = value;
      } else if (name === 'coord' && track) track.coords.push(value);
      else if (name === 'Track' && track) {
        const { whens, coords } = track;
        coords.forEach((coord, index) => {
          const [lon, lat, alt] = tuples(coord);
          positions.add({ lon, lat, alt, time: whens[index] });
        });
        track = null;
      } else if (name === 'Polygon') polygonDepth -= 1;
      else if (name === 'coordinates' && polygonDepth === 0 && geometry) {
        for (const tuple of tuples(value)) {
          const [lon, lat, alt] = tuple.split(',');
          positions.add({ lon, lat, alt, time: geometry === 'Point' ? stampedAt : undefined });
        }
      } else if (name === 'Point' || name === 'LineString') geometry = null;
    },
  });
  const relative = modes.length > 0 && modes.every((mode) => mode === 'relativeToGround');
  // Without an altitudeMode, Google Earth clamps to the ground and writes 0: no height is known.
  const noHeight = modes.length === 0 && positions.heights.every((height) => Number.isNaN(height) || height === 0);
  if (noHeight) positions.heights.fill(NaN);
  return { heights: relative ? 'relative' : 'absolute' };
}

/** Lines and points of GeoJSON features with their times (togeojson's `coordinateProperties.times`, or `time`). */
function featurePoints(features: Feature<Geometry | null>[], positions: Positions) {
  const line = (coordinates: Position[], times: unknown) => {
    positions.expect(coordinates.length);
    coordinates.forEach(([lon, lat, alt], index) =>
      positions.add({ lon, lat, alt, time: Array.isArray(times) ? (times as unknown[])[index] : undefined }),
    );
  };
  for (const feature of features) {
    const properties = (feature?.properties ?? {}) as { coordinateProperties?: { times?: unknown }; time?: unknown; timestamp?: unknown };
    const times = properties.coordinateProperties?.times;
    const geometry = feature?.geometry;
    if (!geometry) continue;
    if (geometry.type === 'LineString') line(geometry.coordinates, times);
    else if (geometry.type === 'MultiLineString')
      geometry.coordinates.forEach((part, index) => line(part, Array.isArray(times) ? (times as unknown[])[index] : undefined));
    else if (geometry.type === 'Point') {
      const [lon, lat, alt] = geometry.coordinates;
      positions.add({ lon, lat, alt, time: properties.time ?? properties.timestamp });
    }
  }
}

/** GeoJSON is read whole (the upload limit bounds it) in the worker, whose heap is bounded too. */
async function geoJsonTrack(source: Readable, positions: Positions): Promise<ReadFile> {
  let whole = '';
  for await (const chunk of text(source)) whole += chunk;
  let value: unknown;
  try {
    value = JSON.parse(whole);
  } catch {
    throw new TrackFileError('TRACK_FILE_INVALID', 'The file is not valid JSON');
  }
  const object = value as { type?: string; features?: Feature[] };
  if (object?.type === 'FeatureCollection' && Array.isArray(object.features)) featurePoints(object.features, positions);
  else if (object?.type === 'Feature') featurePoints([object as Feature], positions);
  else throw new TrackFileError('TRACK_FILE_INVALID', 'The file is not a GeoJSON Feature or FeatureCollection');
  return { heights: 'relative' };
}

/** A CSV header cell: its name, lower case, and the unit written after it in brackets (`height_above_takeoff(feet)`). */
function headerCell(cell: string) {
  const match = /^\s*(.*?)\s*(?:\(([^)]*)\))?\s*$/.exec(cell.replace(/^\uFEFF/, ''))!;
  return { name: match[1]!.toLowerCase(), unit: (match[2] ?? '').trim().toLowerCase() };
}

const FEET = new Set(['feet', 'foot', 'ft']);
const CSV_COLUMNS = {
  time: ['time', 'timestamp', 'datetime', 'date', 'utc'],
  lat: ['lat', 'latitude'],
  lon: ['lon', 'lng', 'long', 'longitude'],
  relative: ['height_above_takeoff', 'height', 'height_m', 'heightm', 'alt', 'altitude', 'alt_m'],
  absolute: ['altitude_above_sealevel'],
  battery: ['battery_percent', 'battery'],
} as const;

/**
 * CSV with a header naming time, lat, lon and height; comma or semicolon separated. A unit in brackets is honoured
 * (feet become metres). AirData's export of DJI logs (https://airdata.com/) is recognised by `time(millisecond)`
 * beside `datetime(utc)`: its `datetime(utc)` is whole seconds and `time(millisecond)` counts from the log's start, so
 * each position's time is the start, at its best second, plus its milliseconds; heights are `height_above_takeoff`,
 * the battery `battery_percent`.
 */
async function csvTrack(source: Readable, positions: Positions): Promise<ReadFile> {
  const rows = source.pipe(Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: 'greedy' })) as AsyncIterable<string[]>;
  let columns: ReturnType<typeof csvColumns> | undefined;
  let firstBattery: number | null = null;
  let lastBattery: number | null = null;
  const offsets: number[] = [];
  for await (const row of rows) {
    if (!columns) {
      columns = csvColumns(row.map(headerCell));
      continue;
    }
    const { time, millis, lat, lon, alt, battery } = columns;
    const point: RawPoint = { time: row[time], lat: row[lat], lon: row[lon], alt: undefined };
    if (alt) {
      const value = number(row[alt.index]);
      point.alt = Number.isFinite(value) ? value * alt.scale : undefined;
    }
    if (millis !== undefined) {
      const ms = number(row[millis]);
      const second = parseTime(row[time]);
      if (!Number.isFinite(ms) || !second) throw new TrackFileError('TRACK_FILE_NO_TIME', `Position ${positions.count + 1} has no time`);
      offsets.push(ms);
      point.time = second;
    }
    if (battery !== undefined) {
      const charge = number(row[battery]);
      if (Number.isFinite(charge)) [firstBattery, lastBattery] = [firstBattery ?? charge, charge];
    }
    positions.add(point);
  }
  if (!columns) throw new TrackFileError('TRACK_FILE_EMPTY', 'The file holds no position');
  if (columns.millis !== undefined) {
    // Every row's second, less its milliseconds, is at most the true start: the start is the latest of them.
    const { times } = positions;
    const start = times.reduce((latest, second, index) => Math.max(latest, second - offsets[index]!), -Infinity);
    times.forEach((_, index) => (times[index] = start + offsets[index]!));
  }
  return {
    heights: columns.alt?.reference ?? 'relative',
    battery: firstBattery === null || lastBattery === null ? null : { firstPct: firstBattery, lastPct: lastBattery },
  };
}

function csvColumns(header: { name: string; unit: string }[]) {
  const find = (names: readonly string[]) => {
    for (const name of names) {
      const index = header.findIndex((cell) => cell.name === name);
      if (index >= 0) return index;
    }
    return undefined;
  };
  const lat = find(CSV_COLUMNS.lat);
  const lon = find(CSV_COLUMNS.lon);
  if (lat === undefined || lon === undefined)
    throw new TrackFileError('TRACK_FILE_INVALID', 'The CSV header must name the columns time, lat, lon and height');
  const timeIndex = find(CSV_COLUMNS.time);
  const datetime = header.findIndex((cell) => cell.name === 'datetime');
  const airData = timeIndex !== undefined && header[timeIndex]!.unit === 'millisecond' && datetime >= 0;
  const time = airData ? datetime : timeIndex;
  if (time === undefined) throw new TrackFileError('TRACK_FILE_NO_TIME', 'The CSV header has no time column');
  const heightOf = (index: number | undefined, reference: HeightReference) =>
    index === undefined ? undefined : { index, reference, scale: FEET.has(header[index]!.unit) ? 0.3048 : 1 };
  return {
    time,
    millis: airData ? timeIndex : undefined,
    lat,
    lon,
    alt: heightOf(find(CSV_COLUMNS.relative), 'relative') ?? heightOf(find(CSV_COLUMNS.absolute), 'absolute'),
    battery: find(CSV_COLUMNS.battery),
  };
}

const READERS: Record<TrackFileFormat, (source: Readable, positions: Positions) => Promise<ReadFile>> = {
  gpx: gpxTrack,
  kml: kmlTrack,
  geojson: geoJsonTrack,
  csv: csvTrack,
};

/** Reads a flight's positions from a track file, refusing files of more than `maxPoints` positions. */
export async function readTrack(source: Readable, format: TrackFileFormat, limits: { maxPoints: number }): Promise<TrackRead> {
  const positions = new Positions(limits.maxPoints);
  const { heights, battery = null } = await READERS[format](source, positions);
  return { ...positions.track(heights), battery };
}
