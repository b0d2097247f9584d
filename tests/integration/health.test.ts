import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/lib/database';
import { createTestApp, type TestApp } from '../setup/test-app';
import { expectError } from './support';

describe('health and status', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/health answers 200 { status: ok } when the database answers', async () => {
    const response = await request(t.app).get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('GET /api/health/ready answers 503 NOT_READY naming a migration the database lacks, 200 once it is applied', async () => {
    const last = await t.db.pool.query<{ migration_name: string }>(
      'SELECT migration_name FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1',
    );
    const name = last.rows[0]!.migration_name;
    await t.db.pool.query('UPDATE _prisma_migrations SET rolled_back_at = now() WHERE migration_name = $1', [name]);
    const pending = await request(t.app).get('/api/health/ready');
    expectError(pending, 503, 'NOT_READY');
    expect(pending.body.message).toContain(name);

    await t.db.pool.query('UPDATE _prisma_migrations SET rolled_back_at = NULL WHERE migration_name = $1', [name]);
    const ready = await request(t.app).get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', bus: 'not-configured' } });
  });

  it('GET /api/health/live answers 200 without touching the database', async () => {
    const response = await request(t.app).get('/api/health/live');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('GET /api/status tells the SPA about maintenance and the devices domain', async () => {
    const response = await request(t.app).get('/api/status');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ maintenance: false, maintenanceMessage: null, devicesEmailDomain: 'aerogate.demo' });
  });

  it('an unknown API path answers 404 NOT_FOUND as JSON', async () => {
    const response = await request(t.app).get('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_FOUND');
  });
});

describe('readiness with a traffic bus configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on this port: the bus never connects.
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
  });
  afterAll(() => t.close());

  it('ready answers 503 NOT_READY while the bus is not connected; live and the old health answer 200', async () => {
    const ready = await request(t.app).get('/api/health/ready');
    expectError(ready, 503, 'NOT_READY');
    expect(ready.body.message).toMatch(/bus/);
    expect((await request(t.app).get('/api/health/live')).status).toBe(200);
    expect((await request(t.app).get('/api/health')).status).toBe(200);
  });
});
