import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createContext, type AppContext } from '../../server/context';
import { connectDatabase, type DatabaseClients } from '../../server/lib/database';
import { createLogger } from '../../server/lib/logger';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { listen, openLive } from './live-support';
import { CLOCK_START } from './support';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Two API instances on one database and one Redis (the shared Redis of these machines; a channel prefix of this
 * run's own keeps other runs out): a position received by instance A reaches a live-map client of instance B. On
 * PostgreSQL instance B has a pool of its own, so it hears the database's notifications on its own connections; the
 * embedded PGlite is a single session, which both share.
 */
describe('live traffic across instances through Redis', () => {
  let a: TestApp;
  let ctxB: AppContext;
  let databaseB: DatabaseClients | null = null;
  let serverB: Awaited<ReturnType<typeof listen>>;
  let apiKey: string;
  let tracker: string;
  let adminToken: string;
  let prefix: string;
  const clients: { close(): void }[] = [];

  beforeAll(async () => {
    prefix = `aerogate-test-${randomBytes(4).toString('hex')}`;
    a = await createTestApp({ REDIS_URL, REDIS_PREFIX: prefix });
    a.clock.set(CLOCK_START);
    databaseB = a.db.kind === 'postgres' ? connectDatabase(a.db.url, { embedded: false }) : null;
    ctxB = createContext({
      config: a.config,
      prisma: databaseB?.prisma ?? a.db.prisma,
      pool: databaseB?.pool ?? a.db.pool,
      changes: databaseB?.changes ?? a.db.changes,
      logger: createLogger('silent'),
      clock: a.clock,
    });
    serverB = await listen(createApp(ctxB));
    await Promise.all([a.ctx.trafficBus.ready(), ctxB.trafficBus.ready()]);

    const owner = await signedInUser(a.app, a.db.prisma, ['TRAFFIC_LIST']);
    apiKey = randomBytes(24).toString('hex');
    await a.db.prisma.user.update({ where: { id: owner.user.id }, data: { apiKey } });
    tracker = `TRK-${randomBytes(3).toString('hex')}`;
    await a.db.prisma.tracker.create({ data: { ident: tracker, relatedUserId: owner.user.id, vehicle: 'drone', source: 'wi' } });
    adminToken = (await signedInUser(a.app, a.db.prisma, ['TRAFFIC_LIST_ADMIN'])).session.token;
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await serverB.close();
    await ctxB.closers.closeAll();
    await ctxB.geometry.close();
    await databaseB?.close();
    await a.close();
  });

  it('a position posted to instance A reaches an SSE client of instance B', async () => {
    const client = await openLive(serverB.url, adminToken, '2.0,48.6,2.4,48.8');
    clients.push(client);
    expect((await client.next('snapshot')).targets).toEqual([]);

    const time = a.clock.now().toISOString();
    const posted = await request(a.app)
      .post('/api/traffics/')
      .set('X-Api-Key', apiKey)
      .send({ ident: tracker, lat: 48.7, lon: 2.2, time, type: 'drone', source: 'wi' });
    expect(posted.body).toEqual({ accepted: 1, rejected: [] });

    expect(await client.next('delta')).toEqual({
      upserts: [expect.objectContaining({ key: `wi:${tracker}`, lat: 48.7, lon: 2.2, time })],
      removals: [],
    });
  });

  it('a violation published on instance B reaches the clients of instance A', async () => {
    const serverA = await listen(a.app);
    const client = await openLive(serverA.url, adminToken, '2.0,48.6,2.4,48.8');
    clients.push(client);
    await client.next('snapshot');
    const violation = {
      id: randomBytes(8).toString('hex'),
      alertId: 'alert-1',
      alertName: 'Runway',
      alertType: 'doNotEnter',
      ident: tracker,
      source: 'wi' as const,
      missionId: null,
      startedAt: a.clock.now().toISOString(),
      endedAt: null,
      lat: 48.7,
      lon: 2.2,
      worstValue: null,
    };

    ctxB.trafficBus.publishViolation(violation);

    expect(await client.next('violation')).toEqual(violation);
    client.close();
    await serverA.close();
  });

  it("a flight's state told once on instance A colours it for a client opening later on instance B", async () => {
    const watching = await openLive(serverB.url, adminToken, '2.0,48.6,2.4,48.8');
    clients.push(watching);
    await watching.next('snapshot');
    const time = new Date(a.clock.now().getTime() + 500).toISOString();
    const posted = await request(a.app)
      .post('/api/traffics/')
      .set('X-Api-Key', apiKey)
      .send({ ident: tracker, lat: 48.7, lon: 2.25, time, type: 'drone', source: 'wi' });
    expect(posted.body).toEqual({ accepted: 1, rejected: [] });
    // The flight check of instance A told this drone's state once, at its first position here or in a test before (no
    // mission: unidentified), and not again with this one: the stream opened before has it, with its snapshot or since.
    expect(await watching.next('conformance')).toMatchObject({ key: `wi:${tracker}`, state: 'unidentified' });

    const later = await openLive(serverB.url, adminToken, '2.0,48.6,2.4,48.8');
    clients.push(later);

    expect((await later.next('snapshot')).targets.map((target) => target.key)).toContain(`wi:${tracker}`);
    expect(await later.next('conformance')).toMatchObject({ key: `wi:${tracker}`, state: 'unidentified' });
  });

  it('a session ended on instance A ends its live stream on instance B', async () => {
    const watcher = await signedInUser(a.app, a.db.prisma, ['TRAFFIC_LIST_ADMIN']);
    const stream = await openLive(serverB.url, watcher.session.token, '2.0,48.6,2.4,48.8');
    const other = await openLive(serverB.url, adminToken, '2.0,48.6,2.4,48.8');
    clients.push(stream, other);
    await Promise.all([stream.next('snapshot'), other.next('snapshot')]);

    await request(a.app).post('/api/security/logout').set(watcher.auth).send({ gjrt: watcher.session.gjrt }).expect(204);

    // The criterion is one second; the margin is the loaded test machine's.
    await stream.ended(3_000);
    expect(other.open).toBe(true);
  });

  it('a malformed message on the channel is dropped and counted: both instances stay up and go on', async () => {
    const client = await openLive(serverB.url, adminToken, '2.0,48.6,2.4,48.8');
    clients.push(client);
    await client.next('snapshot');
    const intruder = new Redis(REDIS_URL);
    try {
      await intruder.publish(`${prefix}:traffic`, 'not json {');
      await intruder.publish(`${prefix}:traffic`, JSON.stringify({ kind: 'positions', positions: [{ ident: 'X', lat: 'north' }] }));
      await intruder.publish(`${prefix}:traffic`, JSON.stringify({ kind: 'violation', violation: null }));
    } finally {
      intruder.disconnect();
    }
    await expect.poll(() => [a.ctx.trafficBus.stats().rejected, ctxB.trafficBus.stats().rejected]).toEqual([3, 3]);

    expect((await request(a.app).get('/api/health')).status).toBe(200);
    expect((await request(serverB.url).get('/api/health')).status).toBe(200);
    const time = new Date(a.clock.now().getTime() + 1000).toISOString();
    await request(a.app)
      .post('/api/traffics/')
      .set('X-Api-Key', apiKey)
      .send({ ident: tracker, lat: 48.71, lon: 2.21, time, type: 'drone', source: 'wi' })
      .expect(201);
    expect((await client.next('delta')).upserts).toEqual([expect.objectContaining({ key: `wi:${tracker}`, time })]);
  });
});
