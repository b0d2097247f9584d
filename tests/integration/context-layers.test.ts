import type { FeatureCollection, Point } from 'geojson';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObstacleProperties } from '../../src/shared/contracts/context-layers';
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
    ['obstacles', 11_770],
  ])('serves the %s layer to any signed-in user as GeoJSON with %i features and a long cache header', async (name, count) => {
    const response = await request(t.app).get(`/api/context-layers/${name}`).set(user);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/geo\+json/);
    expect(response.headers['cache-control']).toMatch(/max-age=86400/);
    const body = JSON.parse(response.text) as { type: string; features: unknown[] };
    expect(body.type).toBe('FeatureCollection');
    expect(body.features).toHaveLength(count);
  });

  it("serves the SIA's obstacles with their kind, number, height above ground and elevation of the top in feet", async () => {
    const response = await request(t.app).get('/api/context-layers/obstacles').set(user);

    const body = JSON.parse(response.text) as FeatureCollection<Point>;
    // The first obstacle of the SIA's list (AIXM "Obs" 22033, Côtes-d'Armor): a pylon of 167 ft, its top at 318 ft.
    expect(body.features[0]).toEqual({
      type: 'Feature',
      properties: { kind: 'pylon', name: '22033', heightFt: 167, elevationFt: 318, lit: false },
      geometry: { type: 'Point', coordinates: [-1.923889, 48.493333] },
    });
    // Wind turbines are most of the list (8,269 "Eolienne(s)" of 11,770); a top is never below its height: 8 pylons
    // published with a top at 0 ft have no elevation.
    const obstacles = body.features.map((feature) => feature.properties as ObstacleProperties);
    expect(obstacles.filter((obstacle) => obstacle.kind === 'windTurbine')).toHaveLength(8269);
    expect(obstacles.filter((obstacle) => obstacle.elevationFt === null)).toHaveLength(8);
    expect(obstacles.every((obstacle) => obstacle.elevationFt === null || obstacle.elevationFt >= obstacle.heightFt)).toBe(true);
  });

  it('answers 404 NOT_FOUND for a layer it does not ship', async () => {
    expectError(await request(t.app).get('/api/context-layers/airports').set(user), 404, 'NOT_FOUND');
  });

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    expectError(await request(t.app).get('/api/context-layers/rail'), 401, 'UNAUTHENTICATED');
  });
});
