import { createCB } from 'xmlbuilder2';
import type { TrackExportFormat, TrackExportPoint } from '../../../src/shared/geo/track-files';

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

/** A file's writer: its beginning, per target an opening, a piece per point for each pass over them and an end, its end. */
interface ExportWriter {
  head(): string;
  target(target: TrackExportTarget, first: boolean): TargetWriter;
  tail(): string;
}

interface TargetWriter {
  open: string;
  passes: ((point: TrackExportPoint, first: boolean) => string)[];
  close(): string;
}

function geoJsonWriter(): ExportWriter {
  type JsonArray = readonly [string, (point: TrackExportPoint) => unknown];
  return {
    head: () => '{"type":"FeatureCollection","features":[',
    target(target, first) {
      const arrays: JsonArray[] = [
        ['times', (point) => point.time.toISOString()],
        ...(target.rssi ? [['rssi', (point) => point.rssi] satisfies JsonArray] : []),
        ...(target.gpsSatellites ? [['gpsSatellites', (point) => point.gpsSatellites] satisfies JsonArray] : []),
        ['coordinates', (point) => (point.heightM === null ? [point.lon, point.lat] : [point.lon, point.lat, point.heightM])],
      ];
      // Each pass's first piece ends the array the pass before it wrote, the coordinates' also the properties.
      const passes = arrays.map(([key, value], index) => {
        const before = index === 0 ? '' : index === arrays.length - 1 ? ']}},"geometry":{"type":"LineString",' : '],';
        return (point: TrackExportPoint, firstPoint: boolean) =>
          `${firstPoint ? `${before}"${key}":[` : ','}${JSON.stringify(value(point))}`;
      });
      return {
        open: `${first ? '' : ','}{"type":"Feature","properties":{"name":${JSON.stringify(target.ident)},"source":${JSON.stringify(target.source)},"coordinateProperties":{`,
        passes,
        close: () => ']}}',
      };
    },
    tail: () => ']}',
  };
}

/**
 * KML and GPX through the XML builder's callback API: every name and text is a text node or an attribute of the
 * builder, escaped by construction, and what it has written so far is taken after each piece.
 */
function xmlWriter(format: 'kml' | 'gpx', documentName: string): ExportWriter {
  let written = '';
  const xml = createCB({ data: (text: string) => void (written += text), prettyPrint: true, indent: '' });
  const take = (write: (builder: ReturnType<typeof createCB>) => unknown) => {
    write(xml);
    const text = written;
    written = '';
    return text;
  };
  if (format === 'kml')
    return {
      head: () =>
        take((builder) =>
          builder
            .dec({ version: '1.0', encoding: 'UTF-8' })
            .ele('http://www.opengis.net/kml/2.2', 'kml', { 'xmlns:gx': 'http://www.google.com/kml/ext/2.2' })
            .ele('Document')
            .ele('name')
            .txt(documentName)
            .up(),
        ),
      target: (target) => ({
        open: take((builder) =>
          builder.ele('Placemark').ele('name').txt(target.ident).up().ele('gx:Track').ele('altitudeMode').txt('relativeToGround').up(),
        ),
        passes: [
          (point) => take((builder) => builder.ele('when').txt(point.time.toISOString()).up()),
          (point) =>
            take((builder) =>
              builder
                .ele('gx:coord')
                .txt(`${point.lon} ${point.lat} ${point.heightM ?? 0}`)
                .up(),
            ),
        ],
        close: () => take((builder) => builder.up().up()),
      }),
      tail: () => `${take((builder) => builder.up().up().end())}\n`,
    };
  return {
    head: () =>
      take((builder) =>
        builder
          .dec({ version: '1.0', encoding: 'UTF-8' })
          .ele('http://www.topografix.com/GPX/1/1', 'gpx', { version: '1.1', creator: 'Aerogate' })
          .ele('metadata')
          .ele('name')
          .txt(documentName)
          .up()
          .up(),
      ),
    target: (target) => ({
      open: take((builder) => builder.ele('rte').ele('name').txt(target.ident).up()),
      passes: [
        (point) =>
          take((builder) => {
            const rtept = builder.ele('rtept', { lat: String(point.lat), lon: String(point.lon) });
            rtept.ele('time').txt(point.time.toISOString()).up();
            if (point.gpsSatellites !== null) rtept.ele('sat').txt(String(point.gpsSatellites)).up();
            rtept.up();
          }),
      ],
      close: () => take((builder) => builder.up()),
    }),
    tail: () => `${take((builder) => builder.up().end())}\n`,
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
  const writer = format === 'geojson' ? geoJsonWriter() : xmlWriter(format, documentName);
  yield writer.head();
  let firstTarget = true;
  for (const target of source.targets) {
    const targetWriter = writer.target(target, firstTarget);
    firstTarget = false;
    let text = targetWriter.open;
    for (const piece of targetWriter.passes) {
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
    yield `${text}${targetWriter.close()}`;
  }
  yield writer.tail();
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
