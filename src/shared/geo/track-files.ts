import { gpx, kml } from '@tmcw/togeojson';
import type { Feature, Geometry, Position } from 'geojson';
import Papa from 'papaparse';
import type { ParseXml } from './import-shapes';

export const TRACK_FILE_FORMATS = ['gpx', 'kml', 'geojson', 'csv'] as const;
export type TrackFileFormat = (typeof TRACK_FILE_FORMATS)[number];
export const TRACK_EXPORT_FORMATS = ['kml', 'geojson', 'gpx'] as const;
export type TrackExportFormat = (typeof TRACK_EXPORT_FORMATS)[number];
export const TRACK_EXPORT_MEDIA_TYPES: Record<TrackExportFormat, string> = {
  kml: 'application/vnd.google-earth.kml+xml',
  geojson: 'application/geo+json',
  gpx: 'application/gpx+xml',
};

/** One position read from a track file: heights in metres above the take-off point or the surface, when known. */
export interface TrackFilePoint {
  time: Date;
  lat: number;
  lon: number;
  heightM: number | null;
}

/** A stored position as the exports write it, one line per ident; signal strength (dBm) and GPS satellites when reported. */
export interface TrackExportPoint extends TrackFilePoint {
  source: string;
  ident: string;
  rssi: number | null;
  gpsSatellites: number | null;
}

export type TrackFileErrorCode = 'TRACK_FILE_INVALID' | 'TRACK_FILE_EMPTY' | 'TRACK_FILE_NO_TIME';

export class TrackFileError extends Error {
  constructor(
    readonly code: TrackFileErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'TrackFileError';
  }
}

/** The format a file name announces, if it is one a track is read from. */
export function trackFormatOf(fileName: string): TrackFileFormat | undefined {
  const extension = fileName.toLowerCase().split('.').at(-1);
  if (extension === 'json' || extension === 'geojson') return 'geojson';
  return extension === 'gpx' || extension === 'kml' || extension === 'csv' ? extension : undefined;
}

interface RawPoint {
  time: unknown;
  lon: unknown;
  lat: unknown;
  alt: unknown;
}

const number = (value: unknown) =>
  typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;

function parseTime(value: unknown): Date | null {
  if (value === undefined || value === null || value === '') return null;
  // Loggers write ISO 8601, or seconds (or milliseconds) since 1970 in CSV.
  const numeric = typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(String(value).trim()) ? Number(value) : null;
  const time = numeric !== null ? new Date(numeric < 1e11 ? numeric * 1000 : numeric) : new Date(String(value).trim());
  return Number.isNaN(time.getTime()) ? null : time;
}

/**
 * Checks each position, orders them by time and keeps the first of positions at the same instant (loggers repeat
 * one when the GPS stalls). Heights: `relative` ones are kept; absolute ones (GPX `ele`, KML `absolute`) become heights
 * above the first position, the take-off point, since the ground under the flight is not known.
 */
function points(raw: RawPoint[], heights: 'relative' | 'absolute'): TrackFilePoint[] {
  if (raw.length === 0) throw new TrackFileError('TRACK_FILE_EMPTY', 'The file holds no position');
  const read = raw.map((point, index) => {
    const lat = number(point.lat);
    const lon = number(point.lon);
    if (!(lat >= -90 && lat <= 90) || !(lon >= -180 && lon <= 180))
      throw new TrackFileError('TRACK_FILE_INVALID', `Position ${index + 1} has no valid latitude and longitude`);
    const time = parseTime(point.time);
    if (!time) throw new TrackFileError('TRACK_FILE_NO_TIME', `Position ${index + 1} has no time`);
    const alt = point.alt === undefined || point.alt === null || point.alt === '' ? NaN : number(point.alt);
    return { time, lat, lon, alt: Number.isFinite(alt) ? alt : null };
  });
  read.sort((a, b) => a.time.getTime() - b.time.getTime());
  const unique = read.filter((point, index) => index === 0 || point.time.getTime() !== read[index - 1]!.time.getTime());
  const base = heights === 'absolute' ? (unique.find((point) => point.alt !== null)?.alt ?? null) : 0;
  return unique.map(({ time, lat, lon, alt }) => ({
    time,
    lat,
    lon,
    heightM: alt === null || base === null ? null : Math.round((alt - base) * 10) / 10,
  }));
}

