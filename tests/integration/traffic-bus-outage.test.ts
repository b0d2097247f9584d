import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { LiveTarget } from '../../src/shared/contracts/traffic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { listen, openLive } from './live-support';
import { CLOCK_START } from './support';

const REDIS = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const BBOX = '2.0,48.6,2.4,48.8';

/** A loopback relay in front of the real Redis that the test cuts (connections reset, new ones refused) and restores. */
async function redisRelay() {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(REDIS.port || 6379), REDIS.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await open();
  return {
    url: () => `redis://127.0.0.1:${port}`,
    async cut() {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: open,
  };
}

// Issue 24 M4: Redis away never slows the ingest; live clients are told they see this instance only, then read a
// fresh snapshot when it is back.
describe('live traffic while Redis is away', () => {
  let t: TestApp;
  let relay: Awaited<ReturnType<typeof redisRelay>>;
  let server: Awaited<ReturnType<typeof listen>>;
  let apiKey: string;
  let tracker: string;
  let adminToken: string;
  const clients: { close(): void }[] = [];

  beforeAll(async () => {
    relay = await redisRelay();
    t = await createTestApp({ REDIS_URL: relay.url(), REDIS_PREFIX: `aerogate-test-${randomBytes(4).toString('hex')}` });
    t.clock.set(CLOCK_START);
    server = await listen(t.app);
    await t.ctx.trafficBus.ready();
    const owner = await signedInUser(t.app, t.db.prisma, ['TRAFFIC_LIST']);
    apiKey = randomBytes(24).toString('hex');
    await t.db.prisma.user.update({ where: { id: owner.user.id }, data: { apiKey } });
    tracker = `TRK-${randomBytes(3).toString('hex')}`;
    await t.db.prisma.tracker.create({ data: { ident: tracker, relatedUserId: owner.user.id, vehicle: 'drone', source: 'wi' } });
    adminToken = (await signedInUser(t.app, t.db.prisma, ['TRAFFIC_LIST_ADMIN'])).session.token;
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server.close();
    await t.close();
    await relay.cut();
  });

  const post = (secondsAfterStart: number) =>
    request(t.app)
      .post('/api/traffics/')
      .set('X-Api-Key', apiKey)
      .send({
        ident: tracker,
        lat: 48.7,
        lon: 2.2 + secondsAfterStart / 10_000,
        time: new Date(CLOCK_START.getTime() + secondsAfterStart * 1000).toISOString(),
        type: 'drone',
        source: 'wi',
      });

  it('ingest goes on, the clients are told, then resynchronised when Redis is back', async () => {
    t.clock.set(new Date(CLOCK_START.getTime() + 30_000));
    const client = await openLive(server.url, adminToken, BBOX);
    clients.push(client);
    await client.next('snapshot');

    await relay.cut();
    expect(await client.next('status')).toEqual({ reach: 'instance' });
    expect(t.ctx.trafficBus.stats().shared).toBe(false);

    for (let second = 1; second <= 20; second++) expect((await post(second)).status).toBe(201);
    expect(t.ctx.trafficBus.stats().local).toBeGreaterThanOrEqual(20);
    const delivered: LiveTarget[] = [];
    while (!delivered.some((target) => target.time === new Date(CLOCK_START.getTime() + 20_000).toISOString()))
      delivered.push(...(await client.next('delta')).upserts);
    expect(delivered.every((target) => target.key === `wi:${tracker}`)).toBe(true);

    await relay.restore();
    expect(await client.next('status', 10_000)).toEqual({ reach: 'all' });
    expect((await client.next('snapshot')).targets).toEqual([
      expect.objectContaining({ key: `wi:${tracker}`, time: new Date(CLOCK_START.getTime() + 20_000).toISOString() }),
    ]);
    expect(t.ctx.trafficBus.stats().shared).toBe(true);
    expect((await post(21)).status).toBe(201);
    expect((await client.next('delta')).upserts).toEqual([expect.objectContaining({ key: `wi:${tracker}` })]);
  });
});
