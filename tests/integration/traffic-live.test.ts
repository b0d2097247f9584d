import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LiveViolation } from '../../src/shared/contracts/traffic';
import { createUser, login, signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { areaSquare } from './automation-support';
import { listen, openLive } from './live-support';
import { missionOperator } from './missions-support';
import { CLOCK_START, expectError, MINUTE } from './support';

// The viewport of these tests: around Saclay. The watched airspace covers its western half.
const BBOX = '2.0,48.6,2.4,48.8';
const NOW = new Date(CLOCK_START.getTime() + 10 * MINUTE);

describe('GET /api/traffics/live (in-process bus)', () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;
  let operator: Awaited<ReturnType<typeof missionOperator>>;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let apiKey: string;
  let tracker: string;
  const clients: { close(): void }[] = [];

  beforeAll(async () => {
    t = await createTestApp({ TRAFFIC_STALE_SECONDS: '60' });
    t.clock.set(NOW);
    server = await listen(t.app);
    operator = await missionOperator(t, ['PREFLIGHT_LIST', 'PREFLIGHT_EDIT', 'TRAFFIC_LIST']);
    admin = await signedInUser(t.app, t.db.prisma, ['TRAFFIC_LIST_ADMIN']);
    apiKey = randomBytes(24).toString('hex');
    await t.db.prisma.user.update({ where: { id: operator.user.id }, data: { apiKey } });
    tracker = `TRK-${randomBytes(3).toString('hex')}`;
    await t.db.prisma.tracker.create({ data: { ident: tracker, relatedUserId: operator.user.id, vehicle: 'drone', source: 'wi' } });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server.close();
    await t.close();
  });
  beforeEach(() => t.clock.set(NOW));

  const live = async (token: string, bbox = BBOX) => {
    const client = await openLive(server.url, token, bbox);
    clients.push(client);
    return client;
  };
  const position = (ident: string, lon: number, lat: number, secondsBeforeNow = 0) => ({
    ident,
    lon,
    lat,
    alt: 30,
    spd: 4,
    heading: 180,
    time: new Date(t.clock.now().getTime() - secondsBeforeNow * 1000).toISOString(),
    type: 'drone',
    source: 'wi',
  });
  const send = async (...positions: object[]) => {
    const response = await request(t.app).post('/api/traffics/').set('X-Api-Key', apiKey).send({ positions });
    expect(response.body.rejected).toEqual([]);
  };

  it('sends the last position of each recent target in the viewport at connection, then deltas', async () => {
    await send(position(tracker, 2.1, 48.7, 90), position(tracker, 2.15, 48.7, 20), position(tracker, 2.16, 48.71, 10));
    const client = await live(admin.session.token);

    expect(client.response.headers.get('content-type')).toContain('text/event-stream');
    const snapshot = await client.next('snapshot');
    expect(snapshot.targets).toEqual([
      expect.objectContaining({ key: `wi:${tracker}`, ident: tracker, lon: 2.16, lat: 48.71, alt: 30, spd: 4, heading: 180, own: false }),
    ]);

    t.clock.advance(1000);
    await send(position(tracker, 2.17, 48.72));
    const delta = await client.next('delta');
    expect(delta).toEqual({ upserts: [expect.objectContaining({ key: `wi:${tracker}`, lon: 2.17, lat: 48.72 })], removals: [] });
  });

  it('a target leaving the viewport or going stale is removed', async () => {
    t.clock.advance(5000);
    await send(position(tracker, 2.18, 48.72));
    const client = await live(admin.session.token);
    expect((await client.next('snapshot')).targets.map((target) => target.lon)).toEqual([2.18]);

    t.clock.advance(1000);
    await send(position(tracker, 3.5, 48.72));
    expect(await client.next('delta')).toEqual({ upserts: [], removals: [`wi:${tracker}`] });
    t.clock.advance(1000);
    await send(position(tracker, 2.19, 48.72));
    expect((await client.next('delta')).upserts.map((target) => target.lon)).toEqual([2.19]);
    t.clock.advance(61_000);
    expect(await client.next('delta')).toEqual({ upserts: [], removals: [`wi:${tracker}`] });
  });

  it('clients of the same rights and viewport connected at different times each get their deltas', async () => {
    t.clock.advance(10_000);
    const first = await live(admin.session.token);
    await first.next('snapshot');
    await send(position(tracker, 2.3, 48.75));
    expect((await first.next('delta')).upserts.map((target) => target.lon)).toEqual([2.3]);
    const second = await live(admin.session.token);
    expect((await second.next('snapshot')).targets).toEqual([expect.objectContaining({ key: `wi:${tracker}`, lon: 2.3 })]);

    t.clock.advance(1000);
    await send(position(tracker, 2.31, 48.75));
    for (const client of [first, second]) expect((await client.next('delta')).upserts.map((target) => target.lon)).toEqual([2.31]);
    t.clock.advance(1000);
    await send(position(tracker, 3.5, 48.75));
    for (const client of [first, second]) expect(await client.next('delta')).toEqual({ upserts: [], removals: [`wi:${tracker}`] });
    t.clock.advance(1000);
    await send(position(tracker, 2.32, 48.75));
    for (const client of [first, second]) expect((await client.next('delta')).upserts.map((target) => target.lon)).toEqual([2.32]);
  });

  it("TRAFFIC_LIST sees its account's traffic, marked own, and not others'", async () => {
    const other = await signedInUser(t.app, t.db.prisma, ['TRAFFIC_LIST']);
    const mine = await live(operator.session.token);
    const theirs = await live(other.session.token);
    await mine.next('snapshot');
    expect((await theirs.next('snapshot')).targets).toEqual([]);

    t.clock.advance(20_000);
    await send(position(tracker, 2.2, 48.7));
    const otherOwn = await request(t.app)
      .post('/api/traffics/')
      .set(other.auth)
      .send({ ...position('OT', 2.21, 48.7), type: 'user', source: 'mo' });
    expect(otherOwn.status).toBe(201);

    expect((await mine.next('delta')).upserts).toEqual([expect.objectContaining({ ident: tracker, own: true })]);
    expect((await theirs.next('delta')).upserts).toEqual([
      expect.objectContaining({ ident: 'OT', own: true, key: `mo:OT:${other.user.id}` }),
    ]);
    expect(mine.events.some((e) => e.event === 'delta' && e.data.upserts.some((target) => target.ident === 'OT'))).toBe(false);
  });

  it('a pilot sees the traffic of the mission he flies; an airspace manager the traffic inside his airspace', async () => {
    // The pilot record is linked before the account signs in: linking it ends the account's sessions (docs/security.md).
    const pilotUser = await createUser(t.db.prisma, { rights: ['TRAFFIC_LIST', 'PREFLIGHT_EDIT', 'PREFLIGHT_LIST'] });
    await t.db.prisma.pilot.update({
      where: { id: operator.pilot.id },
      data: { supervisedUserId: pilotUser.id, supervisionLevel: 1, rights: ['missionPreparation'] },
    });
    const session = await login(t.app, pilotUser.email);
    const pilot = { user: pilotUser, session, auth: { Authorization: `Bearer ${session.token}` } };
    const mission = await t.db.prisma.mission.create({
      data: { userId: operator.user.id, title: 'Watched', status: 'validated', referentPilotId: operator.pilot.id },
    });
    const manager = await signedInUser(t.app, t.db.prisma, ['PREFLIGHTPROCEDURE_LIST']);
    await t.db.prisma.airspace.create({
      data: {
        name: 'West half',
        internalCode: `LIVE-${randomBytes(3).toString('hex')}`,
        geometry: areaSquare(2.0, 48.6, 0.2),
        minLon: 2.0,
        maxLon: 2.2,
        minLat: 48.6,
        maxLat: 48.8,
        managers: { connect: { id: manager.user.id } },
      },
    });
    t.clock.advance(30_000);
    await request(t.app).post('/api/preflights/takeoff').set(pilot.auth).send({ preFlightId: mission.id });
    const pilotClient = await live(pilot.session.token);
    const managerClient = await live(manager.session.token);
    await pilotClient.next('snapshot');
    await managerClient.next('snapshot');

    t.clock.advance(1000);
    await send(position(tracker, 2.3, 48.7));
    t.clock.advance(1000);
    await send(position(tracker, 2.1, 48.7));

    const seen = await pilotClient.next('delta');
    expect(seen.upserts).toEqual([expect.objectContaining({ ident: tracker, missionId: mission.id, own: true })]);
    const inside = await managerClient.next('delta');
    expect(inside.upserts).toEqual([expect.objectContaining({ ident: tracker, lon: 2.1, own: false })]);
    expect(managerClient.events.some((e) => e.event === 'delta' && e.data.upserts.some((target) => target.lon === 2.3))).toBe(false);
    await request(t.app).post('/api/preflights/landing').set(pilot.auth).send({ preFlightId: mission.id });
  });

  it('forwards violation episodes from the bus and lists the open ones in the next snapshot', async () => {
    const client = await live(admin.session.token);
    await client.next('snapshot');
    const violation: LiveViolation = {
      id: randomBytes(8).toString('hex'),
      alertId: 'alert-1',
      alertName: 'Runway',
      alertType: 'doNotEnter',
      ident: tracker,
      source: 'wi',
      missionId: null,
      startedAt: t.clock.now().toISOString(),
      endedAt: null,
      lat: 48.7,
      lon: 2.1,
      worstValue: null,
    };

    t.ctx.trafficBus.publishViolation(violation);
    expect(await client.next('violation')).toEqual(violation);
    const later = await live(admin.session.token);
    expect((await later.next('snapshot')).violations).toEqual([violation]);

    t.ctx.trafficBus.publishViolation({ ...violation, endedAt: t.clock.now().toISOString() });
    expect((await client.next('violation')).endedAt).not.toBeNull();
    const after = await live(admin.session.token);
    expect((await after.next('snapshot')).violations).toEqual([]);
  });

  it('refuses a user without traffic rights nor airspaces, a bad viewport, and no token', async () => {
    const nobody = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST']);

    expectError(await request(t.app).get(`/api/traffics/live?bbox=${BBOX}`).set(nobody.auth), 403, 'NOT_ALLOWED');
    expectError(await request(t.app).get('/api/traffics/live?bbox=2,48,200,49').set(admin.auth), 422, 'VALIDATION_FAILED');
    expectError(await request(t.app).get('/api/traffics/live?bbox=2,48'), 401, 'UNAUTHENTICATED');
  });

  it("a client opening after a flight's conformance state came gets it with its snapshot, not with the next position", async () => {
    // Later than the positions, and the states the checker gave them, of the tests before.
    t.clock.advance(2 * MINUTE);
    await send(position(tracker, 2.15, 48.7, 5));
    t.ctx.trafficBus.publishConformance({
      missionId: null,
      userId: null,
      ident: tracker,
      source: 'wi',
      time: t.clock.now().toISOString(),
      lat: 48.7,
      lon: 2.15,
      state: 'violating',
      violations: [],
      warnings: [],
      edgeDistanceM: -40,
      toleranceM: 20,
      heightM: 30,
      maxHeightM: 50,
      slotEndsAt: null,
    });

    const client = await live(admin.session.token);

    expect((await client.next('snapshot')).targets.map((target) => target.key)).toContain(`wi:${tracker}`);
    let state = await client.next('conformance', 1000);
    while (state.key !== `wi:${tracker}`) state = await client.next('conformance', 1000);
    expect(state).toEqual(expect.objectContaining({ key: `wi:${tracker}`, state: 'violating' }));
  });
});
