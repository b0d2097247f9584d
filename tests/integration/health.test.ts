import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/test-app';

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
