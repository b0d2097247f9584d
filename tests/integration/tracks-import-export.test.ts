import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Prisma } from '../../server/generated/prisma/client';
import { postFlightSchema } from '../../src/shared/contracts/post-flights';
import { trackImportResultSchema } from '../../src/shared/contracts/tracks';
import { TRACK_FILE_MAX_POINTS } from '../../src/shared/domain/limits';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { areaSquare } from './automation-support';
import { listen } from './live-support';
import { missionOperator } from './missions-support';
import { CLOCK_START, expectError } from './support';

const DIARIST = ['PREFLIGHT_LIST', 'PREFLIGHT_EDIT', 'JOURNEY_LIST', 'JOURNEY_EDIT'] as const;
const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

describe('track files of a mission: import and export', () => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof missionOperator>>;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await missionOperator(t, [...DIARIST]);
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  async function mission(status: Prisma.MissionCreateInput['status'] = 'validated', owner = operator) {
    const created = await t.db.prisma.mission.create({
      data: { userId: owner.user.id, title: 'Saclay survey', status, areas: areaSquare(2.16, 48.71, 0.01), startAt: CLOCK_START },
    });
    return created.id;
  }

  const upload = (id: string, name: string, bytes: Buffer = fixture(`tracks/${name}`), auth = operator.auth) =>
    request(t.app).post(`/api/postflights/${id}/track`).set(auth).attach('file', bytes, { filename: name });
  const download = (id: string, format: string, auth = operator.auth) =>
    request(t.app).get(`/api/postflights/${id}/track`).query({ format }).set(auth).buffer(true);
  const stored = (missionId: string) =>
    t.db.prisma.track.findMany({
      where: { missionId },
      orderBy: { time: 'asc' },
      select: { time: true, lat: true, lon: true, heightM: true },
    });

  describe('each format, as the tools that write them do', () => {
    it('reads a GPSLogger GPX of two segments: every point with its time, elevations made heights above the take-off', async () => {
      const id = await mission();

      const response = await upload(id, 'gpslogger-flight.gpx');

      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(trackImportResultSchema.parse(response.body)).toEqual({
        fileName: 'gpslogger-flight.gpx',
        positions: 40,
        firstAt: '2026-06-15T08:02:11.000Z',
        lastAt: '2026-06-15T08:09:26.000Z',
        flight: {
          durationS: 435,
          takeoff: { lat: 48.710213, lon: 2.161402 },
          landing: expect.objectContaining({ lat: expect.any(Number) }),
          maxHeightM: 45,
          maxDistanceM: expect.any(Number),
          battery: null,
          outsideMission: false,
        },
      });
      const positions = await stored(id);
      expect(positions).toHaveLength(40);
      expect(positions[0]).toEqual({ time: new Date('2026-06-15T08:02:11Z'), lat: 48.710213, lon: 2.161402, heightM: 0 });
      expect(Math.max(...positions.map((p) => p.heightM ?? 0))).toBe(45);
      const row = await t.db.prisma.track.findFirstOrThrow({ where: { missionId: id } });
      expect(row).toMatchObject({ source: 'mo', ident: `file:${id}`, type: 'drone', userId: operator.user.id });
    });

    it("reads Google Earth's gx:Track (when, gx:coord) with absolute altitudes", async () => {
      const id = await mission();

      const response = await upload(id, 'google-earth-track.kml');

      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body).toMatchObject({ positions: 30, firstAt: '2026-06-15T09:02:11.000Z', lastAt: '2026-06-15T09:04:07.000Z' });
      const positions = await stored(id);
      expect(positions[0]).toMatchObject({ lat: 48.712242, lon: 2.165311, heightM: 0 });
      expect(positions.map((p) => p.heightM)).toContain(45);
    });

    it("reads Google Earth's time-stamped points written as lon,lat,alt", async () => {
      const id = await mission();

      const response = await upload(id, 'google-earth-points.kml');

      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body).toMatchObject({ positions: 20, firstAt: '2026-06-15T10:02:11.000Z' });
      const [first] = await stored(id);
      expect(first).toMatchObject({ lon: 2.15802, heightM: 0 });
    });

    it('reads a GeoJSON LineString with its times in coordinateProperties (as togeojson writes it)', async () => {
      const id = await mission();

      const response = await upload(id, 'togeojson-flight.geojson');

      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body).toMatchObject({ positions: 18, firstAt: '2026-06-15T11:02:11.000Z', lastAt: '2026-06-15T11:03:36.000Z' });
    });

    it('reads a CSV flight log with time, lat, lon and height columns, heights kept as written', async () => {
      const id = await mission();

      const response = await upload(id, 'flight-log.csv');

      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body).toMatchObject({ positions: 22, firstAt: '2026-06-15T12:02:11.000Z' });
      const positions = await stored(id);
      expect(positions[1]).toMatchObject({ lat: 48.711036, lon: 2.16338, heightM: 6 });
    });

    it("reads AirData's CSV of a DJI flight: times from datetime(utc) and time(millisecond), heights in feet, battery", async () => {
      const id = await mission();

      const response = await upload(id, 'airdata-mini-2.csv');

      expect(response.status, JSON.stringify(response.body)).toBe(201);
      const result = trackImportResultSchema.parse(response.body);
      expect(result).toMatchObject({ positions: 582, firstAt: '2021-09-06T02:23:48.200Z', lastAt: '2021-09-06T02:44:42.600Z' });
      expect(result.flight).toMatchObject({ durationS: 1254, maxHeightM: 117.7, battery: { firstPct: 95, lastPct: 9 } });
      expect(result.flight.takeoff).toEqual({ lat: 47.5726976524126, lon: -122.62662335236 });
      expect(Math.abs(result.flight.maxDistanceM - 295.9)).toBeLessThan(1);
      expect(result.flight.outsideMission).toBe(true);
      const positions = await stored(id);
      expect(positions[0]).toMatchObject({ time: new Date('2021-09-06T02:23:48.200Z'), heightM: 0 });
      expect(Math.max(...positions.map((p) => p.heightM ?? 0))).toBe(117.7);
    });

    it.each([
      [
        'px4-fmu-v5-gps.ulg',
        { positions: 19, firstAt: '2023-10-31T07:42:40.600Z', lastAt: '2023-10-31T07:42:49.000Z' },
        { durationS: 8, maxHeightM: 9.1, battery: { firstPct: 4, lastPct: 0 } },
      ],
      [
        'arduplane-pixhawk.bin',
        { positions: 5, firstAt: '2017-10-29T01:47:10.000Z', lastAt: '2017-10-29T01:47:10.800Z' },
        { durationS: 1, battery: null },
      ],
      [
        'ardupilot-vtol.tlog',
        { positions: 806, firstAt: '2018-08-08T14:06:01.912Z', lastAt: '2018-08-08T14:09:29.507Z' },
        { durationS: 208, maxHeightM: 63.4, maxDistanceM: 249 },
      ],
    ])(
      "reads the flight controller's log %s in a worker and fills the diary's figures, flagged outside the mission",
      async (name, read, flight) => {
        const id = await mission();

        const response = await upload(id, name);

        expect(response.status, JSON.stringify(response.body)).toBe(201);
        const result = trackImportResultSchema.parse(response.body);
        expect(result).toMatchObject(read);
        expect(result.flight).toMatchObject({ ...flight, outsideMission: true });
        const positions = await stored(id);
        expect(positions).toHaveLength(read.positions);
        expect(positions[0]?.time.toISOString()).toBe(read.firstAt);
      },
    );

    it('proposes the flight time from the imported track and writes the import in the diary history', async () => {
      const id = await mission();

      await upload(id, 'gpslogger-flight.gpx');

      const diary = postFlightSchema.parse((await request(t.app).get(`/api/postflights/${id}`).set(operator.auth)).body);
      expect(diary.proposedFlightTimeMin.fromTracks).toBe(7);
      expect(diary.history[0]?.changes).toEqual([{ field: 'track', from: null, to: 'gpslogger-flight.gpx (40)' }]);
    });
  });

  describe('retention', () => {
    it('keeps a 2019 track the pilot imported when the hourly tracks-retention job runs, and deletes old tracker positions', async () => {
      const id = await mission();
      const gpx = fixture('tracks/gpslogger-flight.gpx').toString().replaceAll('2026-06-15T', '2019-06-15T');
      expect((await upload(id, 'flight-2019.gpx', Buffer.from(gpx))).status).toBe(201);
      await t.db.prisma.track.create({
        data: {
          source: 'wi',
          ident: 'TRK-2019',
          time: new Date('2019-06-15T08:00:00Z'),
          type: 'drone',
          lat: 48.71,
          lon: 2.16,
          missionId: id,
        },
      });

      await t.ctx.jobs.runNow('tracks-retention');

      expect(await stored(id)).toHaveLength(40);
      expect((await stored(id))[0]?.time).toEqual(new Date('2019-06-15T08:02:11Z'));
      expect(await t.db.prisma.track.count({ where: { ident: 'TRK-2019' } })).toBe(0);
    });
  });

  describe('the same track twice', () => {
    it('answers TRACK_ALREADY_EXISTS the second time and stores nothing more', async () => {
      const id = await mission();
      expect((await upload(id, 'gpslogger-flight.gpx')).status).toBe(201);

      const again = await upload(id, 'gpslogger-flight.gpx');

      expectError(again, 409, 'TRACK_ALREADY_EXISTS');
      expect(await stored(id)).toHaveLength(40);
    });

    it('recognises the track in another format: its GeoJSON export imported back is already there', async () => {
      const id = await mission();
      await upload(id, 'google-earth-track.kml');
      const exported = await download(id, 'geojson');

      const again = await upload(id, 'export.geojson', Buffer.from(exported.text));

      expectError(again, 409, 'TRACK_ALREADY_EXISTS');
    });

    it('keeps nothing of a file of which only part is already stored', async () => {
      const id = await mission();
      await upload(id, 'flight-log.csv');
      const csv = fixture('tracks/flight-log.csv').toString().trimEnd().split('\r\n');
      const overlapping = [csv[0], ...csv.slice(-2), '2026-06-15T12:30:00Z,48.7101,2.1634,12'].join('\n');

      expectError(await upload(id, 'more.csv', Buffer.from(overlapping)), 409, 'TRACK_ALREADY_EXISTS');
      expect(await stored(id)).toHaveLength(22);
    });
  });

  describe('files that are not a track', () => {
    it.each([
      ['a path drawn without times', 'tracks/google-earth-path-no-time.kml', 'path.kml', 'TRACK_FILE_NO_TIME'],
      ['an area and its pin from Google Earth', 'shapes/google-earth-field.kml', 'field.kml', 'TRACK_FILE_NO_TIME'],
      ['an area from QGIS', 'shapes/qgis-field.geojson', 'field.geojson', 'TRACK_FILE_EMPTY'],
    ])('%s answers 422 %s', async (_case, source, name, code) => {
      const id = await mission();
      expectError(await upload(id, name, fixture(source)), 422, code);
      expect(await stored(id)).toHaveLength(0);
    });

    it.each([
      ['XML cut short', 'cut.gpx', '<?xml version="1.0"?><gpx version="1.1"><trk><trkseg><trkpt lat="48.7" lon="2.1">'],
      ['JSON that is not GeoJSON', 'list.geojson', '[1, 2, 3]'],
      ['a CSV without coordinates', 'log.csv', 'time,altitude\n2026-06-15T08:00:00Z,12\n'],
      ['a latitude out of range', 'far.csv', 'time,lat,lon,height\n2026-06-15T08:00:00Z,91.2,2.1,10\n'],
    ])('%s answers 422 TRACK_FILE_INVALID', async (_case, name, text) => {
      const id = await mission();
      expectError(await upload(id, name, Buffer.from(text)), 422, 'TRACK_FILE_INVALID');
    });

    it('a CSV row without a time answers TRACK_FILE_NO_TIME', async () => {
      const id = await mission();
      const text = 'time,lat,lon,height\n2026-06-15T08:00:00Z,48.7,2.1,10\n,48.71,2.11,12\n';
      expectError(await upload(id, 'log.csv', Buffer.from(text)), 422, 'TRACK_FILE_NO_TIME');
    });

    it('another extension answers 415 UPLOAD_INVALID_TYPE, and no file 422 UPLOAD_FILE_REQUIRED', async () => {
      const id = await mission();
      expectError(await upload(id, 'flight.txt', fixture('tracks/flight-log.csv')), 415, 'UPLOAD_INVALID_TYPE');
      expectError(await request(t.app).post(`/api/postflights/${id}/track`).set(operator.auth), 422, 'UPLOAD_FILE_REQUIRED');
    });
  });

  describe('a file at the limits (issue 24 H2)', () => {
    /** A logger's CSV of `rows` positions, 100 ms apart. */
    const longCsv = (rows: number) =>
      Buffer.from(
        [
          'time,lat,lon,height',
          ...Array.from(
            { length: rows },
            (_, index) => `${new Date(Date.UTC(2026, 5, 15, 8) + index * 100).toISOString()},48.7,2.1,${index % 50}`,
          ),
        ].join('\n'),
      );

    it('a CSV past the positions cap answers 422 TRACK_FILE_TOO_MANY_POINTS and stores nothing', async () => {
      const id = await mission();
      expectError(await upload(id, 'long.csv', longCsv(TRACK_FILE_MAX_POINTS + 1)), 422, 'TRACK_FILE_TOO_MANY_POINTS');
      expect(await stored(id)).toHaveLength(0);
    });

    it('/api/health answers while a long file is being stored, before the import ends', async () => {
      const rows = 20_000;
      const id = await mission();
      const server = await listen(t.app);
      try {
        const form = new FormData();
        form.append('file', new Blob([longCsv(rows)]), 'long.csv');
        let importedAt = Infinity;
        const imported = fetch(`${server.url}/api/postflights/${id}/track`, { method: 'POST', headers: operator.auth, body: form }).then(
          (response) => {
            importedAt = performance.now();
            return response;
          },
        );
        // The first stored rows: the file has been read and the import is inserting (no transaction hides them).
        await expect
          .poll(() => t.db.prisma.track.count({ where: { missionId: id } }), { timeout: 30_000, interval: 20 })
          .toBeGreaterThan(0);
        const health = await fetch(`${server.url}/api/health`);
        const healthAt = performance.now();

        expect(health.status).toBe(200);
        expect(healthAt).toBeLessThan(importedAt);
        expect((await imported).status).toBe(201);
        expect(await t.db.prisma.track.count({ where: { missionId: id } })).toBe(rows);
      } finally {
        await server.close();
      }
    });
  });

  describe('rights and states', () => {
    it("never lets an operator import into or download another operator's track: 404 as for a missing mission", async () => {
      const id = await mission();
      await upload(id, 'flight-log.csv');
      const other = await missionOperator(t, [...DIARIST]);

      expectError(await upload(id, 'gpslogger-flight.gpx', undefined, other.auth), 404, 'NOT_FOUND');
      for (const format of ['kml', 'geojson', 'gpx']) expectError(await download(id, format, other.auth), 404, 'NOT_FOUND');
      expect(await stored(id)).toHaveLength(22);
    });

    it('JOURNEY_LIST_ADMIN downloads any track; importing needs JOURNEY_EDIT or JOURNEY_EDIT_ADMIN', async () => {
      const id = await mission();
      const reader = await signedInUser(t.app, t.db.prisma, ['JOURNEY_LIST_ADMIN']);
      const editor = await signedInUser(t.app, t.db.prisma, ['JOURNEY_LIST_ADMIN', 'JOURNEY_EDIT_ADMIN']);
      const ownReader = await signedInUser(t.app, t.db.prisma, ['JOURNEY_LIST']);

      expectError(await upload(id, 'flight-log.csv', undefined, reader.auth), 403, 'NOT_ALLOWED');
      expectError(await upload(id, 'flight-log.csv', undefined, ownReader.auth), 403, 'NOT_ALLOWED');
      expect((await upload(id, 'flight-log.csv', undefined, editor.auth)).status).toBe(201);
      expect((await download(id, 'kml', reader.auth)).status).toBe(200);
      expectError(await request(t.app).get(`/api/postflights/${id}/track?format=kml`), 401, 'UNAUTHENTICATED');
    });

    it('a mission not yet validated takes no track: 409 POST_FLIGHT_NOT_FLOWN', async () => {
      const id = await mission('draft');
      expectError(await upload(id, 'flight-log.csv'), 409, 'POST_FLIGHT_NOT_FLOWN');
    });

    it('an unknown export format answers 422', async () => {
      const id = await mission();
      expectError(await download(id, 'shp'), 422, 'VALIDATION_FAILED');
    });
  });

  describe('exports of a flight', () => {
    const xml = (text: string) => new DOMParser().parseFromString(text, 'text/xml');

    it('downloads the track as KML (a gx:Track), GeoJSON (a LineString with times) and GPX (a route only)', async () => {
      const id = await mission();
      await upload(id, 'gpslogger-flight.gpx');

      const kml = await download(id, 'kml');
      const geojson = await download(id, 'geojson');
      const gpx = await download(id, 'gpx');

      expect(kml.headers['content-type']).toMatch(/^application\/vnd\.google-earth\.kml\+xml/);
      expect(kml.headers['content-disposition']).toMatch(/^attachment; filename="?Saclay-survey\.kml"?$/);
      const track = xml(kml.text);
      expect(track.getElementsByTagName('when')).toHaveLength(40);
      expect(track.getElementsByTagName('gx:coord')[0]?.textContent).toBe('2.161402 48.710213 0');

      expect(geojson.headers['content-type']).toMatch(/^application\/geo\+json/);
      const collection = JSON.parse(geojson.text);
      expect(collection.features).toHaveLength(1);
      expect(collection.features[0].geometry.type).toBe('LineString');
      expect(collection.features[0].geometry.coordinates[0]).toEqual([2.161402, 48.710213, 0]);
      expect(collection.features[0].properties.coordinateProperties.times[39]).toBe('2026-06-15T08:09:26.000Z');

      expect(gpx.headers['content-type']).toMatch(/^application\/gpx\+xml/);
      const route = xml(gpx.text);
      expect(route.getElementsByTagName('trk')).toHaveLength(0);
      expect(route.getElementsByTagName('rte')).toHaveLength(1);
      expect(route.getElementsByTagName('rtept')).toHaveLength(40);
      expect(route.getElementsByTagName('rtept')[0]?.getAttribute('lat')).toBe('48.710213');
    });

    it('an export read back into another mission gives the same positions, whatever its format', async () => {
      const id = await mission();
      await upload(id, 'google-earth-points.kml');
      const original = await stored(id);

      for (const format of ['kml', 'geojson', 'gpx']) {
        const copy = await mission();
        const exported = await download(id, format);
        expect((await upload(copy, `copy.${format}`, Buffer.from(exported.text))).status).toBe(201);
        const positions = await stored(copy);
        expect(positions.map(({ time, lat, lon }) => ({ time, lat, lon }))).toEqual(
          original.map(({ time, lat, lon }) => ({ time, lat, lon })),
        );
        if (format !== 'gpx') expect(positions.map((p) => p.heightM)).toEqual(original.map((p) => p.heightM));
      }
    });
  });
});