/** Lines and points of GeoJSON features with their times (togeojson's `coordinateProperties.times`, or `time`). */
function featurePoints(features: Feature<Geometry | null>[]): RawPoint[] {
  const raw: RawPoint[] = [];
  const line = (coordinates: Position[], times: unknown) =>
    coordinates.forEach(([lon, lat, alt], index) =>
      raw.push({ lon, lat, alt, time: Array.isArray(times) ? (times as unknown[])[index] : undefined }),
    );
  for (const feature of features) {
    const properties = (feature.properties ?? {}) as { coordinateProperties?: { times?: unknown }; time?: unknown; timestamp?: unknown };
    const times = properties.coordinateProperties?.times;
    const geometry = feature.geometry;
    if (!geometry) continue;
    if (geometry.type === 'LineString') line(geometry.coordinates, times);
    else if (geometry.type === 'MultiLineString')
      geometry.coordinates.forEach((part, index) => line(part, Array.isArray(times) ? (times as unknown[])[index] : undefined));
    else if (geometry.type === 'Point') {
      const [lon, lat, alt] = geometry.coordinates;
      raw.push({ lon, lat, alt, time: properties.time ?? properties.timestamp });
    }
  }
  return raw;
}

function xmlDocument(text: string, parseXml: ParseXml): Document {
  let document: Document;
  try {
    document = parseXml(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new TrackFileError('TRACK_FILE_INVALID', 'The file is not well-formed XML');
  }
  if (document.getElementsByTagName('parsererror').length > 0)
    throw new TrackFileError('TRACK_FILE_INVALID', 'The file is not well-formed XML');
  return document;
}

const textOf = (element: Element, tag: string) => element.getElementsByTagName(tag)[0]?.textContent?.trim();

/** GPX tracks (`trk`) through togeojson; routes (`rte`) read directly, since togeojson drops their times. */
function gpxPoints(document: Document): RawPoint[] {
  const tracks = gpx(document).features.filter((feature) => feature.properties?._gpxType === 'trk');
  const routes = Array.from(document.getElementsByTagName('rtept')).map((point) => ({
    lat: point.getAttribute('lat'),
    lon: point.getAttribute('lon'),
    alt: textOf(point, 'ele'),
    time: textOf(point, 'time'),
  }));
  return [...featurePoints(tracks), ...routes];
}

/** KML: Google Earth's `gx:Track` (`when` and `gx:coord`) and time-stamped placemarks (`lon,lat,alt`). */
function kmlPoints(document: Document): { raw: RawPoint[]; heights: 'relative' | 'absolute' } {
  const modes = Array.from(document.getElementsByTagName('altitudeMode')).map((mode) => mode.textContent?.trim());
  const relative = modes.length > 0 && modes.every((mode) => mode === 'relativeToGround');
  const raw = featurePoints(kml(document).features);
  // Without an altitudeMode, Google Earth clamps to the ground and writes 0: no height is known.
  const noHeight = modes.length === 0 && raw.every((point) => point.alt === undefined || point.alt === 0);
  return { raw: noHeight ? raw.map((point) => ({ ...point, alt: undefined })) : raw, heights: relative ? 'relative' : 'absolute' };
}

function geoJsonPoints(text: string): RawPoint[] {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new TrackFileError('TRACK_FILE_INVALID', 'The file is not valid JSON');
  }
  const object = value as { type?: string; features?: Feature[] };
  if (object?.type === 'FeatureCollection' && Array.isArray(object.features)) return featurePoints(object.features);
  if (object?.type === 'Feature') return featurePoints([object as Feature]);
  throw new TrackFileError('TRACK_FILE_INVALID', 'The file is not a GeoJSON Feature or FeatureCollection');
}

const CSV_COLUMNS = {
  time: ['time', 'timestamp', 'datetime', 'date', 'utc'],
  lat: ['lat', 'latitude'],
  lon: ['lon', 'lng', 'long', 'longitude'],
  alt: ['height', 'height_m', 'heightm', 'alt', 'altitude', 'alt_m'],
} as const;

/** CSV with a header naming time, lat, lon and height (metres above the surface); comma or semicolon separated. */
function csvPoints(text: string): RawPoint[] {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) =>
      header
        .trim()
        .toLowerCase()
        .replace(/\s*\(.*\)$/, ''),
  });
  const fields = parsed.meta.fields ?? [];
  const column = (names: readonly string[]) => names.find((name) => fields.includes(name));
  const [time, lat, lon, alt] = [column(CSV_COLUMNS.time), column(CSV_COLUMNS.lat), column(CSV_COLUMNS.lon), column(CSV_COLUMNS.alt)];
  if (!lat || !lon) throw new TrackFileError('TRACK_FILE_INVALID', 'The CSV header must name the columns time, lat, lon and height');
  if (!time) throw new TrackFileError('TRACK_FILE_NO_TIME', 'The CSV header has no time column');
  return parsed.data.map((row) => ({ time: row[time], lat: row[lat], lon: row[lon], alt: alt ? row[alt] : undefined }));
}

