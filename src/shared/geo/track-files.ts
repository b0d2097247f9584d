export const TRACK_FILE_FORMATS = ['gpx', 'kml', 'geojson', 'csv', 'ulog', 'tlog', 'dataflash'] as const;
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

export type TrackFileErrorCode = 'TRACK_FILE_INVALID' | 'TRACK_FILE_EMPTY' | 'TRACK_FILE_NO_TIME' | 'TRACK_FILE_TOO_MANY_POINTS';

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
  if (extension === 'ulg') return 'ulog';
  if (extension === 'bin') return 'dataflash';
  return extension === 'gpx' || extension === 'kml' || extension === 'csv' || extension === 'tlog' ? extension : undefined;
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
