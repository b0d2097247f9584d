import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import type { TrackExportPoint } from '../../../src/shared/geo/track-files';
import { exportTrack, trackExportSource, writeTrackExport } from '../../../server/modules/tracks/track-export';

const HOSTILE = `Survey <b> & "north" 'field' ]]> <![CDATA[x]]> end`;

/** A strict parse: any error or warning of the parser fails the test. */
const parseXml = (text: string) =>
  new DOMParser({
    onError: (level, message) => {
      throw new Error(`${level}: ${message}`);
    },
  }).parseFromString(text, 'text/xml');

const point = (minute: number, gpsSatellites: number | null): TrackExportPoint => ({
  source: 'mobile',
  ident: `F-<${minute < 100 ? 'A' : 'B'}> & "co"`,
  time: new Date(Date.UTC(2026, 5, 15, 8, minute)),
  lat: 48.71 + minute / 1000,
  lon: 2.16 + minute / 1000,
  heightM: minute,
  rssi: null,
  gpsSatellites,
});
const POSITIONS = [point(0, 9), point(1, null), point(2, 11)];

describe('track exports written through the XML builder', () => {
  it('a KML document and placemark named with <, &, ]]> and quotes read back as written', async () => {
    const kml = parseXml(await exportTrack(POSITIONS, 'kml', HOSTILE));

    const names = [...kml.getElementsByTagName('name')].map((name) => name.textContent);
    expect(names).toEqual([HOSTILE, 'F-<A> & "co"']);
    expect(kml.documentElement?.namespaceURI).toBe('http://www.opengis.net/kml/2.2');
    const coords = kml.getElementsByTagNameNS('http://www.google.com/kml/ext/2.2', 'coord');
    expect([...coords].map((coord) => coord.textContent)).toEqual(['2.16 48.71 0', '2.161 48.711 1', '2.162 48.712 2']);
    expect([...kml.getElementsByTagName('when')].map((when) => when.textContent)).toEqual([
      '2026-06-15T08:00:00.000Z',
      '2026-06-15T08:01:00.000Z',
      '2026-06-15T08:02:00.000Z',
    ]);
  });

  it('a GPX route keeps the hostile names, each point’s time and the satellites only where reported', async () => {
    const gpx = parseXml(await exportTrack(POSITIONS, 'gpx', HOSTILE));

    expect([...gpx.getElementsByTagName('name')].map((name) => name.textContent)).toEqual([HOSTILE, 'F-<A> & "co"']);
    const points = [...gpx.getElementsByTagName('rtept')];
    expect(points.map((rtept) => [rtept.getAttribute('lat'), rtept.getAttribute('lon')])).toEqual([
      ['48.71', '2.16'],
      ['48.711', '2.161'],
      ['48.712', '2.162'],
    ]);
    expect(points.map((rtept) => rtept.getElementsByTagName('sat')[0]?.textContent ?? null)).toEqual(['9', null, '11']);
  });

  it('writes the same file when the points come in several chunks and for several targets', async () => {
    const positions = [...POSITIONS, point(100, null), point(101, 5)];
    const whole = await exportTrack(positions, 'kml', HOSTILE);
    const inMemory = trackExportSource(positions);
    const chunked = {
      targets: inMemory.targets,
      async *points(target: (typeof inMemory.targets)[number]) {
        for await (const chunk of inMemory.points(target)) for (const each of chunk) yield [each];
      },
    };

    let text = '';
    for await (const piece of writeTrackExport(chunked, 'kml', HOSTILE)) text += piece;

    expect(text).toBe(whole);
    expect(parseXml(text).getElementsByTagName('Placemark')).toHaveLength(2);
  });

  it('GeoJSON keeps the names as JSON strings', async () => {
    const collection = JSON.parse(await exportTrack(POSITIONS, 'geojson', HOSTILE));

    expect(collection.features[0].properties.name).toBe('F-<A> & "co"');
    expect(collection.features[0].properties.coordinateProperties.gpsSatellites).toEqual([9, null, 11]);
  });
});
