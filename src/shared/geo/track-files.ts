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

/** One target (source and ident) of an export, and whether any of its points reports a signal strength or satellites. */
export interface TrackExportTarget {
  source: string;
  ident: string;
  rssi: boolean;
  gpsSatellites: boolean;
}

/**
 * What an export reads: its targets, then a target's points in time order, as chunks. Some formats write a target's
 * times apart from its coordinates, so `points` may be asked for the same target more than once: a source reading a
 * database reads it again, page by page, rather than hold the target's points.
 */
export interface TrackExportSource {
  targets: readonly TrackExportTarget[];
  points(target: TrackExportTarget): AsyncIterable<readonly TrackExportPoint[]>;
}

/** A target's part of a file: its opening, then for each pass over its points a piece per point, then its end. */
interface TargetWriter {
  open: string;
  passes: ((point: TrackExportPoint, first: boolean) => string)[];
  close: string;
}

const kmlTarget = (target: TrackExportTarget): TargetWriter => ({
  open: `<Placemark><name>${escapeXml(target.ident)}</name><gx:Track><altitudeMode>relativeToGround</altitudeMode>`,
  passes: [
    (point) => `\n<when>${point.time.toISOString()}</when>`,
    (point) => `\n<gx:coord>${point.lon} ${point.lat} ${point.heightM ?? 0}</gx:coord>`,
  ],
  close: '\n</gx:Track></Placemark>',
});

const gpxTarget = (target: TrackExportTarget): TargetWriter => ({
  open: `<rte><name>${escapeXml(target.ident)}</name>`,
  passes: [
    (point) =>
      `\n<rtept lat="${point.lat}" lon="${point.lon}"><time>${point.time.toISOString()}</time>` +
      `${point.gpsSatellites === null ? '' : `<sat>${point.gpsSatellites}</sat>`}</rtept>`,
  ],
  close: '\n</rte>',
});

function geoJsonTarget(target: TrackExportTarget): TargetWriter {
  type JsonArray = readonly [string, (point: TrackExportPoint) => unknown];
  const arrays: JsonArray[] = [
    ['times', (point) => point.time.toISOString()],
    ...(target.rssi ? [['rssi', (point) => point.rssi] satisfies JsonArray] : []),
    ...(target.gpsSatellites ? [['gpsSatellites', (point) => point.gpsSatellites] satisfies JsonArray] : []),
    ['coordinates', (point) => (point.heightM === null ? [point.lon, point.lat] : [point.lon, point.lat, point.heightM])],
  ];
  // Each pass's first piece ends the array the pass before it wrote, the coordinates' also the properties.
  const passes = arrays.map(([key, value], index) => {
    const before = index === 0 ? '' : index === arrays.length - 1 ? ']}},"geometry":{"type":"LineString",' : '],';
    return (point: TrackExportPoint, first: boolean) => `${first ? `${before}"${key}":[` : ','}${JSON.stringify(value(point))}`;
  });
  return {
    open: `{"type":"Feature","properties":{"name":${JSON.stringify(target.ident)},"source":${JSON.stringify(target.source)},"coordinateProperties":{`,
    passes,
    close: ']}}',
  };
}

/** A file's beginning, its targets' separator and its end, per format. */
function frame(format: TrackExportFormat, documentName: string) {
  if (format === 'geojson') return { head: '{"type":"FeatureCollection","features":[', between: ',', after: '', tail: ']}' };
  if (format === 'kml')
    return {
      head: [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Document>',
        `<name>${escapeXml(documentName)}</name>`,
        '',
      ].join('\n'),
      between: '',
      after: '\n',
      tail: '</Document></kml>\n',
    };
  return {
    head: [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<gpx version="1.1" creator="Aerogate" xmlns="http://www.topografix.com/GPX/1/1">',
      `<metadata><name>${escapeXml(documentName)}</name></metadata>`,
      '',
    ].join('\n'),
    between: '',
    after: '\n',
    tail: '</gpx>\n',
  };
}

/**
 * Writes an export piece by piece, as its source reads: KML 2.2 as Google Earth writes a recorded track (a `gx:Track`
 * per target, heights relative to the ground); GeoJSON, a LineString per target with its times in
 * `coordinateProperties.times` (as togeojson writes them), heights third, the signal strength and GPS satellites,
 * when reported, in `coordinateProperties.rssi` and `.gpsSatellites`; GPX 1.1, a route per target (spec §9: GPX route
 * only), each point with its time and, when reported, its satellites (`sat`), and no `ele`: GPX elevations are above
 * sea level, and a stored height is above the surface. Each chunk of points gives one string.
 */
export async function* writeTrackExport(
  source: TrackExportSource,
  format: TrackExportFormat,
  documentName: string,
): AsyncGenerator<string> {
  const { head, between, after, tail } = frame(format, documentName);
  const writerOf = format === 'geojson' ? geoJsonTarget : format === 'kml' ? kmlTarget : gpxTarget;
  yield head;
  let firstTarget = true;
  for (const target of source.targets) {
    const writer = writerOf(target);
    let text = `${firstTarget ? '' : between}${writer.open}`;
    firstTarget = false;
    for (const piece of writer.passes) {
      let first = true;
      for await (const chunk of source.points(target)) {
        for (const point of chunk) {
          text += piece(point, first);
          first = false;
        }
        yield text;
        text = '';
      }
    }
    yield `${text}${writer.close}${after}`;
  }
  yield tail;
}

/** Positions held in memory as an export's source: grouped by target (source and ident), in time order within each. */
export function trackExportSource(positions: readonly TrackExportPoint[]): TrackExportSource {
  const byTarget = new Map<string, TrackExportPoint[]>();
  for (const position of positions) {
    const key = `${position.source}|${position.ident}`;
    (byTarget.get(key) ?? byTarget.set(key, []).get(key)!).push(position);
  }
  const lines = [...byTarget.values()].map((points) => points.sort((a, b) => a.time.getTime() - b.time.getTime()));
  const points = new Map<TrackExportTarget, TrackExportPoint[]>();
  for (const line of lines)
    points.set(
      {
        source: line[0]!.source,
        ident: line[0]!.ident,
        rssi: line.some((point) => point.rssi !== null),
        gpsSatellites: line.some((point) => point.gpsSatellites !== null),
      },
      line,
    );
  return {
    targets: [...points.keys()],
    async *points(target) {
      yield points.get(target) ?? [];
    },
  };
}

/** The positions in one of the export formats, as one text. */
export async function exportTrack(
  positions: readonly TrackExportPoint[],
  format: TrackExportFormat,
  documentName: string,
): Promise<string> {
  let text = '';
  for await (const piece of writeTrackExport(trackExportSource(positions), format, documentName)) text += piece;
  return text;
}
