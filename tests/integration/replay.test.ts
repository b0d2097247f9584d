import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Prisma } from '../../server/generated/prisma/client';
import {
  REPLAY_EXPORT_MAX,
  REPLAY_PAGE_MAX,
  replayDensitySchema,
  replayFlightsSchema,
  replayPageSchema,
  replayStationsSchema,
  type ReplayPage,
} from '../../src/shared/contracts/replay';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { MINUTE, expectError } from './support';

const START = new Date('2026-05-04T09:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * MINUTE);
const PERIOD = { from: START.toISOString(), to: at(120).toISOString() };

describe('replay of stored tracks', () => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof signedInUser>>;
  let other: Awaited<ReturnType<typeof signedInUser>>;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let ownMission: string;
  let otherMission: string;

  const track = (data: Partial<Prisma.TrackCreateManyInput> & { time: Date }): Prisma.TrackCreateManyInput => ({
    source: 'wi',
    ident: 'TRK-1',
    type: 'drone',
    lat: 48.7,
    lon: 2.2,
    heightM: 40,
    ...data,
  });

  beforeAll(async () => {
    t = await createTestApp();
    operator = await signedInUser(t.app, t.db.prisma, ['JOURNEY_LIST']);
    other = await signedInUser(t.app, t.db.prisma, ['JOURNEY_LIST']);
    admin = await signedInUser(t.app, t.db.prisma, ['JOURNEY_LIST_ADMIN']);
    const mission = (userId: string, title: string) =>
      t.db.prisma.mission.create({ data: { userId, title, status: 'archived' }, select: { id: true } }).then((row) => row.id);
    ownMission = await mission(operator.user.id, 'Quarry survey');
    otherMission = await mission(other.user.id, 'Vineyard spraying');
    await t.db.prisma.track.createMany({
      data: [
        // The operator's flight: a tracker of another account flew it (the mission is what makes it the operator's).
        ...Array.from({ length: 10 }, (_, i) =>
          track({
            ident: 'TRK-OWN',
            userId: other.user.id,
            missionId: ownMission,
            time: at(i),
            lon: 2.2 + i * 0.001,
            heightM: i * 20,
            // The tracker reports its speed, its link and its fix, but for the last position.
            speedMs: i < 9 ? i * 2.5 : null,
            rssi: i < 9 ? -50 - i * 5 : null,
            gpsSatellites: i < 9 ? 4 + i : null,
          }),
        ),
        // Two targets at the same instants: a page boundary may fall between them.
        ...Array.from({ length: 4 }, (_, i) => track({ source: 'mo', ident: 'OP', type: 'user', userId: operator.user.id, time: at(i) })),
        // The other operator's flight, far to the east.
        ...Array.from({ length: 5 }, (_, i) =>
          track({ ident: 'TRK-OTHER', userId: other.user.id, missionId: otherMission, time: at(i), lon: 5.5, lat: 45.2 }),
        ),
        // Third-party traffic (ADS-B): no account, no mission.
        track({ source: 'ab', ident: '39AC47', type: 'plane', time: at(3), heightM: 900 }),
        // Outside the period.
        track({ ident: 'TRK-OWN', userId: other.user.id, missionId: ownMission, time: at(-30) }),
      ],
    });
  });
  afterAll(() => t.close());

  const positions = (query: Record<string, string | number>, auth = operator.auth) =>
    request(t.app).get('/api/replay/positions').query(query).set(auth);

  /** Every page of a selection, followed through `next`. */
  async function allPages(query: Record<string, string | number>, auth = operator.auth) {
    const pages: ReplayPage[] = [];
    let after: string | null | undefined;
    do {
      const response = await positions(after ? { ...query, after } : query, auth);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const page = replayPageSchema.parse(response.body);
      pages.push(page);
      after = page.next;
    } while (after);
    return pages;
  }

  const rowsOf = (pages: ReplayPage[]) =>
    pages.flatMap((page) =>
      page.time.map((time, i) => ({
        ident: page.targets[page.target[i]!]!.ident,
        time,
        lon: page.lon[i],
        height: page.height[i],
        speed: page.speed[i],
        rssi: page.rssi[i],
        gpsSatellites: page.gpsSatellites[i],
      })),
    );

  it("answers the operator the positions of its account and of its missions, in time order, by columns, and never another operator's", async () => {
    const response = await positions(PERIOD);

    expect(response.status).toBe(200);
    const page = replayPageSchema.parse(response.body);
    expect(page.next).toBeNull();
    expect(page.targets.map((target) => target.ident).sort()).toEqual(['OP', 'TRK-OWN']);
    expect(page.targets.find((target) => target.ident === 'TRK-OWN')).toEqual({
      source: 'wi',
      ident: 'TRK-OWN',
      type: 'drone',
      missionId: ownMission,
    });
    expect(page.time).toHaveLength(14);
    expect(page.time).toEqual([...page.time].sort((a, b) => a - b));
    expect(page.time[0]).toBe(START.getTime());
    const own = rowsOf([page]).filter((row) => row.ident === 'TRK-OWN');
    expect(own.map((row) => row.height)).toEqual([0, 20, 40, 60, 80, 100, 120, 140, 160, 180]);
    expect(own.map((row) => row.speed)).toEqual([0, 2.5, 5, 7.5, 10, 12.5, 15, 17.5, 20, null]);
    expect(own.map((row) => row.rssi)).toEqual([-50, -55, -60, -65, -70, -75, -80, -85, -90, null]);
    expect(own.map((row) => row.gpsSatellites)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, null]);
    expect(rowsOf([page]).filter((row) => row.ident === 'OP')[0]).toMatchObject({ speed: null, rssi: null, gpsSatellites: null });
  });

  it('answers an administrator every position of the period, and one account when asked', async () => {
    const all = rowsOf(await allPages(PERIOD, admin.auth));
    const ofOther = rowsOf(await allPages({ ...PERIOD, userId: other.user.id }, admin.auth));

    expect(all).toHaveLength(20);
    // The other operator's own missions, and the positions of its trackers wherever they flew.
    expect(new Set(ofOther.map((row) => row.ident))).toEqual(new Set(['TRK-OTHER', 'TRK-OWN']));
  });

  it("refuses an operator another account's tracks (403) and another operator's mission (404), and a caller without JOURNEY_LIST", async () => {
    const nobody = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST']);

    expectError(await positions({ ...PERIOD, userId: other.user.id }), 403, 'NOT_ALLOWED');
    expectError(await positions({ ...PERIOD, missionId: otherMission }), 404, 'NOT_FOUND');
    expectError(
      await request(t.app).get('/api/replay/flights').query(PERIOD).set(operator.auth).query({ missionId: otherMission }),
      404,
      'NOT_FOUND',
    );
    expectError(await positions(PERIOD, nobody.auth), 403, 'NOT_ALLOWED');
    expectError(await request(t.app).get('/api/replay/positions').query(PERIOD), 401, 'UNAUTHENTICATED');
  });

  it('filters by mission, source, area and period', async () => {
    const mission = rowsOf(await allPages({ ...PERIOD, missionId: ownMission }));
    const mobile = rowsOf(await allPages({ ...PERIOD, source: 'mo' }));
    const area = rowsOf(await allPages({ ...PERIOD, bbox: '2.2035,48.6,2.2055,48.8' }));
    const firstMinutes = rowsOf(await allPages({ from: START.toISOString(), to: at(2).toISOString() }));

    expect(mission.map((row) => row.ident)).toEqual(Array(10).fill('TRK-OWN'));
    expect(mobile.map((row) => row.ident)).toEqual(['OP', 'OP', 'OP', 'OP']);
    expect(area.map((row) => row.lon)).toEqual([2.204, 2.205]);
    expect(firstMinutes).toHaveLength(4);
  });

  it('pages through a selection with `next`, each position once, and the pages join in time order', async () => {
    const whole = rowsOf(await allPages(PERIOD, admin.auth));

    for (const limit of [1, 3, 7]) {
      const pages = await allPages({ ...PERIOD, limit }, admin.auth);
      expect(pages.every((page) => page.time.length <= limit)).toBe(true);
      expect(rowsOf(pages)).toEqual(whole);
    }
  });

  it('refuses a page larger than the limit, a period longer than 31 days or reversed, and a forged cursor (422)', async () => {
    const long = { from: START.toISOString(), to: new Date(START.getTime() + 32 * 24 * 60 * MINUTE).toISOString() };

    expectError(await positions({ ...PERIOD, limit: REPLAY_PAGE_MAX + 1 }), 422, 'VALIDATION_FAILED');
    expectError(await positions(long), 422, 'VALIDATION_FAILED');
    expectError(await positions({ from: PERIOD.to, to: PERIOD.from }), 422, 'VALIDATION_FAILED');
    expectError(await positions({ ...PERIOD, after: 'not-a-cursor' }), 422, 'VALIDATION_FAILED');
  });

  it('lists the missions flown in the period with their span and count, the operator its own only', async () => {
    const own = await request(t.app).get('/api/replay/flights').query(PERIOD).set(operator.auth);
    const all = await request(t.app).get('/api/replay/flights').query(PERIOD).set(admin.auth);

    expect(own.status).toBe(200);
    expect(replayFlightsSchema.parse(own.body).items).toEqual([
      {
        missionId: ownMission,
        title: 'Quarry survey',
        ownerId: operator.user.id,
        ownerName: expect.any(String),
        first: START.toISOString(),
        last: at(9).toISOString(),
        positions: 10,
      },
    ]);
    expect(
      replayFlightsSchema
        .parse(all.body)
        .items.map((item) => item.title)
        .sort(),
    ).toEqual(['Quarry survey', 'Vineyard spraying']);
  });

  it('counts the heatmap of the selection by cells in the database, densest first, within the rights of the replay', async () => {
    const density = (query: Record<string, string | number>, auth = operator.auth) =>
      request(t.app).get('/api/replay/density').query(query).set(auth);

    const own = await density({ ...PERIOD, cell: 0.01 });
    const all = await density({ ...PERIOD, cell: 0.01 }, admin.auth);

    expect(own.status).toBe(200);
    // The operator's 14 positions all fall in one cell, drawn at their mean; the other operator's flight is not counted.
    const cells = replayDensitySchema.parse(own.body);
    expect(cells).toMatchObject({ cell: 0.01, count: [14], truncated: false });
    expect(cells.lon[0]).toBeCloseTo((10 * 2.2045 + 4 * 2.2) / 14, 9);
    expect(cells.lat[0]).toBeCloseTo(48.7, 9);
    expect(replayDensitySchema.parse(all.body).count).toEqual([15, 5]);
    expectError(await density({ ...PERIOD, cell: 0 }), 422, 'VALIDATION_FAILED');
    expectError(await density({ ...PERIOD, userId: other.user.id }), 403, 'NOT_ALLOWED');
  });

  it('streams the selection as CSV, past several pages of the extraction, with the rights of the replay', async () => {
    const day = new Date('2026-05-10T00:00:00Z');
    await t.db.pool.query(
      `INSERT INTO "Track" (source, ident, "userId", time, type, lat, lon, "heightM", "missionId")
       SELECT 'wi', 'BULK', $1::uuid, ($2::timestamptz AT TIME ZONE 'UTC') + g * interval '1 second', 'drone', 48.7, 2.2, 30, $3::uuid
         FROM generate_series(0, 24999) g`,
      [other.user.id, day.toISOString(), ownMission],
    );
    const period = { from: day.toISOString(), to: new Date(day.getTime() + 24 * 60 * MINUTE).toISOString() };

    const response = await request(t.app).get('/api/replay/positions.csv').query(period).set(operator.auth);
    const refused = await request(t.app)
      .get('/api/replay/positions.csv')
      .query({ ...period, userId: other.user.id })
      .set(operator.auth);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.text.trimEnd().split('\n');
    expect(lines[0]).toBe('time,source,ident,type,missionId,lat,lon,height,speed,heading,rssi,gpsSatellites');
    expect(lines).toHaveLength(25_001);
    expect(lines[1]).toBe(`2026-05-10T00:00:00.000Z,wi,BULK,drone,${ownMission},48.7,2.2,30,,,,`);
    expect(lines[25_000]!.startsWith('2026-05-10T06:56:39.000Z,')).toBe(true);
    expectError(refused, 403, 'NOT_ALLOWED');
  });

  it('writes the CSV of the contract: its header, LF line ends, RFC 4180 quoting, empty missing values, exact numbers', async () => {
    const day = new Date('2026-05-12T08:00:00Z');
    await t.db.prisma.track.createMany({
      data: [
        track({ ident: 'A,"B"\r\nC', userId: operator.user.id, time: day, lat: 48.5, lon: -2.5, heightM: null }),
        track({
          ident: 'PLAIN',
          userId: operator.user.id,
          missionId: ownMission,
          time: new Date(day.getTime() + 1_250),
          lat: 48.123456789,
          lon: -2.5,
          heightM: 12.5,
          speedMs: 3.25,
          heading: 270,
        }),
        track({ ident: 'ELSEWHERE', userId: operator.user.id, time: new Date(day.getTime() + 2_000), lon: 1.5 }),
      ],
    });
    const selection = {
      from: day.toISOString(),
      to: new Date(day.getTime() + 60 * MINUTE).toISOString(),
      source: 'wi',
      bbox: '-3,48,0,49',
    };

    const response = await request(t.app).get('/api/replay/positions.csv').query(selection).set(operator.auth);

    expect(response.status).toBe(200);
    expect(response.text).toBe(
      'time,source,ident,type,missionId,lat,lon,height,speed,heading,rssi,gpsSatellites\n' +
        '2026-05-12T08:00:00.000Z,wi,"A,""B""\r\nC",drone,,48.5,-2.5,,,,,\n' +
        `2026-05-12T08:00:01.250Z,wi,PLAIN,drone,${ownMission},48.123456789,-2.5,12.5,3.25,270,,\n`,
    );
  });

  it('writes the speed, signal strength and GPS satellites of each position in the CSV, empty where not reported', async () => {
    const response = await request(t.app)
      .get('/api/replay/positions.csv')
      .query({ ...PERIOD, missionId: ownMission })
      .set(operator.auth);

    const lines = response.text.trimEnd().split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[1]).toBe(`${START.toISOString()},wi,TRK-OWN,drone,${ownMission},48.7,2.2,0,0,,-50,4`);
    expect(lines[10]).toBe(`${at(9).toISOString()},wi,TRK-OWN,drone,${ownMission},48.7,${2.2 + 9 * 0.001},180,,,,`);
  });

  it('exports the selection as KML, GeoJSON and GPX, a line per target, with the rights of the CSV', async () => {
    const exported = (query: Record<string, string | number>, auth = operator.auth) =>
      request(t.app).get('/api/replay/track').query(query).set(auth);
    /** A download's text, whatever its media type. */
    const file = (query: Record<string, string | number>) =>
      exported(query)
        .buffer(true)
        .parse((res, done) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => done(null, body));
        });
    const nobody = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST']);

    const geojson = await file({ ...PERIOD, format: 'geojson' });
    const kml = await file({ ...PERIOD, format: 'kml' });
    const gpx = await file({ ...PERIOD, format: 'gpx', missionId: ownMission });

    expect(geojson.status).toBe(200);
    expect(geojson.headers['content-type']).toMatch(/^application\/geo\+json/);
    expect(geojson.headers['content-disposition']).toBe('attachment; filename=replay.geojson');
    const features = (
      JSON.parse(geojson.body as string) as {
        features: {
          properties: { name: string; coordinateProperties: Record<string, unknown[]> };
          geometry: { coordinates: number[][] };
        }[];
      }
    ).features;
    expect(features.map((feature) => feature.properties.name).sort()).toEqual(['OP', 'TRK-OWN']);
    const own = features.find((feature) => feature.properties.name === 'TRK-OWN')!;
    // Compared to the micro-degree: the sums written above carry floating-point noise that the stored values may not.
    const micro = (value: number) => Number(value.toFixed(6));
    expect(own.geometry.coordinates.map(([lon, lat, height]) => [micro(lon!), lat, height])).toEqual(
      Array.from({ length: 10 }, (_, i) => [micro(2.2 + i * 0.001), 48.7, i * 20]),
    );
    expect(own.properties.coordinateProperties.rssi).toEqual([-50, -55, -60, -65, -70, -75, -80, -85, -90, null]);
    expect(own.properties.coordinateProperties.gpsSatellites).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, null]);
    // A target that never reported them has neither.
    expect(Object.keys(features.find((feature) => feature.properties.name === 'OP')!.properties.coordinateProperties)).toEqual(['times']);

    expect(kml.status).toBe(200);
    expect(kml.headers['content-type']).toMatch(/^application\/vnd\.google-earth\.kml\+xml/);
    expect((kml.body as string).match(/<Placemark>/g)).toHaveLength(2);
    expect((kml.body as string).match(/<when>/g)).toHaveLength(14);
    expect(kml.body).toContain(`<when>${START.toISOString()}</when>`);

    expect(gpx.status).toBe(200);
    expect(gpx.headers['content-disposition']).toBe('attachment; filename=replay.gpx');
    expect((gpx.body as string).match(/<rte>/g)).toHaveLength(1);
    const points = [...new DOMParser().parseFromString(gpx.body as string, 'text/xml').getElementsByTagName('rtept')];
    const pointOf = (rtept: XmlElement) => ({
      lat: rtept.getAttribute('lat'),
      lon: rtept.getAttribute('lon'),
      time: rtept.getElementsByTagName('time')[0]?.textContent,
      sat: rtept.getElementsByTagName('sat')[0]?.textContent,
    });
    expect(points).toHaveLength(10);
    expect(pointOf(points[0]!)).toEqual({ lat: '48.7', lon: '2.2', time: START.toISOString(), sat: '4' });
    expect(points.map(pointOf)).toContainEqual(expect.objectContaining({ time: at(9).toISOString(), sat: undefined }));
    expect(gpx.body).not.toContain('<ele>');

    expectError(await exported({ ...PERIOD, format: 'kml', userId: other.user.id }), 403, 'NOT_ALLOWED');
    expectError(await exported({ ...PERIOD, format: 'kml', missionId: otherMission }), 404, 'NOT_FOUND');
    expectError(await exported({ ...PERIOD, format: 'kml' }, nobody.auth), 403, 'NOT_ALLOWED');
    expectError(await exported({ ...PERIOD, format: 'csv' }), 422, 'VALIDATION_FAILED');
  });

  it('refuses to export as KML, GeoJSON or GPX a selection of more than REPLAY_EXPORT_MAX positions, which the CSV streams', async () => {
    const day = new Date('2026-05-20T00:00:00Z');
    await t.db.pool.query(
      `INSERT INTO "Track" (source, ident, "userId", time, type, lat, lon, "heightM")
       SELECT 'wi', 'MANY', $1::uuid, ($2::timestamptz AT TIME ZONE 'UTC') + g * interval '1 second', 'drone', 48.7, 2.2, 30
         FROM generate_series(0, $3::int) g`,
      [operator.user.id, day.toISOString(), REPLAY_EXPORT_MAX],
    );
    const period = { from: day.toISOString(), to: new Date(day.getTime() + 3 * 24 * 60 * MINUTE).toISOString() };

    const response = await request(t.app)
      .get('/api/replay/track')
      .query({ ...period, format: 'gpx' })
      .set(operator.auth);

    expectError(response, 422, 'REPLAY_EXPORT_TOO_LARGE');
  });

  it('lists the ground stations that received the selection, where they stand, within the rights of the replay', async () => {
    const day = new Date('2026-05-25T00:00:00Z');
    const when = (minutes: number) => new Date(day.getTime() + minutes * MINUTE);
    const station = { stationName: 'Mast A', stationLatitude: 48.71, stationLongitude: 2.21 };
    await t.db.prisma.track.createMany({
      data: [
        ...Array.from({ length: 3 }, (_, i) => track({ ident: 'ST-OWN', userId: operator.user.id, time: when(i), ...station })),
        track({
          ident: 'ST-OWN',
          userId: operator.user.id,
          time: when(5),
          stationName: null,
          stationLatitude: 48.72,
          stationLongitude: 2.22,
        }),
        // Without a station, and another operator's through its own station.
        track({ ident: 'ST-OWN', userId: operator.user.id, time: when(6) }),
        track({
          ident: 'ST-OTHER',
          userId: other.user.id,
          time: when(1),
          stationName: 'Mast B',
          stationLatitude: 45.2,
          stationLongitude: 5.5,
        }),
      ],
    });
    const period = { from: day.toISOString(), to: when(60).toISOString() };
    const stations = (query: Record<string, string>, auth = operator.auth) =>
      request(t.app).get('/api/replay/stations').query(query).set(auth);

    const own = await stations(period);
    const all = await stations(period, admin.auth);

    expect(own.status).toBe(200);
    expect(replayStationsSchema.parse(own.body)).toEqual({
      items: [
        { name: 'Mast A', lat: 48.71, lon: 2.21, positions: 3 },
        { name: null, lat: 48.72, lon: 2.22, positions: 1 },
      ],
      truncated: false,
    });
    expect(replayStationsSchema.parse(all.body).items.map((item) => item.name)).toEqual(['Mast A', 'Mast B', null]);
    expectError(await stations({ ...period, userId: other.user.id }), 403, 'NOT_ALLOWED');
  });
});
