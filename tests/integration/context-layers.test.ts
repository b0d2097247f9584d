import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { expectError } from './support';

type Auth = { Authorization: string };

describe('GET /api/context-layers/:name', () => {
  let t: TestApp;
  let user: Auth;
  beforeAll(async () => {
    t = await createTestApp();
    user = (await signedInUser(t.app, t.db.prisma)).auth;
  });
  afterAll(() => t.close());

  // Counts of shared/data/README.md for the Île-de-France files in data-seed/context.
  it.each([
    ['rail', 631],
    ['motorways', 219],
    ['powerlines', 1829],
    ['protected', 130],
  ])('serves the %s layer to any signed-in user as GeoJSON with %i features and a long cache header', async (name, count) => {
    const response = await request(t.app).get(`/api/context-layers/${name}`).set(user);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/geo\+json/);
    expect(response.headers['cache-control']).toMatch(/max-age=86400/);
    const body = JSON.parse(response.text) as { type: string; features: unknown[] };
    expect(body.type).toBe('FeatureCollection');
    expect(body.features).toHaveLength(count);
  });

  it('answers 404 NOT_FOUND for a layer it does not ship', async () => {
    expectError(await request(t.app).get('/api/context-layers/airports').set(user), 404, 'NOT_FOUND');
  });

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    expectError(await request(t.app).get('/api/context-layers/rail'), 401, 'UNAUTHENTICATED');
  });
});
