import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS, type Right } from '../../src/shared/domain/rights';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { expectError } from './support';

const NO_ID = '00000000-0000-4000-8000-000000000000';

describe('trackers', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t.app, t.db.prisma, ['TRACKER_LIST_ADMIN', 'TRACKER_EDIT_ADMIN']);
  });
  afterAll(() => t.close());

  let serial = 0;
  const validTracker = (extra: Record<string, unknown> = {}) => ({
    ident: `TRK-${++serial}-${Date.now()}`,
    alias: 'Station roof',
    recorded: true,
    vehicle: 'droneHexa',
    source: 'wi',
    ...extra,
  });
  const post = (body: unknown) =>
    request(t.app)
      .post('/api/trackers')
      .set(admin.auth)
      .send(body as object);

  describe('authentication and rights', () => {
    const endpoints: [string, string, Right][] = [
      ['get', '/api/trackers', 'TRACKER_LIST_ADMIN'],
      ['post', '/api/trackers', 'TRACKER_EDIT_ADMIN'],
      ['get', `/api/trackers/${NO_ID}`, 'TRACKER_LIST_ADMIN'],
      ['put', `/api/trackers/${NO_ID}`, 'TRACKER_EDIT_ADMIN'],
      ['delete', `/api/trackers/${NO_ID}`, 'TRACKER_EDIT_ADMIN'],
    ];
    it.each(endpoints)('%s %s answers 401 UNAUTHENTICATED without a token', async (method, path) => {
      expectError(await request(t.app)[method as 'get'](path), 401, 'UNAUTHENTICATED');
    });
    it.each(endpoints)('%s %s answers 403 NOT_ALLOWED to a user holding every right but %s', async (method, path, right) => {
      const { auth } = await signedInUser(t.app, t.db.prisma, RIGHTS.filter((r) => r !== right) as Right[]);
      expectError(await request(t.app)[method as 'get'](path).set(auth).send(validTracker()), 403, 'NOT_ALLOWED');
    });
  });

  it('declares a tracker with every field and its related user', async () => {
    const owner = await signedInUser(t.app, t.db.prisma);

    const response = await post(validTracker({ ident: 'FLARM-DD1234', relatedUserId: owner.user.id }));

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      ident: 'FLARM-DD1234',
      alias: 'Station roof',
      recorded: true,
      vehicle: 'droneHexa',
      source: 'wi',
      relatedUser: { id: owner.user.id, email: owner.user.email },
    });
  });

  it('refuses an ident already used, whatever its case, with TRACKER_ALREADY_EXISTS', async () => {
    await post(validTracker({ ident: 'DUP-ONE' }));

    expectError(await post(validTracker({ ident: 'dup-one' })), 409, 'TRACKER_ALREADY_EXISTS');
    expect(await t.db.prisma.tracker.count({ where: { ident: { equals: 'dup-one', mode: 'insensitive' } } })).toBe(1);
  });

  it('refuses a related user that does not exist with TRACKER_UNKNOWN_USER', async () => {
    expectError(await post(validTracker({ relatedUserId: NO_ID })), 422, 'TRACKER_UNKNOWN_USER');
  });

  it.each([
    ['ident', { ident: '' }, 'validation:required'],
    ['ident', { ident: 'has space' }, 'validation:tracker.ident'],
    ['vehicle', { vehicle: 'rocket' }, 'validation:invalidValue'],
    ['source', { source: 'zz' }, 'validation:invalidValue'],
    ['relatedUserId', { relatedUserId: 'someone' }, 'validation:invalid'],
  ])('refuses %s (%j) with %s', async (field, extra, message) => {
    const response = await post(validTracker(extra));

    expectError(response, 422, 'VALIDATION_FAILED');
    expect(response.body.fields[field]).toContain(message);
  });

  it('lists trackers with search, filters and sort', async () => {
    const boat = (await post(validTracker({ ident: 'LIST-BOAT', alias: 'Harbour', vehicle: 'boat', source: 'ai' }))).body;
    await post(validTracker({ ident: 'LIST-CAR', vehicle: 'car', source: 'mo', recorded: false }));

    const bySource = await request(t.app).get('/api/trackers').query({ search: 'list-', source: 'ai' }).set(admin.auth);
    const byRecorded = await request(t.app).get('/api/trackers').query({ search: 'list-', recorded: 'false' }).set(admin.auth);
    const sorted = await request(t.app).get('/api/trackers').query({ search: 'list-', sort: 'ident', order: 'desc' }).set(admin.auth);
    const byAlias = await request(t.app).get('/api/trackers').query({ search: 'harbour' }).set(admin.auth);

    expect(bySource.body.items.map((row: { id: string }) => row.id)).toEqual([boat.id]);
    expect(byRecorded.body.items.map((row: { ident: string }) => row.ident)).toEqual(['LIST-CAR']);
    expect(sorted.body.items.map((row: { ident: string }) => row.ident)).toEqual(['LIST-CAR', 'LIST-BOAT']);
    expect(byAlias.body.items.map((row: { id: string }) => row.id)).toEqual([boat.id]);
  });

  it('reads, replaces (keeping its own ident) and deletes a tracker; an unknown one is 404', async () => {
    const created = (await post(validTracker({ ident: 'EDIT-ME' }))).body;

    const read = await request(t.app).get(`/api/trackers/${created.id}`).set(admin.auth);
    const replaced = await request(t.app)
      .put(`/api/trackers/${created.id}`)
      .set(admin.auth)
      .send(validTracker({ ident: 'EDIT-ME', alias: null, vehicle: 'plane', source: 'ab' }));
    const removed = await request(t.app).delete(`/api/trackers/${created.id}`).set(admin.auth);

    expect(read.body).toMatchObject({ id: created.id, ident: 'EDIT-ME' });
    expect(replaced.body).toMatchObject({ ident: 'EDIT-ME', alias: null, vehicle: 'plane', source: 'ab' });
    expect(removed.status).toBe(204);
    expectError(await request(t.app).get(`/api/trackers/${created.id}`).set(admin.auth), 404, 'NOT_FOUND');
  });
});