/** Reads a flight's positions from a GPX, KML, GeoJSON or CSV file's text. */
export function parseTrackFile(text: string, format: TrackFileFormat, parseXml: ParseXml): TrackFilePoint[] {
  switch (format) {
    case 'gpx':
      return points(gpxPoints(xmlDocument(text, parseXml)), 'absolute');
    case 'kml': {
      const { raw, heights } = kmlPoints(xmlDocument(text, parseXml));
      return points(raw, heights);
    }
    case 'geojson':
      return points(geoJsonPoints(text), 'relative');
    case 'csv':
      return points(csvPoints(text), 'relative');
  }
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** The positions grouped by target (source and ident), in time order within each. */
function lines(positions: readonly TrackExportPoint[]) {
  const byTarget = new Map<string, TrackExportPoint[]>();
  for (const position of positions) {
    const key = `${position.source}|${position.ident}`;
    (byTarget.get(key) ?? byTarget.set(key, []).get(key)!).push(position);
  }
  return [...byTarget.values()].map((points) => points.sort((a, b) => a.time.getTime() - b.time.getTime()));
}

/** A per-point value of a line as a `coordinateProperties` array (null where unknown), left out when no point has one. */
function pointValues(points: readonly TrackExportPoint[], key: 'rssi' | 'gpsSatellites') {
  return points.some((point) => point[key] !== null) ? { [key]: points.map((point) => point[key]) } : {};
}

/**
 * GeoJSON: a LineString per target, its times in `coordinateProperties.times` (as togeojson writes them), heights
 * third; the signal strength and GPS satellites, when reported, in `coordinateProperties.rssi` and `.gpsSatellites`.
 */
export function exportTrackGeoJson(positions: readonly TrackExportPoint[]): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    features: lines(positions).map((points) => ({
      type: 'Feature',
      properties: {
        name: points[0]!.ident,
        source: points[0]!.source,
        coordinateProperties: {
          times: points.map((point) => point.time.toISOString()),
          ...pointValues(points, 'rssi'),
          ...pointValues(points, 'gpsSatellites'),
        },
      },
      geometry: {
        type: 'LineString',
        coordinates: points.map((point) => (point.heightM === null ? [point.lon, point.lat] : [point.lon, point.lat, point.heightM])),
      },
    })),
  });
}

/** KML 2.2 as Google Earth writes a recorded track: a `gx:Track` per target, heights relative to the ground. */
export function exportTrackKml(positions: readonly TrackExportPoint[], documentName: string): string {
  const placemarks = lines(positions).map((points) =>
    [
      `<Placemark><name>${escapeXml(points[0]!.ident)}</name><gx:Track><altitudeMode>relativeToGround</altitudeMode>`,
      ...points.map((point) => `<when>${point.time.toISOString()}</when>`),
      ...points.map((point) => `<gx:coord>${point.lon} ${point.lat} ${point.heightM ?? 0}</gx:coord>`),
      '</gx:Track></Placemark>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Document>',
    `<name>${escapeXml(documentName)}</name>`,
    ...placemarks,
    '</Document></kml>',
    '',
  ].join('\n');
}

/**
 * GPX 1.1, a route per target (spec §9: GPX route only), each point with its time and, when reported, its GPS
 * satellites (`sat`). No `ele`: GPX elevations are above sea level, and a stored height is above the surface.
 */
export function exportTrackGpx(positions: readonly TrackExportPoint[], documentName: string): string {
  const routes = lines(positions).map((points) =>
    [
      `<rte><name>${escapeXml(points[0]!.ident)}</name>`,
      ...points.map(
        (point) =>
          `<rtept lat="${point.lat}" lon="${point.lon}"><time>${point.time.toISOString()}</time>` +
          `${point.gpsSatellites === null ? '' : `<sat>${point.gpsSatellites}</sat>`}</rtept>`,
      ),
      '</rte>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Aerogate" xmlns="http://www.topografix.com/GPX/1/1">',
    `<metadata><name>${escapeXml(documentName)}</name></metadata>`,
    ...routes,
    '</gpx>',
    '',
  ].join('\n');
}

/** The positions in one of the export formats. */
export function exportTrack(positions: readonly TrackExportPoint[], format: TrackExportFormat, documentName: string): string {
  if (format === 'geojson') return exportTrackGeoJson(positions);
  return format === 'kml' ? exportTrackKml(positions, documentName) : exportTrackGpx(positions, documentName);
}
