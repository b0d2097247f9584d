import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { routersBehind } from '../../server/lib/api-router';
import { seedDroneModelCatalogue } from '../../prisma/seed-drone-models';
import { hashToken } from '../../server/modules/auth/auth.common';
import { TEST_PASSWORD, createUser, signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { expectError, postLogin } from './support';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every method + path Express actually serves, read from the router stack and the routers the API dispatches to. */
function servedRoutes(app: Express): string[] {
  const found: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      const behind = routersBehind(layer.handle);
      if (layer.route) for (const method of Object.keys(layer.route.methods)) found.push(`${method} ${layer.route.path}`);
      else if (behind) for (const router of behind) walk(router.stack as Layer[]);
      else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return found;
}

type Operation = { 'x-access': string; 'x-permissions': string[]; security: unknown[] };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

function operations(document: OpenApi) {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
  );
}

describe('API hardening', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('rate limit of the security endpoints', () => {
    it('with SECURITY_RATE_LIMIT_PER_MINUTE=3, the 4th login within a minute answers 429 RATE_LIMITED without checking the password', async () => {
      const limited = await createTestApp({ SECURITY_RATE_LIMIT_PER_MINUTE: '3' });
      try {
        const user = await createUser(limited.db.prisma);
        const statuses = [];
        for (let i = 0; i < 3; i++) statuses.push((await postLogin(limited, { email: user.email, password: 'Wrong-Password-1!' })).status);

        const fourth = await postLogin(limited, { email: user.email, password: TEST_PASSWORD });

        expect(statuses).toEqual([401, 401, 401]);
        expectError(fourth, 429, 'RATE_LIMITED');
        expect(fourth.headers['ratelimit-policy']).toBeDefined();
        expect((await limited.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).failedLoginCount).toBe(3);
        expect(await limited.db.prisma.refreshToken.count({ where: { userId: user.id } })).toBe(0);
        expect((await request(limited.app).get('/api/health')).status).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it('with the default limit, six wrong passwords typed by a person produce INVALID_CREDENTIALS ×5 then TOO_MANY_ATTEMPTS, never RATE_LIMITED', async () => {
      const defaults = await createTestApp({ SECURITY_RATE_LIMIT_PER_MINUTE: '' });
      try {
        expect(defaults.config.securityRateLimitPerMinute).toBe(60);
        const user = await createUser(defaults.db.prisma);

        const codes = [];
        for (let i = 0; i < 6; i++) codes.push((await postLogin(defaults, { email: user.email, password: 'Wrong-Password-1!' })).body.code);

        expect(codes).toEqual([...Array(5).fill('INVALID_CREDENTIALS'), 'TOO_MANY_ATTEMPTS']);
      } finally {
        await defaults.close();
      }
    });
  });

  describe('malformed requests', () => {
    it('a body that is not valid JSON answers 400 BAD_REQUEST and changes nothing', async () => {
      const user = await createUser(t.db.prisma);
      const attempts = await t.db.prisma.loginAttempt.count();

      const response = await request(t.app)
        .post('/api/security/login')
        .set('Content-Type', 'application/json')
        .send(`{"email":"${user.email}","password":`);

      expectError(response, 400, 'BAD_REQUEST');
      expect(await t.db.prisma.loginAttempt.count()).toBe(attempts);
      expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).failedLoginCount).toBe(0);
    });

    it('a JSON body that is not an object answers 400 BAD_REQUEST', async () => {
      const response = await request(t.app).post('/api/security/login').set('Content-Type', 'application/json').send('"just a string"');

      expectError(response, 400, 'BAD_REQUEST');
    });

    it('a JSON array answers 422 VALIDATION_FAILED', async () => {
      const response = await request(t.app).post('/api/security/login').send([]);

      expectError(response, 422, 'VALIDATION_FAILED');
    });
  });

  describe('maintenance', () => {
    let m: TestApp;
    beforeAll(async () => {
      m = await createTestApp({ MAINTENANCE: 'true', MAINTENANCE_MESSAGE: 'Back at noon' });
    });
    afterAll(() => m.close());

    it('with MAINTENANCE=true, login answers 503 MAINTENANCE and records nothing', async () => {
      const user = await createUser(m.db.prisma);

      const response = await postLogin(m, { email: user.email, password: TEST_PASSWORD });

      expectError(response, 503, 'MAINTENANCE');
      expect(await m.db.prisma.loginAttempt.count()).toBe(0);
      expect(await m.db.prisma.refreshToken.count()).toBe(0);
    });

    it('with MAINTENANCE=true, an administrator signs in, refreshes and works; his refresh token keeps working', async () => {
      const admin = await createUser(m.db.prisma, { rights: ['USER_LIST_ADMIN'] });

      const login = await postLogin(m, { email: admin.email, password: TEST_PASSWORD });
      expect(login.status).toBe(200);
      const users = await request(m.app).get('/api/users').set('Authorization', `Bearer ${login.body.token}`);
      expect(users.status).toBe(200);
      const refreshed = await request(m.app).post('/api/security/gjrt').send({ gjrt: login.body.gjrt });
      expect(refreshed.status).toBe(200);
    });

    it("with MAINTENANCE=true, a non-administrator's refresh answers 503 MAINTENANCE", async () => {
      const operator = await createUser(m.db.prisma);
      await m.db.prisma.refreshToken.create({
        data: {
          userId: operator.id,
          familyId: randomUUID(),
          tokenHash: hashToken('operator-refresh'),
          expiresAt: new Date(Date.now() + 86_400_000),
        },
      });

      expectError(await request(m.app).post('/api/security/gjrt').send({ gjrt: 'operator-refresh' }), 503, 'MAINTENANCE');
    });

    it('with MAINTENANCE=true, trackers keep posting positions: a flight in the air loses no point of its track', async () => {
      const owner = await createUser(m.db.prisma, { apiKey: 'maintenance-tracker-key' });
      await m.db.prisma.tracker.create({ data: { ident: 'TRK-MAINT', relatedUserId: owner.id, vehicle: 'drone', source: 'wi' } });
      const position = {
        ident: 'TRK-MAINT',
        lat: 48.71,
        lon: 2.16,
        alt: 42,
        time: m.clock.now().toISOString(),
        type: 'drone',
        source: 'wi',
      };

      const response = await request(m.app).post('/api/traffics/').set('X-Api-Key', 'maintenance-tracker-key').send(position);

      expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
      expect(await m.db.prisma.track.count({ where: { ident: 'TRK-MAINT' } })).toBe(1);
    });

    it.each([
      ['get', '/api/account'],
      ['get', '/api/users'],
      ['post', '/api/security/signup'],
      ['get', '/api/openapi.json'],
    ] as const)('with MAINTENANCE=true, %s %s answers 503 MAINTENANCE', async (method, path) => {
      expectError(await request(m.app)[method](path), 503, 'MAINTENANCE');
    });

    it('with MAINTENANCE=true, the SPA still loads on every page (the maintenance page included); only /api answers 503', async () => {
      const spaDir = mkdtempSync(path.join(tmpdir(), 'aerogate-spa-'));
      writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><title>Aerogate</title><div id="root"></div>');
      writeFileSync(path.join(spaDir, 'app.js'), 'console.log("spa")');
      const withSpa = createApp(m.ctx, { spaDir });

      for (const page of ['/login', '/maintenance', '/backoffice/dashboard', '/']) {
        const response = await request(withSpa).get(page);
        expect(response.status, page).toBe(200);
        expect(response.text).toContain('<div id="root">');
      }
      expect((await request(withSpa).get('/app.js')).status).toBe(200);
      expectError(await request(withSpa).get('/api/account'), 503, 'MAINTENANCE');
      expectError(await request(withSpa).get('/api/unknown-route'), 503, 'MAINTENANCE');
    });

    it('with MAINTENANCE=true, /api/health and /api/status still answer, and status tells the message', async () => {
      const health = await request(m.app).get('/api/health');
      const status = await request(m.app).get('/api/status');

      expect(health.status).toBe(200);
      expect(status.status).toBe(200);
      expect(status.body).toMatchObject({ maintenance: true, maintenanceMessage: 'Back at noon' });
    });
  });

  describe('GET /api/openapi.json', () => {
    let document: OpenApi;
    beforeAll(async () => {
      const response = await request(t.app).get('/api/openapi.json');
      expect(response.status).toBe(200);
      document = response.body;
    });

    it('documents every route the API serves', () => {
      const documented = operations(document).map(({ method, path }) => `${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
      // The document itself and the reference page that renders it (its HTML, script and style) are not operations.
      const served = servedRoutes(t.app).filter((route) => route !== 'get /api/openapi.json' && !/^get \/api\/docs(\/|$)/.test(route));

      expect(served.length).toBeGreaterThanOrEqual(16);
      expect(documented.sort()).toEqual([...served].sort());
    });

    it('every operation states x-access and its x-permissions as an array; a rights operation lists at least one', () => {
      for (const { method, path, operation } of operations(document)) {
        const where = `${method} ${path}`;
        expect(['public', 'signedIn', 'rights'], where).toContain(operation['x-access']);
        expect(Array.isArray(operation['x-permissions']), where).toBe(true);
        if (operation['x-access'] === 'rights') expect(operation['x-permissions'].length, where).toBeGreaterThan(0);
        else expect(operation['x-permissions'], where).toEqual([]);
      }
    });

    it('GET /api/users and GET /api/outbox list USER_LIST_ADMIN', () => {
      expect(document.paths['/api/users']!.get).toMatchObject({ 'x-access': 'rights', 'x-permissions': ['USER_LIST_ADMIN'] });
      expect(document.paths['/api/outbox']!.get).toMatchObject({ 'x-access': 'rights', 'x-permissions': ['USER_LIST_ADMIN'] });
    });

    it('the sign-in endpoints are public and the account endpoints need a sign-in', () => {
      expect(document.paths['/api/security/login']!.post!['x-access']).toBe('public');
      expect(document.paths['/api/security/logout']!.post!['x-access']).toBe('signedIn');
      expect(document.paths['/api/account']!.get!['x-access']).toBe('signedIn');
      expect(document.paths['/api/account']!.patch!['x-access']).toBe('signedIn');
    });

    it('what the document says is what the server enforces: without a token every non-public operation answers 401, without the right 403', async () => {
      const { auth } = await signedInUser(t.app, t.db.prisma);
      for (const { method, path, operation } of operations(document)) {
        if (operation['x-access'] === 'public') continue;
        const call = (m: string) => request(t.app)[m as 'get'](path);
        expectError(await call(method), 401, 'UNAUTHENTICATED');
        if (operation['x-access'] === 'rights') expectError(await call(method).set(auth), 403, 'NOT_ALLOWED');
      }
    });
  });

  describe('HTTP headers', () => {
    it('answers carry the helmet security headers and no x-powered-by', async () => {
      const response = await request(t.app).get('/api/health');

      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-powered-by']).toBeUndefined();
    });

    it('the x-request-id sent is echoed, on success and on error', async () => {
      const ok = await request(t.app).get('/api/health').set('x-request-id', 'trace-abc-123');
      const error = await request(t.app).post('/api/security/login').set('x-request-id', 'trace-def-456').send({});

      expect(ok.headers['x-request-id']).toBe('trace-abc-123');
      expect(error.headers['x-request-id']).toBe('trace-def-456');
    });

    it('without an x-request-id, a fresh one is generated for each request', async () => {
      const first = await request(t.app).get('/api/health');
      const second = await request(t.app).get('/api/health');

      expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    });

    it('a large answer is gzip-compressed for a client that accepts it', async () => {
      const response = await request(t.app).get('/api/openapi.json').set('accept-encoding', 'gzip');

      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.body.openapi).toBe('3.0.3');
    });

    describe('a route answer of 1 kB or more', () => {
      const BROWSER = 'gzip, deflate, br, zstd';
      let admin: { Authorization: string };
      let operator: { Authorization: string };
      beforeAll(async () => {
        admin = (await signedInUser(t.app, t.db.prisma, ['USER_LIST_ADMIN'])).auth;
        operator = (await signedInUser(t.app, t.db.prisma, ['MACHINE_LIST'])).auth;
        for (let i = 0; i < 8; i++) await createUser(t.db.prisma);
        await seedDroneModelCatalogue(t.db.prisma);
      });

      it.each([
        ['a list built for this request', '/api/drone-models?pageSize=100', () => operator],
        ['a cached page sent again', '/api/users', () => admin],
      ])('%s goes out gzipped to a browser, the same JSON, with its ETag and Vary', async (_kind, url, auth) => {
        const plain = await request(t.app).get(url).set(auth()).set('accept-encoding', 'identity');
        const gzipped = await request(t.app).get(url).set(auth()).set('accept-encoding', BROWSER);
        const again = await request(t.app).get(url).set(auth()).set('accept-encoding', BROWSER);

        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(Number(plain.headers['content-length'])).toBeGreaterThanOrEqual(1024);
        expect(gzipped.status).toBe(200);
        expect(gzipped.headers['content-encoding']).toBe('gzip');
        expect(gzipped.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
        expect(Number(gzipped.headers['content-length'])).toBeLessThan(Number(plain.headers['content-length']));
        expect(gzipped.body).toEqual(plain.body);
        expect(gzipped.headers.etag).toBeTruthy();
        expect(again.headers.etag).toBe(gzipped.headers.etag);
        expect(again.body).toEqual(plain.body);
      });

      it('answers 304 to the ETag it gave', async () => {
        const first = await request(t.app).get('/api/drone-models?pageSize=100').set(operator).set('accept-encoding', BROWSER);
        const second = await request(t.app)
          .get('/api/drone-models?pageSize=100')
          .set(operator)
          .set('accept-encoding', BROWSER)
          .set('if-none-match', first.headers.etag!);

        expect(second.status).toBe(304);
      });

      it('a client that takes brotli only gets brotli, one that takes none gets it as it is', async () => {
        const brotli = await request(t.app).get('/api/users').set(admin).set('accept-encoding', 'br');
        const none = await request(t.app).get('/api/users').set(admin).set('accept-encoding', 'identity');

        expect(brotli.headers['content-encoding']).toBe('br');
        expect(none.headers['content-encoding']).toBeUndefined();
        expect(brotli.body).toEqual(none.body);
      });

      it('a shorter answer goes out as it is', async () => {
        const response = await request(t.app).get('/api/health').set('accept-encoding', BROWSER);

        expect(Number(response.headers['content-length'])).toBeLessThan(1024);
        expect(response.headers['content-encoding']).toBeUndefined();
      });
    });

    it('errors are JSON { code, message } with the content type of JSON', async () => {
      const response = await request(t.app).get('/api/no-such-endpoint');

      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(Object.keys(response.body).sort()).toEqual(['code', 'message']);
    });
  });
});
