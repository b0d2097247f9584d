import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { missionWeatherSchema } from '../../src/shared/contracts/weather';
import { createTestApp, type TestApp } from '../setup/test-app';
import { CLOCK_START, DAY, HOUR, expectError } from './support';
import { completeMission, missionOperator, NEAR_ORLY, postMission, square } from './missions-support';

// The recorded LFPO TAF (issued 28 Nov 2020 11:00Z, valid 28 12:00Z to 29 18:00Z) is replayed as issued in the hour
// before the test clock (15 June 2026 08:00Z): valid 15 June 08:00Z to 16 June 14:00Z, every group moved by the same
// number of hours. 16 June 01:00Z is 29 Nov 05:00Z of the recording: BECMG 4000 BR, TEMPO 1500 BR OVC002 and PROB30 TEMPO 0600 FG.
const IN_THE_MIST = '2026-06-16T01:00:00.000Z';
const BEFORE_THE_MIST = '2026-06-15T10:00:00.000Z';
/** Central Rennes, 6.4 km from Rennes-Saint-Jacques (LFRN) by the haversine formula. */
const RENNES = square(-1.68, 48.11, 0.005);

describe('weather', () => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof missionOperator>>;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await missionOperator(t);
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  async function missionAt(startAt: string, areas: object = NEAR_ORLY) {
    const end = new Date(new Date(startAt).getTime() + HOUR).toISOString();
    const response = await postMission(t, operator.auth, completeMission(operator, { startAt, endAt: end, areas }));
    expect(response.status).toBe(201);
    return response.body.id as string;
  }

  const weatherOf = (id: string, auth = operator.auth) => request(t.app).get(`/api/preflights/${id}/weather`).set(auth);

  describe('GET /api/preflights/{id}/weather from the recorded real TAFs', () => {
    it('answers the forecast of Orly, the nearest aerodrome, shifted to today and said to be a recording', async () => {
      const response = await weatherOf(await missionAt(BEFORE_THE_MIST));

      expect(response.status).toBe(200);
      const weather = missionWeatherSchema.parse(response.body);
      expect(weather.station.icao).toBe('LFPO');
      expect(weather.station.distanceKm).toBeLessThan(5);
      expect(weather.recorded).toBe(true);
      expect(weather.issuedAt).toBe('2026-06-15T07:00:00.000Z');
      expect(weather.validFrom).toBe('2026-06-15T08:00:00.000Z');
      expect(weather.validTo).toBe('2026-06-16T14:00:00.000Z');
      expect(weather.raw).toMatch(/^TAF LFPO 150700Z 1508\/1614 06005KT CAVOK BECMG 1522\/1600 4000 BR TEMPO 1600\/1606 1500 BR OVC002/);
    });

    it('is VFR under CAVOK with no temporary change in force', async () => {
      const weather = (await weatherOf(await missionAt(BEFORE_THE_MIST))).body;

      expect(weather.prevailing).toMatchObject({ cavok: true, ceilingFt: null, category: 'VFR', windDirectionDeg: 60, windSpeedKt: 5 });
      expect(weather.supplemental).toEqual([]);
      expect(weather.worstCategory).toBe('VFR');
    });

    it('reads BECMG as the prevailing conditions and TEMPO and PROB30 TEMPO as the changes that may come', async () => {
      const weather = (await weatherOf(await missionAt(IN_THE_MIST))).body;

      expect(weather.prevailing).toMatchObject({ visibilityM: 4000, ceilingFt: null, phenomena: ['BR'], category: 'IFR' });
      expect(weather.supplemental).toEqual([
        expect.objectContaining({ change: 'TEMPO', probability: null, visibilityM: 1500, ceilingFt: 200, category: 'LIFR' }),
        expect.objectContaining({ change: 'TEMPO', probability: 30, visibilityM: 600, ceilingFt: 0, phenomena: ['FG'], category: 'LIFR' }),
      ]);
      expect(weather.worstCategory).toBe('LIFR');
      expect(weather.groups.map((g: { change: string | null }) => g.change)).toEqual([null, 'BECMG', 'TEMPO', 'TEMPO', 'BECMG', 'BECMG']);
    });

    it('answers 422 NO_WEATHER_FORECAST for a mission three days ahead, beyond the TAF', async () => {
      const id = await missionAt(new Date(CLOCK_START.getTime() + 3 * DAY).toISOString());

      expectError(await weatherOf(id), 422, 'NO_WEATHER_FORECAST');
    });

    it('answers 422 NO_WEATHER_FORECAST for a mission that has already started before the TAF', async () => {
      const id = await missionAt('2026-06-15T08:30:00.000Z');
      // At 09:30Z the replayed TAF is issued at 08:00Z and valid from 09:00Z: the mission's start is before it.
      t.clock.set('2026-06-15T09:30:00Z');

      expectError(await weatherOf(id), 422, 'NO_WEATHER_FORECAST');
    });

    it('answers 422 NO_RECORDED_WEATHER for a mission in Rennes: its aerodrome LFRN is known, its TAF not recorded', async () => {
      expectError(await weatherOf(await missionAt(BEFORE_THE_MIST, RENNES)), 422, 'NO_RECORDED_WEATHER');
    });

    it('answers 422 NO_WEATHER_STATION for a mission in the Bay of Biscay, 60 km and more from every aerodrome', async () => {
      expectError(await weatherOf(await missionAt(BEFORE_THE_MIST, square(-5.5, 46.5, 0.005))), 422, 'NO_WEATHER_STATION');
    });

    it("answers 404 to another operator: a mission's weather is read with the mission", async () => {
      const id = await missionAt(BEFORE_THE_MIST);
      const other = await missionOperator(t);

      expectError(await weatherOf(id, other.auth), 404, 'NOT_FOUND');
    });
  });

  describe('WEATHER_TAF_URL', () => {
    let server: Server;
    let answer: { status: number; body: string };
    let asked: string[];
    let live: TestApp;
    beforeAll(async () => {
      asked = [];
      server = createServer((req, res) => {
        asked.push(req.url ?? '');
        res.writeHead(answer.status, { 'content-type': 'text/plain' });
        res.end(answer.body);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      live = await createTestApp({ WEATHER_TAF_URL: `http://127.0.0.1:${port}/api/data/taf?ids={icao}&format=raw` });
    });
    afterAll(async () => {
      await live.close();
      await new Promise((resolve) => server.close(resolve));
    });

    it('asks the configured service for the nearest aerodrome and reads the TAF it answers', async () => {
      live.clock.set('2026-06-15T08:00:00Z');
      answer = {
        status: 200,
        body: 'TAF LFPO 150500Z 1506/1612 02010KT 8000 NSC PROB30 TEMPO 1506/1509 3000 BR SCT008 TEMPO 1511/1524 CAVOK=\n',
      };
      const me = await missionOperator(live);
      const created = await postMission(
        live,
        me.auth,
        completeMission(me, { startAt: '2026-06-15T10:00:00.000Z', endAt: '2026-06-15T11:00:00.000Z' }),
      );

      const response = await request(live.app).get(`/api/preflights/${created.body.id}/weather`).set(me.auth);

      expect(response.status).toBe(200);
      expect(asked.at(-1)).toBe('/api/data/taf?ids=LFPO&format=raw');
      expect(response.body).toMatchObject({ recorded: false, issuedAt: '2026-06-15T05:00:00.000Z', worstCategory: 'MVFR' });
      expect(response.body.prevailing).toMatchObject({ visibilityM: 8000, category: 'MVFR' });
    });

    it('asks for the TAF of Rennes-Saint-Jacques (LFRN) for a mission in Rennes', async () => {
      live.clock.set('2026-06-15T08:00:00Z');
      // A TAF as an aviation weather service answers it in raw format: only Rennes-Saint-Jacques can be asked for it.
      answer = { status: 200, body: 'TAF LFRN 150500Z 1506/1612 24012KT 9999 BKN012 TEMPO 1506/1612 4000 RA BKN007=\n' };
      const me = await missionOperator(live);
      const created = await postMission(
        live,
        me.auth,
        completeMission(me, { startAt: '2026-06-15T10:00:00.000Z', endAt: '2026-06-15T11:00:00.000Z', areas: RENNES }),
      );

      const response = await request(live.app).get(`/api/preflights/${created.body.id}/weather`).set(me.auth);

      expect(response.status).toBe(200);
      expect(asked.at(-1)).toBe('/api/data/taf?ids=LFRN&format=raw');
      expect(response.body.station).toEqual({ icao: 'LFRN', name: 'Rennes-Saint-Jacques Airport', distanceKm: expect.closeTo(6.4, 1) });
      expect(response.body).toMatchObject({ recorded: false, worstCategory: 'IFR' });
      expect(response.body.prevailing).toMatchObject({ ceilingFt: 1200, category: 'MVFR' });
    });

    it('answers 503 EXTERNAL_SERVICE_UNAVAILABLE when the service fails', async () => {
      answer = { status: 502, body: 'bad gateway' };
      const me = await missionOperator(live);
      const created = await postMission(
        live,
        me.auth,
        completeMission(me, { startAt: '2026-06-15T10:00:00.000Z', endAt: '2026-06-15T11:00:00.000Z' }),
      );

      expectError(
        await request(live.app).get(`/api/preflights/${created.body.id}/weather`).set(me.auth),
        503,
        'EXTERNAL_SERVICE_UNAVAILABLE',
      );
    });
  });

  describe('GET /api/weather/aerodromes: the TAF category map layer', () => {
    const inView = (bbox: string, at: string, auth: Record<string, string> | null = operator.auth) => {
      const call = request(t.app).get('/api/weather/aerodromes').query({ bbox, at });
      return auth ? call.set(auth) : call;
    };
    const ORLY_VIEW = '2.3,48.7,2.45,48.75';

    it("gives each aerodrome in view the worst category its TAF forecasts at the map's time", async () => {
      const clear = await inView(ORLY_VIEW, BEFORE_THE_MIST);
      const mist = await inView(ORLY_VIEW, IN_THE_MIST);

      expect(clear.status).toBe(200);
      expect(clear.body.items).toContainEqual({
        icao: 'LFPO',
        name: expect.any(String),
        lon: expect.closeTo(2.38, 1),
        lat: expect.closeTo(48.72, 1),
        category: 'VFR',
        recorded: true,
      });
      expect(mist.body.items.find((item: { icao: string }) => item.icao === 'LFPO')).toMatchObject({ category: 'LIFR' });
    });

    it('says no category where no TAF is valid: beyond its validity, or an aerodrome without a recording', async () => {
      const later = await inView(ORLY_VIEW, new Date(CLOCK_START.getTime() + 3 * DAY).toISOString());
      const rennes = await inView('-1.8,48.0,-1.6,48.2', BEFORE_THE_MIST);

      expect(later.body.items.find((item: { icao: string }) => item.icao === 'LFPO')).toMatchObject({ category: null });
      expect(rennes.body.items).toContainEqual(expect.objectContaining({ icao: 'LFRN', category: null, recorded: false }));
    });

    it('refuses a view wider than 3° with 422 VALIDATION_FAILED, and answers 401 without a session', async () => {
      expectError(await inView('0,45,4,48', BEFORE_THE_MIST), 422, 'VALIDATION_FAILED');
      expectError(await inView(ORLY_VIEW, BEFORE_THE_MIST, null), 401, 'UNAUTHENTICATED');
    });
  });

  describe('GET /api/weather/settings', () => {
    it('has no rain radar without RAIN_RADAR_URL', async () => {
      const response = await request(t.app).get('/api/weather/settings').set(operator.auth);

      expect(response.body).toEqual({ rainRadarUrl: null, rainRadarRefreshMinutes: 10 });
    });

    it('gives the configured tile template', async () => {
      const radar = await createTestApp({ RAIN_RADAR_URL: 'https://radar.example/tiles/{z}/{x}/{y}.png' });
      const me = await missionOperator(radar);

      const response = await request(radar.app).get('/api/weather/settings').set(me.auth);
      await radar.close();

      expect(response.body.rainRadarUrl).toBe('https://radar.example/tiles/{z}/{x}/{y}.png');
    });

    it('answers 401 without a session', async () => {
      expectError(await request(t.app).get('/api/weather/settings'), 401, 'UNAUTHENTICATED');
    });
  });
});
