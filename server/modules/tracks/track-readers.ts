import type { Readable } from 'node:stream';
import type { Feature, Geometry, Position } from 'geojson';
import Papa from 'papaparse';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { TrackFileError, type TrackFileFormat } from '../../../src/shared/geo/track-files';
import { FLIGHT_LOG_READERS } from './flight-log-readers';
import { type HeightReference, number, parseTime, Positions, type RawPoint, type ReadFile, type TrackRead } from './track-positions';

/**
 * The streaming readers of track files, run in a worker thread (track-reader-pool.ts): each reads its file chunk by
 * chunk and stops at `maxPoints` positions, so no file costs more than that many positions of memory and time.
 */

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
  ...FLIGHT_LOG_READERS,
};

/** Reads a flight's positions from a track file, refusing files of more than `maxPoints` positions. */
export async function readTrack(source: Readable, format: TrackFileFormat, limits: { maxPoints: number }): Promise<TrackRead> {
  const positions = new Positions(limits.maxPoints);
  const { heights, battery = null } = await READERS[format](source, positions);
  return { ...positions.track(heights), battery };
}
