import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/test-app';
import { bearer, expectError } from './support';
import { completeMission, missionOperator, postMission } from './missions-support';

describe('personal API credentials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  async function credential(auth: Record<string, string>, scope: 'read' | 'write') {
    const created = await request(t.app)
      .post('/api/credentials')
      .set(auth)
      .send({ name: `Ground station ${scope}`, scope });
    expect(created.status).toBe(201);
    return created.body as { id: string; token: string; prefix: string };
  }

  it('is shown once, kept hashed, and listed without its secret', async () => {
    const operator = await missionOperator(t);
    const created = await credential(operator.auth, 'read');
    expect(created.token).toMatch(/^agk_[A-Za-z0-9_-]{43}$/);
    expect(created.token.startsWith(created.prefix)).toBe(true);

    const stored = await t.db.prisma.apiCredential.findUniqueOrThrow({ where: { id: created.id } });
    expect(stored.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(created.token);
    const list = await request(t.app).get('/api/credentials').set(operator.auth);
    expect(list.body).toEqual([expect.objectContaining({ id: created.id, scope: 'read', lastUsedAt: null })]);
    expect(JSON.stringify(list.body)).not.toContain(created.token);
  });

  it('a read credential reads as its owner without a session, and is refused any write (403)', async () => {
    const operator = await missionOperator(t);
    const mission = await postMission(t, operator.auth, completeMission(operator));
    const { token } = await credential(operator.auth, 'read');

    const read = await request(t.app).get(`/api/preflights/${mission.body.id}`).set(bearer(token));
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(mission.body.id);
    expectError(await postMission(t, bearer(token), completeMission(operator)), 403, 'API_CREDENTIAL_READ_ONLY');
    expect(await t.db.prisma.mission.count({ where: { userId: operator.user.id } })).toBe(1);
  });

  it("a write credential writes with its owner's rights, but cannot mint credentials or register webhooks", async () => {
    const operator = await missionOperator(t);
    const { token } = await credential(operator.auth, 'write');

    expect((await postMission(t, bearer(token), completeMission(operator))).status).toBe(201);
    expectError(
      await request(t.app).post('/api/credentials').set(bearer(token)).send({ name: 'more', scope: 'write' }),
      403,
      'API_CREDENTIAL_NOT_ALLOWED',
    );
    expectError(
      await request(t.app)
        .post('/api/webhooks/endpoints')
        .set(bearer(token))
        .send({ url: 'https://hooks.example.com/x', events: ['request.filed'] }),
      403,
      'API_CREDENTIAL_NOT_ALLOWED',
    );
    // Rights are the owner's: an administrator's route stays closed.
    expectError(await request(t.app).get('/api/users').set(bearer(token)), 403, 'NOT_ALLOWED');
  });

  it('a revoked credential is refused at once; another user cannot revoke it', async () => {
    const operator = await missionOperator(t);
    const other = await missionOperator(t);
    const { id, token } = await credential(operator.auth, 'read');
    expect((await request(t.app).get('/api/credentials').set(bearer(token))).status).toBe(200);

    expectError(await request(t.app).delete(`/api/credentials/${id}`).set(other.auth), 404, 'NOT_FOUND');
    expect((await request(t.app).delete(`/api/credentials/${id}`).set(operator.auth)).status).toBe(204);
    expectError(await request(t.app).get('/api/credentials').set(bearer(token)), 401, 'UNAUTHENTICATED');
    expect((await request(t.app).get('/api/credentials').set(operator.auth)).body).toEqual([]);
  });

  it('ends with its account: deactivated, then deleted', async () => {
    const operator = await missionOperator(t);
    const { token } = await credential(operator.auth, 'read');
    expect((await request(t.app).get('/api/credentials').set(bearer(token))).status).toBe(200);

    await t.db.prisma.user.update({ where: { id: operator.user.id }, data: { status: 'deactivated' } });
    expectError(await request(t.app).get('/api/credentials').set(bearer(token)), 401, 'UNAUTHENTICATED');
    await t.db.prisma.user.update({ where: { id: operator.user.id }, data: { status: 'active' } });
    expect((await request(t.app).get('/api/credentials').set(bearer(token))).status).toBe(200);

    await t.db.prisma.user.delete({ where: { id: operator.user.id } });
    expectError(await request(t.app).get('/api/credentials').set(bearer(token)), 401, 'UNAUTHENTICATED');
  });
});

describe('API reference', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('serves Swagger UI from this origin on /api/openapi.json, which documents credentials, webhooks and their events', async () => {
    const page = await request(t.app).get('/api/docs/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<script src="swagger-ui-bundle.js"></script>');
    expect(page.text).not.toMatch(/https?:\/\//);
    const bundle = await request(t.app).get('/api/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    expect((await request(t.app).get('/api/docs/initializer.js')).text).toContain("url: '/api/openapi.json'");

    const document = (await request(t.app).get('/api/openapi.json')).body;
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/credentials',
        '/api/credentials/{id}',
        '/api/webhooks/endpoints',
        '/api/webhooks/deliveries/{id}/resend',
      ]),
    );
    expect(Object.keys(document['x-webhooks'])).toContain('request.decided');
    expect(document.components.securitySchemes.bearer.description).toContain('agk_');
  });

  it('documents the CSV and track downloads with their media types, not as JSON', async () => {
    const document = (await request(t.app).get('/api/openapi.json')).body;
    const success = (path: string) => Object.keys(document.paths[path].get.responses['200'].content ?? {});

    for (const csv of ['/api/replay/positions.csv', '/api/logbook/csv', '/api/violations/csv'])
      expect(success(csv), csv).toEqual(['text/csv']);
    for (const track of ['/api/replay/track', '/api/postflights/{missionId}/track'])
      expect(success(track), track).toEqual(['application/vnd.google-earth.kml+xml', 'application/geo+json', 'application/gpx+xml']);
    expect(document.paths['/api/replay/positions.csv'].get.responses['200'].content['text/csv'].schema).toEqual({
      type: 'string',
      format: 'binary',
    });
  });
});
