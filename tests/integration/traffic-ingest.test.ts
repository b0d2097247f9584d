import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TRAFFIC_BATCH_MAX, type TrafficPost } from '../../src/shared/contracts/traffic';
import type { Logger } from '../../server/lib/logger';
import type { IngestedPosition } from '../../server/modules/traffic/positions';
import { createTrafficIngest } from '../../server/modules/traffic/traffic.ingest';
import { createTrafficRepository } from '../../server/modules/traffic/traffic.repository';
import { createUser, signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { missionOperator } from './missions-support';
import { CLOCK_START, DAY, expectError, MINUTE } from './support';

const at = (msAfterStart: number) => new Date(CLOCK_START.getTime() + msAfterStart).toISOString();
// The server's now in these tests: every position below is at most a few minutes before it.
const NOW = new Date(CLOCK_START.getTime() + 30 * MINUTE);

describe('POST /api/traffics/', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof missionOperator>>;
  let apiKey: string;
  let tracker: string;
  const received: IngestedPosition[][] = [];

  beforeAll(async () => {
    t = await createTestApp();
    owner = await missionOperator(t, ['PREFLIGHT_LIST', 'PREFLIGHT_EDIT', 'TRAFFIC_LIST']);
    apiKey = randomBytes(24).toString('hex');
    await t.db.prisma.user.update({ where: { id: owner.user.id }, data: { apiKey } });
    tracker = `TRK-${randomBytes(3).toString('hex')}`;
    await t.db.prisma.tracker.create({ data: { ident: tracker, relatedUserId: owner.user.id, vehicle: 'drone', source: 'wi' } });
    t.ctx.trafficBus.subscribe({ positions: (positions) => received.push([...positions]), violation: () => undefined });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.clock.set(NOW);
    received.length = 0;
  });

  const post = (ident: string, time: string, change: Partial<Record<keyof TrafficPost, unknown>> = {}) => ({
    ident,
    lat: 48.71,
    lon: 2.16,
    alt: 42,
    spd: 6.5,
    heading: 90,
    time,
    type: 'drone',
    source: 'wi',
    charge: 80,
    ...change,
  });
  const withKey = (body: object, key = apiKey) => request(t.app).post('/api/traffics/').set('X-Api-Key', key).send(body);
  const tracksOf = (ident: string) => t.db.prisma.track.findMany({ where: { ident }, orderBy: { time: 'asc' } });
  const flyingMission = async () => {
    const mission = await t.db.prisma.mission.create({
      data: { userId: owner.user.id, title: 'Flying', status: 'validated', referentPilotId: owner.pilot.id },
    });
    const response = await request(t.app).post('/api/preflights/takeoff').set(owner.auth).send({ preFlightId: mission.id });
    expect(response.body.status).toBe('onGoing');
    return mission.id;
  };
  const land = (missionId: string) => request(t.app).post('/api/preflights/landing').set(owner.auth).send({ preFlightId: missionId });

  it('keeps the good positions of a batch and refuses each bad one with its index and code', async () => {
    const response = await withKey({
      positions: [
        post(tracker, at(1000)),
        post(tracker, at(2000), { lat: 91 }),
        post('NOT-MINE', at(3000)),
        post(tracker, at(40 * MINUTE)),
        post(tracker, at(4000), { type: 'rocket' }),
        post(tracker, at(5000), { charge: null, spd: null }),
      ],
    });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      accepted: 2,
      rejected: [
        { index: 1, code: 'VALIDATION_FAILED', message: expect.stringContaining('lat: validation:tooBig') },
        { index: 2, code: 'TRACK_UNKNOWN_TRACKER', message: expect.stringContaining('NOT-MINE') },
        { index: 3, code: 'VALIDATION_FAILED', message: 'time: validation:dateInFuture' },
        { index: 4, code: 'VALIDATION_FAILED', message: expect.stringContaining('type:') },
      ],
    });
    expect(await tracksOf(tracker)).toEqual([
      expect.objectContaining({ time: new Date(at(1000)), lat: 48.71, heightM: 42, speedMs: 6.5, charge: 80, userId: owner.user.id }),
      expect.objectContaining({ time: new Date(at(5000)), speedMs: null, charge: null }),
    ]);
    expect(received.flat().map((position) => position.time.toISOString())).toEqual([at(1000), at(5000)]);
  });

  it('a track sent twice is "already exists", in a batch and as a single post', async () => {
    await withKey({ positions: [post(tracker, at(20_000))] });

    const again = await withKey({ positions: [post(tracker, at(21_000)), post(tracker, at(20_000)), post(tracker, at(21_000))] });
    expect(again.body).toEqual({
      accepted: 1,
      rejected: [
        { index: 1, code: 'TRACK_ALREADY_EXISTS', message: expect.any(String) },
        { index: 2, code: 'TRACK_ALREADY_EXISTS', message: expect.any(String) },
      ],
    });
    expectError(await withKey(post(tracker, at(20_000))), 409, 'TRACK_ALREADY_EXISTS');
  });

  it('an unknown API key is "unknown user"; no key and no session is unauthenticated; nothing is stored', async () => {
    expectError(await withKey({ positions: [post(tracker, at(30_000))] }, 'not-a-key'), 401, 'TRACK_UNKNOWN_USER');
    expectError(
      await request(t.app)
        .post('/api/traffics/')
        .send(post(tracker, at(30_000))),
      401,
      'UNAUTHENTICATED',
    );
    expect(await t.db.prisma.track.count({ where: { time: new Date(at(30_000)) } })).toBe(0);
  });

  it('an API key regenerated in the back office is refused at once, and the new one taken', async () => {
    const admin = await signedInUser(t.app, t.db.prisma, ['USER_EDIT_ADMIN']);
    const sender = await createUser(t.db.prisma, { apiKey: randomBytes(24).toString('hex') });
    const ident = `TRK-${randomBytes(3).toString('hex')}`;
    await t.db.prisma.tracker.create({ data: { ident, relatedUserId: sender.id, vehicle: 'drone', source: 'wi' } });
    expect((await withKey(post(ident, at(31_000)), sender.apiKey!)).status).toBe(201);

    const regenerated = await request(t.app).post(`/api/users/${sender.id}/api-key`).set(admin.auth);

    expectError(await withKey(post(ident, at(32_000)), sender.apiKey!), 401, 'TRACK_UNKNOWN_USER');
    expect((await withKey(post(ident, at(33_000)), regenerated.body.apiKey)).status).toBe(201);
  });

  it('refuses a batch over the limit or of no position as a whole', async () => {
    const many = Array.from({ length: TRAFFIC_BATCH_MAX + 1 }, (_, i) => post(tracker, at(40_000 + i)));
    expectError(await withKey({ positions: many }), 422, 'VALIDATION_FAILED');
    expectError(await withKey({ positions: [] }), 422, 'VALIDATION_FAILED');
    expect(await t.db.prisma.track.count({ where: { time: { gte: new Date(at(40_000)) } } })).toBe(0);
  });

  it('names a registered tracker with no related user as such, and keeps another account’s tracker unknown', async () => {
    const unlinked = `TRK-${randomBytes(3).toString('hex')}`;
    const others = `TRK-${randomBytes(3).toString('hex')}`;
    const someone = await signedInUser(t.app, t.db.prisma, ['TRAFFIC_LIST']);
    await t.db.prisma.tracker.createMany({
      data: [
        { ident: unlinked, vehicle: 'drone', source: 'wi' },
        { ident: others, relatedUserId: someone.user.id, vehicle: 'drone', source: 'wi' },
      ],
    });

    const batch = await withKey({ positions: [post(unlinked, at(55_000)), post(others, at(55_000)), post(tracker, at(55_000))] });

    expect(batch.body).toEqual({
      accepted: 1,
      rejected: [
        { index: 0, code: 'TRACK_TRACKER_WITHOUT_USER', message: expect.stringContaining(`${unlinked} has no related user`) },
        { index: 1, code: 'TRACK_UNKNOWN_TRACKER', message: `Unknown tracker ${others}` },
      ],
    });
    expectError(await withKey(post(unlinked, at(56_000))), 422, 'TRACK_TRACKER_WITHOUT_USER');
    expect(await tracksOf(unlinked)).toEqual([]);
  });

  it('a single post with the API key answers its own error', async () => {
    const refused = await withKey(post(tracker, at(50_000), { heading: 400 }));
    expectError(refused, 422, 'VALIDATION_FAILED');
    expect(refused.body.fields).toEqual({ heading: ['validation:tooBig'] });
    expectError(await withKey(post('NOT-MINE', at(50_000))), 422, 'TRACK_UNKNOWN_TRACKER');
    expect(await withKey(post(tracker, at(50_000)))).toMatchObject({ status: 201, body: { accepted: 1, rejected: [] } });
  });

  it('stores the signal strength and GPS satellites a tracker reports, null when it does not, and refuses impossible ones', async () => {
    const response = await withKey({
      positions: [
        post(tracker, at(60_000), { rssi: -67, gpsSatellites: 11 }),
        post(tracker, at(61_000)),
        post(tracker, at(62_000), { rssi: null, gpsSatellites: 0 }),
        post(tracker, at(63_000), { rssi: -151 }),
        post(tracker, at(64_000), { rssi: 3 }),
        post(tracker, at(65_000), { gpsSatellites: 65 }),
        post(tracker, at(66_000), { rssi: -67.5, gpsSatellites: 7.5 }),
      ],
    });

    expect(response.body).toEqual({
      accepted: 3,
      rejected: [
        { index: 3, code: 'VALIDATION_FAILED', message: 'rssi: validation:tooSmall' },
        { index: 4, code: 'VALIDATION_FAILED', message: 'rssi: validation:tooBig' },
        { index: 5, code: 'VALIDATION_FAILED', message: 'gpsSatellites: validation:tooBig' },
        { index: 6, code: 'VALIDATION_FAILED', message: 'rssi: validation:integer; gpsSatellites: validation:integer' },
      ],
    });
    const stored = await t.db.prisma.track.findMany({
      where: { ident: tracker, time: { gte: new Date(at(60_000)), lte: new Date(at(66_000)) } },
      orderBy: { time: 'asc' },
    });
    expect(stored.map((track) => [track.rssi, track.gpsSatellites])).toEqual([
      [-67, 11],
      [null, null],
      [null, 0],
    ]);
    const single = await withKey(post(tracker, at(67_000), { gpsSatellites: -1 }));
    expectError(single, 422, 'VALIDATION_FAILED');
    expect(single.body.fields).toEqual({ gpsSatellites: ['validation:tooSmall'] });
  });

  it('stores every field of a position as sent, and what is not sent as null', async () => {
    const full = post(tracker, at(70_000), {
      lat: 48.71234567890123,
      lon: -0.000001,
      alt: -12.5,
      spd: 0,
      heading: 359.99,
      charge: 0.5,
      charging: false,
      homeHeight: 8848.86,
      homeLat: -33.8688,
      homeLon: 151.2093,
      stationName: 'Station d’Étampes "nord" \\ 北',
      stationLatitude: 48.4,
      stationLongitude: 2.15,
      rssi: -120,
      gpsSatellites: 64,
      callsign: 'AFR 123',
      squawk: '7000',
      onGround: true,
    });
    const bare = { ident: tracker, lat: 1e-7, lon: 179.9999999, time: at(71_000), type: 'drone', source: 'wi' };
    expect(await withKey({ positions: [full, bare] })).toMatchObject({ status: 201, body: { accepted: 2, rejected: [] } });

    const [first, second] = await t.db.prisma.track.findMany({
      where: { ident: tracker, time: { gte: new Date(at(70_000)), lte: new Date(at(71_000)) } },
      orderBy: { time: 'asc' },
    });
    // The columns of the post's own name, and the two the table names otherwise (heightM, speedMs).
    const { alt, spd, time: _sent, ...sameName } = full;
    expect(first).toMatchObject({
      ...sameName,
      heightM: alt,
      speedMs: spd,
      time: new Date(at(70_000)),
      userId: owner.user.id,
      missionId: null,
    });
    expect(second).toMatchObject({
      lat: 1e-7,
      lon: 179.9999999,
      heightM: null,
      speedMs: null,
      heading: null,
      charge: null,
      charging: null,
      homeHeight: null,
      stationName: null,
      rssi: null,
      callsign: null,
      squawk: null,
      onGround: null,
    });
  });

  it('refuses a batch whose text PostgreSQL cannot store (a NUL, half a surrogate pair) and stores none of it', async () => {
    for (const [i, stationName] of ['a\u0000b', 'x\ud800y'].entries()) {
      const response = await withKey({ positions: [post(tracker, at(72_000 + i)), post(tracker, at(73_000 + i), { stationName })] });
      expectError(response, 422, 'VALIDATION_FAILED');
    }
    expect(await t.db.prisma.track.count({ where: { ident: tracker, time: { gte: new Date(at(72_000)) } } })).toBe(0);
  });

  it("hands a stored batch to every listener at once, answers once all are done, and logs a listener's failure", async () => {
    const errors: unknown[] = [];
    const logger = { error: (fields: { err: unknown }) => errors.push(fields.err) } as unknown as Logger;
    const started: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const ingest = createTrafficIngest({
      repository: createTrafficRepository(t.ctx.pool),
      changes: t.ctx.changes,
      clock: t.clock,
      logger,
      listeners: [
        async () => {
          started.push('slow');
          await released;
        },
        async () => {
          started.push('failing');
          throw new Error('listener down');
        },
        async (positions) => {
          started.push(`counting ${positions.length}`);
        },
      ],
    });
    let answered = false;

    const answer = ingest.ingest({ kind: 'apiKey', userId: owner.user.id }, { positions: [post(tracker, at(31_000))] }).then((result) => {
      answered = true;
      return result;
    });
    await expect.poll(() => started).toEqual(['slow', 'failing', 'counting 1']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();

    expect(await answer).toEqual({ accepted: 1, rejected: [] });
    expect(errors).toEqual([new Error('listener down')]);
    expect(await tracksOf(tracker)).toEqual(expect.arrayContaining([expect.objectContaining({ time: new Date(at(31_000)) })]));
  });

  it("a tracker's positions belong to its user's flying mission while it flies, whenever they arrive", async () => {
    const iso = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
    await withKey(post(tracker, iso(-1000)));
    const missionId = await flyingMission();
    t.clock.advance(2000);
    await withKey(post(tracker, iso(1000)));
    await land(missionId);
    t.clock.advance(2000);
    // A late position of the flight still belongs to it; the one after the landing does not.
    await withKey({ positions: [post(tracker, iso(1500)), post(tracker, iso(3000))] });

    const tracks = await t.db.prisma.track.findMany({
      where: { ident: tracker, time: { gte: new Date(iso(-1000)) } },
      orderBy: { time: 'asc' },
    });
    expect(tracks.map((track) => track.missionId)).toEqual([null, missionId, missionId, null]);
    expect(received.flat().map((position) => position.missionId)).toEqual([null, missionId, missionId, null]);
  });

  describe('with a session', () => {
    const own = (time: string, change: Partial<Record<keyof TrafficPost, unknown>> = {}) =>
      post('JD', time, { type: 'user', source: 'mo', ...change });

    it("stores the user's own position, linked to the mission the user flies", async () => {
      t.clock.advance(MINUTE);
      const missionId = await flyingMission();
      t.clock.advance(1000);
      const response = await request(t.app).post('/api/traffics/').set(owner.auth).send(own(t.clock.now().toISOString()));
      await land(missionId);

      expect(response.body).toMatchObject({ accepted: 1, rejected: [] });
      expect(response.status).toBe(201);
      expect(await t.db.prisma.track.findMany({ where: { ident: { startsWith: 'JD.' } } })).toEqual([
        expect.objectContaining({ source: 'mo', type: 'user', userId: owner.user.id, missionId }),
      ]);
    });

    it("another account's own position with the same initials at the same time is its own, never a 409", async () => {
      const other = await signedInUser(t.app, t.db.prisma, ['TRAFFIC_LIST']);
      const time = at(90_000);

      const first = await request(t.app).post('/api/traffics/').set(other.auth).send(own(time));
      const second = await request(t.app).post('/api/traffics/').set(owner.auth).send(own(time));
      const again = await request(t.app).post('/api/traffics/').set(owner.auth).send(own(time));

      expect([first.status, second.status]).toEqual([201, 201]);
      expectError(again, 409, 'TRACK_ALREADY_EXISTS');
      const stored = await t.db.prisma.track.findMany({ where: { source: 'mo', time: new Date(time) }, orderBy: { ident: 'asc' } });
      expect(stored.map((track) => [track.ident, track.userId]).sort()).toEqual(
        [
          [`JD.${owner.user.id.replaceAll('-', '')}`, owner.user.id],
          [`JD.${other.user.id.replaceAll('-', '')}`, other.user.id],
        ].sort(),
      );
    });

    it("takes the user's own trackers; refuses someone else's and batches", async () => {
      const other = await signedInUser(t.app, t.db.prisma, ['TRAFFIC_LIST']);

      expect(
        (
          await request(t.app)
            .post('/api/traffics/')
            .set(owner.auth)
            .send(post(tracker, at(80_000)))
        ).status,
      ).toBe(201);
      expectError(
        await request(t.app)
          .post('/api/traffics/')
          .set(other.auth)
          .send(post(tracker, at(81_000))),
        422,
        'TRACK_UNKNOWN_TRACKER',
      );
      expectError(
        await request(t.app)
          .post('/api/traffics/')
          .set(other.auth)
          .send({ positions: [own(at(82_000))] }),
        403,
        'TRACK_BATCH_NEEDS_API_KEY',
      );
      expectError(
        await request(t.app)
          .post('/api/traffics/')
          .set(other.auth)
          .send(own(at(83_000), { source: 'wi' })),
        422,
        'TRACK_UNKNOWN_TRACKER',
      );
      expect(await t.db.prisma.track.count({ where: { userId: other.user.id } })).toBe(0);
    });
  });

  it('the retention job deletes tracks older than TRACK_RETENTION_DAYS in batches and keeps the others', async () => {
    const retention = t.config.trackRetentionDays * DAY;
    t.clock.set(new Date(CLOCK_START.getTime() - retention - DAY));
    await withKey({ positions: [post(tracker, at(-retention - DAY)), post(tracker, at(-retention - DAY + 1000))] });
    t.clock.set(NOW);
    const before = await t.db.prisma.track.count();

    await t.ctx.jobs.runNow('tracks-retention');

    expect(await t.db.prisma.track.count({ where: { time: { lt: new Date(at(-retention)) } } })).toBe(0);
    expect(await t.db.prisma.track.count()).toBe(before - 2);
  });
});
