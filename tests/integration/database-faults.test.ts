import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config/env';
import { createContext, type AppContext } from '../../server/context';
import { connectDatabase, migrateDatabase, type DatabaseClients } from '../../server/lib/database';
import { createLogger } from '../../server/lib/logger';
import { createUser, login } from '../factories/users';
import { createOwnPostgres, postgresBinDir, type OwnPostgres } from '../setup/own-postgres';
import { expectError } from './support';

// Our own cluster on a port of our own: the shared server on 5432 is never stopped or paused.
const PORT = Number(process.env.FAULT_POSTGRES_PORT ?? 5440);
const RETRY_AFTER_SECONDS = 2;

async function timed(call: () => Promise<request.Response>) {
  const started = performance.now();
  const response = await call();
  return { response, ms: performance.now() - started };
}

/** Polls health until it answers 200: the API recovers by itself, without a restart. */
async function recovered(app: Express, withinMs: number) {
  const deadline = performance.now() + withinMs;
  for (;;) {
    const response = await request(app).get('/api/health');
    if (response.status === 200 || performance.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.runIf(postgresBinDir())('database faults on a PostgreSQL of our own', () => {
  let cluster: OwnPostgres;
  let clients: DatabaseClients;
  let ctx: AppContext;
  let app: Express;
  let auth: { Authorization: string };

  beforeAll(async () => {
    cluster = createOwnPostgres(PORT);
    cluster.start();
    await migrateDatabase(cluster.url);
    const config = loadConfig({
      DATABASE_URL: cluster.url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'aerogate-faults-')),
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      BCRYPT_ROUNDS: '4',
      LOG_LEVEL: 'silent',
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_QUERY_TIMEOUT_MS: '3000',
      DATABASE_RETRY_AFTER_SECONDS: String(RETRY_AFTER_SECONDS),
      DATABASE_POOL_MAX: '3',
    });
    clients = connectDatabase(cluster.url, { embedded: false, timeouts: config.database, poolMax: config.database.poolMax });
    ctx = createContext({ config, prisma: clients.prisma, pool: clients.pool, changes: clients.changes, logger: createLogger('silent') });
    app = createApp(ctx);
    const user = await createUser(clients.prisma, { rights: ['PREFLIGHT_LIST'] });
    auth = { Authorization: `Bearer ${(await login(app, user.email)).token}` };
  });

  afterAll(async () => {
    cluster?.resume();
    await ctx?.geometry.close();
    await clients?.close().catch(() => undefined);
    cluster?.destroy();
  });

  it('answers normally while the database is up', async () => {
    expect((await request(app).get('/api/health')).status).toBe(200);
    expect((await request(app).get('/api/preflights').set(auth)).status).toBe(200);
  });

  it('health asks the database on one kept connection, not a new one each time', async () => {
    const probes = async () =>
      (
        await clients.pool.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND backend_type = 'client backend' AND query = 'SELECT 1'`,
        )
      ).rows.map((row) => row.pid);
    expect((await request(app).get('/api/health')).status).toBe(200);
    const kept = await probes();
    expect(kept).toHaveLength(1);
    for (let call = 0; call < 3; call += 1) expect((await request(app).get('/api/health')).status).toBe(200);
    expect(await probes()).toEqual(kept);
  });

  it('with the database stopped: 503 DATABASE_UNAVAILABLE with Retry-After within seconds, health 503 at once; then recovers', async () => {
    cluster.stop();

    const api = await timed(() => request(app).get('/api/preflights').set(auth));
    expectError(api.response, 503, 'DATABASE_UNAVAILABLE');
    expect(api.response.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(api.ms).toBeLessThan(5_000);
    const health = await timed(() => request(app).get('/api/health'));
    expectError(health.response, 503, 'DATABASE_UNAVAILABLE');
    expect(health.response.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(health.ms).toBeLessThan(1_500);
    // An orchestrator takes the instance out of rotation (ready fails) and does not restart it (live passes).
    const ready = await timed(() => request(app).get('/api/health/ready'));
    expectError(ready.response, 503, 'DATABASE_UNAVAILABLE');
    expect(ready.ms).toBeLessThan(1_500);
    expect((await request(app).get('/api/health/live')).status).toBe(200);

    cluster.start();
    expect((await recovered(app, 20_000)).status).toBe(200);
    expect((await request(app).get('/api/health/ready')).status).toBe(200);
    expect((await request(app).get('/api/preflights').set(auth)).status).toBe(200);
  });

  it('with the database paused (SIGSTOP): 503 within the timeouts instead of hanging; then recovers', async () => {
    cluster.pause();
    try {
      const api = await timed(() => request(app).get('/api/preflights').set(auth));
      expectError(api.response, 503, 'DATABASE_UNAVAILABLE');
      expect(api.ms).toBeLessThan(5_000);
      const health = await timed(() => request(app).get('/api/health'));
      expectError(health.response, 503, 'DATABASE_UNAVAILABLE');
      expect(health.ms).toBeLessThan(1_500);
      expectError(await request(app).get('/api/health/ready'), 503, 'DATABASE_UNAVAILABLE');
      expect((await request(app).get('/api/health/live')).status).toBe(200);
    } finally {
      cluster.resume();
    }
    expect((await recovered(app, 20_000)).status).toBe(200);
    expect((await request(app).get('/api/preflights').set(auth)).status).toBe(200);
  });

  it('a busy pool is not an outage: the request that waited too long answers 503, health and the next requests 200', async () => {
    // Every connection of the pool (3) held by a slow query, longer than the 1 s wait for a connection.
    const held = Promise.all([1, 2, 3].map(() => clients.pool.query('SELECT pg_sleep(1.5)')));

    const waited = await request(app).get('/api/preflights').set(auth);
    expectError(waited, 503, 'DATABASE_UNAVAILABLE');
    expect((await request(app).get('/api/health')).status).toBe(200);
    await held;

    // Within the Retry-After of the failed request: the API did not take the busy pool for a stopped database.
    expect((await request(app).get('/api/preflights').set(auth)).status).toBe(200);
  });

  it('requests in flight when the database pauses answer 503 once a probe finds it paused, not after the query timeout', async () => {
    const slowConfig = { ...ctx.config, database: { ...ctx.config.database, queryMs: 20_000 } };
    const slowClients = connectDatabase(cluster.url, { embedded: false, timeouts: slowConfig.database, poolMax: 3 });
    const slowCtx = createContext({
      config: slowConfig,
      prisma: slowClients.prisma,
      pool: slowClients.pool,
      changes: slowClients.changes,
      logger: createLogger('silent'),
    });
    const slowApp = createApp(slowCtx);
    try {
      expect((await request(slowApp).get('/api/preflights').set(auth)).status).toBe(200);
      cluster.pause();
      let api: Awaited<ReturnType<typeof timed>>;
      try {
        api = await timed(() => request(slowApp).get('/api/preflights').set(auth));
      } finally {
        cluster.resume();
      }
      expectError(api.response, 503, 'DATABASE_UNAVAILABLE');
      expect(api.ms).toBeLessThan(10_000);
      expect((await recovered(slowApp, 20_000)).status).toBe(200);
    } finally {
      await slowCtx.closers.closeAll();
      await slowCtx.geometry.close();
      await slowClients.close().catch(() => undefined);
    }
  });
});
