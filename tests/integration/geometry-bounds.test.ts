import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GEOMETRY_MAX_POLYGONS,
  GEOMETRY_MAX_RINGS_PER_POLYGON,
  GEOMETRY_MAX_VERTICES,
  GEOMETRY_MAX_VERTICES_PER_RING,
} from '../../src/shared/geo/geometry-bounds';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { rawVolume, rawZone } from '../unit/geozones/geozone-fixtures';
import { completeMission, missionOperator } from './missions-support';
import { expectError } from './support';
import { importJson, type Auth } from './zones-support';

type Ring = [number, number][];

/** A closed, wavy, simple ring of `vertices` positions (first = last) around (lon, lat), counter-clockwise. */
function wavyRing(vertices: number, lon: number, lat: number, radiusDeg: number, clockwise = false): Ring {
  const ring: Ring = [];
  for (let i = 0; i < vertices - 1; i += 1) {
    const angle = ((clockwise ? -1 : 1) * 2 * Math.PI * i) / (vertices - 1);
    ring.push([lon + radiusDeg * Math.cos(angle) * (1 + 0.05 * Math.sin(13 * angle)), lat + radiusDeg * Math.sin(angle)]);
  }
  ring.push(ring[0] as [number, number]);
  return ring;
}

const CENTRE = { lon: 2.36, lat: 48.85 };
const half = Math.floor(GEOMETRY_MAX_VERTICES / 2);

/** The costliest area the bounds allow: two rings of the most vertices a request may hold, side by side. */
const worstArea = {
  type: 'MultiPolygon' as const,
  coordinates: [[wavyRing(half, CENTRE.lon - 0.006, CENTRE.lat, 0.004)], [wavyRing(half, CENTRE.lon + 0.006, CENTRE.lat, 0.004)]],
};

const bowTie = {
  type: 'MultiPolygon' as const,
  coordinates: [
    [
      [
        [2.35, 48.74],
        [2.355, 48.745],
        [2.355, 48.74],
        [2.35, 48.745],
        [2.35, 48.74],
      ],
    ],
  ],
};

/**
 * A detailed zone around the area that does not touch it: an annulus whose hole holds the area. Boxes overlap, so
 * the exact test has to compare every edge: the worst case of the geometric test.
 */
function annulusZone() {
  return rawZone({
    identifier: 'RING01',
    geometry: [
      rawVolume({
        horizontalProjection: {
          type: 'Polygon',
          coordinates: [wavyRing(2000, CENTRE.lon, CENTRE.lat, 0.05), wavyRing(1500, CENTRE.lon, CENTRE.lat, 0.03, true)],
        },
      }),
    ],
  });
}

/** The call's result and when it arrived, to compare which of concurrent calls answered first. */
async function timed<T>(call: () => Promise<T>): Promise<{ value: T; doneAt: number }> {
  const value = await call();
  return { value, doneAt: performance.now() };
}

