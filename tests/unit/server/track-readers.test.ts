import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { trackFormatOf, type TrackFileFormat } from '../../../src/shared/geo/track-files';
import { gpsTime } from '../../../server/modules/tracks/flight-log-readers';
import { flightSummary } from '../../../server/modules/tracks/flight-summary';
import { readTrack } from '../../../server/modules/tracks/track-readers';
import { trackPoints } from '../../../server/modules/tracks/track-positions';

const TRACKS = path.join(import.meta.dirname, '..', '..', 'fixtures', 'tracks');
const readFixture = async (name: string, format: TrackFileFormat, maxPoints = 100_000) => {
  const track = await readTrack(createReadStream(path.join(TRACKS, name)), format, { maxPoints });
  return { ...track, points: trackPoints(track), flight: flightSummary(track, { startAt: null, endAt: null }) };
};
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
    ['log_6_2021-7-20-11-41-56.ulg', 'ulog'],
    ['00000042.BIN', 'dataflash'],
    ['2018-08-08 14-05-57.tlog', 'tlog'],
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

  describe("flight controllers' logs (real files: tests/fixtures/tracks/ATTRIBUTION.md, values read with pyulog and pymavlink)", () => {
    it("reads GPSBabel's GPX of a Garmin's 8 tracks: 3D points, elevations made heights above the first", async () => {
      const { points, flight } = await readFixture('gpsbabel-garmin-cerknica.gpx', 'gpx');

      // gpxpy: 296 points, each with a distinct time and an elevation, 542.320923 m first, 579.331543 m the highest.
      expect(points).toHaveLength(296);
      expect(points[0]).toEqual({ time: new Date('2010-08-05T14:23:59Z'), lat: 45.772175035, lon: 14.357659249, heightM: 0 });
      expect(points.at(-1)).toEqual({ time: new Date('2010-08-05T16:23:49Z'), lat: 45.790873384, lon: 14.304442042, heightM: 20.2 });
      expect(flight).toMatchObject({ durationS: 7190, maxHeightM: 37, maxDistanceM: 4631 });
    });

    it('reads a PX4 ULog: GPS positions at their UTC time, altitudes above sea level made heights above the first, battery', async () => {
      const { points, flight } = await readFixture('px4-fmu-v5-gps.ulg', 'ulog');

      expect(points).toHaveLength(19);
      expect(points[0]).toEqual({ time: new Date('2023-10-31T07:42:40.600Z'), lat: 31.7534189, lon: 119.9146501, heightM: 0 });
      expect(points[1]?.heightM).toBe(0.5);
      expect(points.at(-1)).toEqual({ time: new Date('2023-10-31T07:42:49.000Z'), lat: 31.7534036, lon: 119.9146398, heightM: 9.1 });
      expect(flight).toMatchObject({ durationS: 8, maxHeightM: 9.1, maxDistanceM: 2, battery: { firstPct: 4, lastPct: 0 } });
    });

    it('reads an ArduPilot DataFlash log: GPS records at their GPS week and millisecond less the leap seconds', async () => {
      const { points, flight } = await readFixture('arduplane-pixhawk.bin', 'dataflash');

      expect(points.map((point) => point.time.toISOString())).toEqual(
        ['10.000', '10.200', '10.400', '10.600', '10.800'].map((second) => `2017-10-29T01:47:${second}Z`),
      );
      expect(points[0]).toMatchObject({ lat: -35.3626277, lon: 149.1653034, heightM: 0 });
      // pymavlink's Alt (m above sea level), each less the first; heights are kept to a tenth of a metre.
      const heights = [588.82, 588.87, 588.85, 588.83, 588.81].map((alt) => alt - 588.82);
      points.forEach((point, index) => expect(Math.abs(point.heightM! - heights[index]!)).toBeLessThanOrEqual(0.06));
      expect(flight).toMatchObject({ durationS: 1, battery: null });
    });

    it('reads a MAVLink telemetry log: GLOBAL_POSITION_INT at the ground station time, relative_alt as the height', async () => {
      const { points, flight } = await readFixture('ardupilot-vtol.tlog', 'tlog');

      expect(points).toHaveLength(806);
      expect(points[0]).toEqual({ time: new Date('2018-08-08T14:06:01.912Z'), lat: -35.3629904, lon: 149.1649392, heightM: 6.8 });
      expect(points.at(-1)).toEqual({ time: new Date('2018-08-08T14:09:29.507Z'), lat: -35.3609623, lon: 149.16503, heightM: -2.6 });
      expect(flight).toMatchObject({ durationS: 208, maxHeightM: 63.4, maxDistanceM: 249, battery: null });
    });

    it('converts GPS time to UTC with the leap seconds of its date', () => {
      expect(gpsTime(1973, 6_448_000)).toEqual(new Date('2017-10-29T01:47:10Z'));
      expect(gpsTime(1850, 0)).toEqual(new Date('2015-06-20T23:59:44Z'));
      expect(gpsTime(1852, 0)).toEqual(new Date('2015-07-04T23:59:43Z'));
    });

    it('refuses a file that is not the log its extension announces, and stops at the position past the cap', async () => {
      const notALog = Buffer.from('not a flight log at all');
      await expect(readTrack(Readable.from([notALog]), 'dataflash', { maxPoints: 10 })).rejects.toMatchObject({
        code: 'TRACK_FILE_INVALID',
      });
      await expect(readTrack(Readable.from([notALog]), 'ulog', { maxPoints: 10 })).rejects.toMatchObject({ code: 'TRACK_FILE_INVALID' });
      await expect(readTrack(Readable.from([notALog]), 'tlog', { maxPoints: 10 })).rejects.toMatchObject({ code: 'TRACK_FILE_EMPTY' });
      await expect(readFixture('ardupilot-vtol.tlog', 'tlog', 100)).rejects.toMatchObject({ code: 'TRACK_FILE_TOO_MANY_POINTS' });
      await expect(readFixture('px4-fmu-v5-gps.ulg', 'ulog', 10)).rejects.toMatchObject({ code: 'TRACK_FILE_TOO_MANY_POINTS' });
    });

    it('reads a ULog cut short (a logger losing power) up to the cut', async () => {
      const ulog = readFileSync(path.join(TRACKS, 'px4-fmu-v5-gps.ulg'));
      const whole = await readFixture('px4-fmu-v5-gps.ulg', 'ulog');

      const cut = await readTrack(Readable.from([ulog.subarray(0, 200_000), Buffer.alloc(5_000, 0xff)]), 'ulog', { maxPoints: 100 });

      expect(trackPoints(cut)).toEqual(whole.points.slice(0, 8));
    });

    it('refuses a DataFlash FMT declaring a record shorter than its header, which would never move the reader on', async () => {
      // An FMT record (A3 95 80) defining type 0x81 with a length of 0, then a record of that type.
      const fmt = Buffer.alloc(89);
      fmt.set([0xa3, 0x95, 0x80, 0x81, 0x00]);

      await expect(
        readTrack(Readable.from([Buffer.concat([fmt, Buffer.from([0xa3, 0x95, 0x81, 0, 0, 0])])]), 'dataflash', { maxPoints: 100 }),
      ).rejects.toMatchObject({ code: 'TRACK_FILE_INVALID' });
    });

    it('reads a DataFlash log however the stream cuts it', async () => {
      const bytes = readFileSync(path.join(TRACKS, 'arduplane-pixhawk.bin'));
      const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, index) => bytes.subarray(index * 7, index * 7 + 7));

      expect((await readTrack(Readable.from(chunks), 'dataflash', { maxPoints: 100 })).times).toHaveLength(5);
    });
  });
});
