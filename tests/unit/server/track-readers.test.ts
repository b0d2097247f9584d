import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { trackFormatOf, type TrackFileFormat } from '../../../src/shared/geo/track-files';
import { readTrack, trackPoints } from '../../../server/modules/tracks/track-readers';

const read = async (text: string, format: TrackFileFormat, maxPoints = 1_000) => {
  const track = await readTrack(Readable.from([Buffer.from(text)]), format, { maxPoints });
  return { ...track, points: trackPoints(track) };
};

describe('reading track files', () => {
  it.each([
    ['flight.GPX', 'gpx'],
    ['Saclay survey.kml', 'kml'],
    ['export.json', 'geojson'],
    ['export.geojson', 'geojson'],
    ['log.csv', 'csv'],
    ['notes.txt', undefined],
  ])('%s is read as %s', (name, format) => {
    expect(trackFormatOf(name)).toBe(format);
  });

  it('reads a semicolon CSV with a unit in its header and Unix seconds, in time order', async () => {
    const text = '\uFEFFTimestamp;Latitude;Longitude;Height (m)\n1781510531;48.7101;2.1612;12.5\n1781510530;48.71;2.161;10\n';

    expect((await read(text, 'csv')).points).toEqual([
      { time: new Date(1781510530_000), lat: 48.71, lon: 2.161, heightM: 10 },
      { time: new Date(1781510531_000), lat: 48.7101, lon: 2.1612, heightM: 12.5 },
    ]);
  });

  it('keeps the first of two positions at the same instant', async () => {
    const text = 'time,lat,lon\n2026-06-15T08:00:00Z,48.7,2.1\n2026-06-15T08:00:00Z,48.8,2.2\n';

    expect((await read(text, 'csv')).points).toEqual([{ time: new Date('2026-06-15T08:00:00Z'), lat: 48.7, lon: 2.1, heightM: null }]);
  });

  it("takes KML relativeToGround altitudes as heights, and Google Earth's clamped 0 as no height", async () => {
    const kml = (mode: string, alt: number) =>
      `<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><TimeStamp><when>2026-06-15T08:00:00Z</when></TimeStamp>` +
      `<Point>${mode}<coordinates>2.1,48.7,${alt}</coordinates></Point></Placemark></Document></kml>`;

    expect((await read(kml('<altitudeMode>relativeToGround</altitudeMode>', 35), 'kml')).points[0]?.heightM).toBe(35);
    expect((await read(kml('', 0), 'kml')).points[0]?.heightM).toBeNull();
  });

  it('stops at the position past the cap, whatever the format, with TRACK_FILE_TOO_MANY_POINTS', async () => {
    const times = Array.from({ length: 11 }, (_, index) => new Date(Date.UTC(2026, 5, 15, 8, 0, index)).toISOString());
    const gpx = `<gpx><trk><trkseg>${times.map((time) => `<trkpt lat="48.7" lon="2.1"><time>${time}</time></trkpt>`).join('')}</trkseg></trk></gpx>`;
    const csv = ['time,lat,lon', ...times.map((time) => `${time},48.7,2.1`)].join('\n');
    const kml =
      `<kml xmlns:gx="http://www.google.com/kml/ext/2.2"><Placemark><gx:Track>${times.map((time) => `<when>${time}</when>`).join('')}` +
      `${times.map(() => '<gx:coord>2.1 48.7 10</gx:coord>').join('')}</gx:Track></Placemark></kml>`;
    const geojson = JSON.stringify({
      type: 'Feature',
      properties: { coordinateProperties: { times } },
      geometry: { type: 'LineString', coordinates: times.map(() => [2.1, 48.7]) },
    });

    for (const [text, format] of [
      [gpx, 'gpx'],
      [csv, 'csv'],
      [kml, 'kml'],
      [geojson, 'geojson'],
    ] as const) {
      await expect(read(text, format, 10), format).rejects.toMatchObject({ code: 'TRACK_FILE_TOO_MANY_POINTS' });
      expect((await read(text, format, 11)).points, format).toHaveLength(11);
    }
  });

  it('expands no entity a file declares', async () => {
    const gpx =
      '<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
      '<gpx><trk><trkseg><trkpt lat="48.7" lon="2.1"><time>&b;</time></trkpt></trkseg></trk></gpx>';

    await expect(read(gpx, 'gpx')).rejects.toMatchObject({ code: 'TRACK_FILE_INVALID' });
  });
});