describe('bounded geometry work', () => {
  let t: TestApp;
  let server: Server;
  let base: string;
  let operator: Awaited<ReturnType<typeof missionOperator>>;
  let admin: Auth;

  beforeAll(async () => {
    // A generous time limit: this machine is shared, and the point here is where the work runs, not how long it takes.
    t = await createTestApp({ GEOMETRY_TIMEOUT_MS: '120000' });
    operator = await missionOperator(t);
    admin = (await signedInUser(t.app, t.db.prisma, ['AIRSPACE_EDIT_ADMIN'])).auth;
    expect((await importJson(t, admin, JSON.stringify({ features: [annulusZone()] }), 'annulus')).status).toBe(201);
    server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  const intersect = (area: unknown) =>
    request(t.app).post('/api/zones/intersect').set(operator.auth).send({ area, maxHeightM: 50, startAt: '2026-07-01T08:00:00Z' });

  describe('limits answered 422 GEOMETRY_TOO_COMPLEX', () => {
    it(`refuses a ring of more than ${GEOMETRY_MAX_VERTICES_PER_RING} positions`, async () => {
      const response = await intersect({ type: 'Polygon', coordinates: [wavyRing(GEOMETRY_MAX_VERTICES_PER_RING + 1, 2.35, 48.85, 0.01)] });
      expectError(response, 422, 'GEOMETRY_TOO_COMPLEX');
      expect(response.body.fields['area.coordinates.0']).toContain('validation:geometry.tooComplex');
    });

    it(`refuses a polygon of more than ${GEOMETRY_MAX_RINGS_PER_POLYGON} rings`, async () => {
      const holes = Array.from({ length: GEOMETRY_MAX_RINGS_PER_POLYGON }, (_, i) => wavyRing(4, 2.35 + i * 0.0001, 48.85, 0.00001, true));
      const response = await intersect({ type: 'Polygon', coordinates: [wavyRing(8, 2.355, 48.85, 0.02), ...holes] });
      expectError(response, 422, 'GEOMETRY_TOO_COMPLEX');
    });

    it(`refuses more than ${GEOMETRY_MAX_POLYGONS} polygons`, async () => {
      const polygons = Array.from({ length: GEOMETRY_MAX_POLYGONS + 1 }, (_, i) => [wavyRing(5, 2.3 + i * 0.001, 48.85, 0.0003)]);
      expectError(await intersect({ type: 'MultiPolygon', coordinates: polygons }), 422, 'GEOMETRY_TOO_COMPLEX');
    });

    it(`refuses a request of more than ${GEOMETRY_MAX_VERTICES} positions before validating them, and stores nothing`, async () => {
      const before = await t.db.prisma.mission.count();
      const area = { type: 'MultiPolygon', coordinates: [...worstArea.coordinates, [wavyRing(10, 2.4, 48.85, 0.001)]] };
      const response = await request(t.app)
        .post('/api/preflights')
        .set(operator.auth)
        .send(completeMission(operator, { areas: area }));
      expectError(response, 422, 'GEOMETRY_TOO_COMPLEX');
      expect(await t.db.prisma.mission.count()).toBe(before);
    });

    it('refuses a body nested deeper than any contract with 400 BAD_REQUEST', async () => {
      let deep: unknown = [1];
      for (let i = 0; i < 5000; i += 1) deep = [deep];
      expectError(await intersect(deep), 400, 'BAD_REQUEST');
    });
  });

  describe('self-intersecting (bow-tie) areas are refused the same way everywhere', () => {
    it('POST /api/preflights answers 422 selfIntersecting and stores nothing', async () => {
      const before = await t.db.prisma.mission.count();
      const response = await request(t.app)
        .post('/api/preflights')
        .set(operator.auth)
        .send(completeMission(operator, { areas: bowTie }));
      expectError(response, 422, 'VALIDATION_FAILED');
      expect(response.body.fields['areas.coordinates.0']).toEqual(['validation:geometry.selfIntersecting']);
      expect(await t.db.prisma.mission.count()).toBe(before);
    });

    it('POST /api/zones/intersect answers 422 selfIntersecting', async () => {
      const response = await intersect(bowTie);
      expectError(response, 422, 'VALIDATION_FAILED');
      expect(response.body.fields['area.coordinates.0']).toEqual(['validation:geometry.selfIntersecting']);
    });

    it('POST /api/airspaces answers 422 selfIntersecting', async () => {
      const response = await request(t.app)
        .post('/api/airspaces')
        .set(admin)
        .send({ name: 'Bow tie', internalCode: 'BOWTIE', geometry: bowTie });
      expectError(response, 422, 'VALIDATION_FAILED');
      expect(response.body.fields.geometry).toEqual(['validation:geometry.selfIntersecting']);
    });

    it('a simple area with a hole is accepted', async () => {
      const withHole = { type: 'Polygon', coordinates: [wavyRing(40, 2.35, 48.85, 0.01), wavyRing(20, 2.35, 48.85, 0.002, true)] };
      expect((await intersect(withHole)).status).toBe(200);
    });
  });

  describe('the worst case the limits allow does not stall other requests', () => {
    it('POST /api/zones/intersect: /api/health answers while the intersection is computed', async () => {
      const heavy = timed(() =>
        fetch(`${base}/api/zones/intersect`, {
          method: 'POST',
          headers: { ...operator.auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({ area: worstArea, maxHeightM: 50, startAt: '2026-07-01T08:00:00Z' }),
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 150));
      const health = await timed(() => fetch(`${base}/api/health`));
      const intersection = await heavy;

      expect(health.value.status).toBe(200);
      expect(health.doneAt).toBeLessThan(intersection.doneAt);
      expect(intersection.value.status).toBe(200);
      expect(((await intersection.value.json()) as { zones: unknown[] }).zones).toEqual([]);
    });

    it('POST /api/preflights: /api/health answers while three worst-case missions are validated and stored', async () => {
      const body = JSON.stringify(completeMission(operator, { areas: worstArea }));
      const heavy = Array.from({ length: 3 }, () =>
        timed(() =>
          fetch(`${base}/api/preflights`, { method: 'POST', headers: { ...operator.auth, 'Content-Type': 'application/json' }, body }),
        ),
      );
      const health = await timed(() => fetch(`${base}/api/health`));
      const missions = await Promise.all(heavy);

      expect(health.value.status).toBe(200);
      expect(health.doneAt).toBeLessThan(Math.min(...missions.map((mission) => mission.doneAt)));
      expect(missions.map((mission) => mission.value.status)).toEqual([201, 201, 201]);
      // Three worst-case missions take seconds of CPU each: over a minute on a busy machine.
    }, 240_000);
  });
});
