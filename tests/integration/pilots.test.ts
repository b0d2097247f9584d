import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RIGHTS, type Right } from '../../src/shared/domain/rights';
import { createUser, signedInUser } from '../factories/users';
import { createPilot } from '../factories/registry';
import { createTestApp, type TestApp } from '../setup/test-app';
import { CLOCK_START, expectError } from './support';

const OPERATOR: Right[] = ['PILOT_LIST', 'PILOT_EDIT'];

const validPilot = () => ({
  firstName: 'Amelia',
  lastName: 'Earhart',
  email: 'Amelia.Earhart@Example.com',
  phone: '+33 (0)6 12-34.56 78',
  birthDate: '1990-07-24',
  supervisionLevel: 2,
  rights: ['missionPreparation', 'viewOperatorMachines', 'missionPreparation'],
  documents: [
    { skillType: 'licence', reference: 'FRA-RP-000123', validFrom: '2025-01-01', validUntil: '2030-01-01' },
    { skillType: 'idDocument', reference: 'ID-42' },
  ],
});

describe('pilots', () => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await signedInUser(t.app, t.db.prisma, OPERATOR);
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  const post = (body: unknown, auth = operator.auth) =>
    request(t.app)
      .post('/api/pilots')
      .set(auth)
      .send(body as object);

  describe('authentication and rights', () => {
    const endpoints: [string, string, Right][] = [
      ['get', '/api/pilots', 'PILOT_LIST'],
      ['post', '/api/pilots', 'PILOT_EDIT'],
      ['get', '/api/pilots/00000000-0000-4000-8000-000000000000', 'PILOT_LIST'],
      ['put', '/api/pilots/00000000-0000-4000-8000-000000000000', 'PILOT_EDIT'],
      ['delete', '/api/pilots/00000000-0000-4000-8000-000000000000', 'PILOT_EDIT'],
      ['get', '/api/users/00000000-0000-4000-8000-000000000000/pilots', 'USER_EDIT_ADMIN'],
      ['post', '/api/users/00000000-0000-4000-8000-000000000000/pilots', 'USER_EDIT_ADMIN'],
      [
        'post',
        '/api/users/00000000-0000-4000-8000-000000000000/pilots/00000000-0000-4000-8000-000000000000/restore',
        'PILOT_EDIT_DELETED_ADMIN',
      ],
    ];

    it.each(endpoints)('%s %s answers 401 UNAUTHENTICATED without a token', async (method, path) => {
      expectError(await request(t.app)[method as 'get'](path), 401, 'UNAUTHENTICATED');
    });

    it.each(endpoints)('%s %s answers 403 NOT_ALLOWED to a user holding every right but %s', async (method, path, right) => {
      // A supervised pilot account may read its own pilot record, so SUPERVISION_PILOT opens GET /api/pilots/:id too.
      const excluded = right === 'PILOT_LIST' && path !== '/api/pilots' ? [right, 'SUPERVISION_PILOT'] : [right];
      const { auth } = await signedInUser(t.app, t.db.prisma, RIGHTS.filter((r) => !excluded.includes(r)) as Right[]);

      expectError(await request(t.app)[method as 'get'](path).set(auth).send(validPilot()), 403, 'NOT_ALLOWED');
    });
  });

  describe('POST /api/pilots', () => {
    it('declares a pilot of the signed-in operator, with its documents, e-mail in lower case and rights once each', async () => {
      const response = await post(validPilot());

      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        ownerId: operator.user.id,
        firstName: 'Amelia',
        lastName: 'Earhart',
        email: 'amelia.earhart@example.com',
        phone: '+33 (0)6 12-34.56 78',
        birthDate: '1990-07-24',
        supervisionLevel: 2,
        rights: ['missionPreparation', 'viewOperatorMachines'],
        supervised: false,
        supervisedUserId: null,
        deletedAt: null,
      });
      expect(response.body.documents).toEqual([
        { id: expect.any(String), skillType: 'idDocument', reference: 'ID-42', validFrom: null, validUntil: null, attachmentId: null },
        {
          id: expect.any(String),
          skillType: 'licence',
          reference: 'FRA-RP-000123',
          validFrom: '2025-01-01',
          validUntil: '2030-01-01',
          attachmentId: null,
        },
      ]);
      expect(await t.db.prisma.auditLog.count({ where: { subjectId: response.body.id, action: 'pilot.created' } })).toBe(1);
    });

    it.each([
      ['a missing first name', { firstName: undefined }, 'firstName', 'validation:required'],
      ['a blank last name', { lastName: '  ' }, 'lastName', 'validation:required'],
      ['an invalid e-mail', { email: 'amelia@' }, 'email', 'validation:email'],
      ['letters in the phone', { phone: '06 12 34 AB' }, 'phone', 'validation:phone'],
      ['an invalid birth date', { birthDate: '1990-02-30' }, 'birthDate', 'validation:date'],
      ['supervision level 4', { supervisionLevel: 4 }, 'supervisionLevel', 'validation:tooBig'],
      ['supervision level -1', { supervisionLevel: -1 }, 'supervisionLevel', 'validation:tooSmall'],
      ['an unknown right', { rights: ['flyEverywhere'] }, 'rights.0', 'validation:invalidValue'],
      [
        'a document ending before it starts',
        { documents: [{ skillType: 'licence', reference: 'L', validFrom: '2026-01-02', validUntil: '2026-01-01' }] },
        'documents.0.validUntil',
        'validation:endBeforeStart',
      ],
      [
        'a document without reference',
        { documents: [{ skillType: 'licence', reference: '' }] },
        'documents.0.reference',
        'validation:required',
      ],
    ])('refuses %s with 422 VALIDATION_FAILED and stores nothing', async (_case, change, field, message) => {
      const before = await t.db.prisma.pilot.count();

      const response = await post({ ...validPilot(), ...change });

      expectError(response, 422, 'VALIDATION_FAILED');
      expect(response.body.fields[field]).toContain(message);
      expect(await t.db.prisma.pilot.count()).toBe(before);
    });
  });

  describe('GET /api/pilots', () => {
    it("lists the operator's current pilots only, paginated, searched and sorted", async () => {
      const { user, auth } = await signedInUser(t.app, t.db.prisma, OPERATOR);
      const other = await createUser(t.db.prisma);
      await createPilot(t.db.prisma, other.id, { lastName: 'Bleriot' });
      await createPilot(t.db.prisma, user.id, { lastName: 'Bleriot', firstName: 'Louis' });
      await createPilot(t.db.prisma, user.id, { lastName: 'Mermoz', firstName: 'Jean' });
      await createPilot(t.db.prisma, user.id, { lastName: 'Ader', firstName: 'Clement' });
      await createPilot(t.db.prisma, user.id, { lastName: 'Gone', deletedAt: CLOCK_START });

      const page1 = await request(t.app).get('/api/pilots').query({ pageSize: 2 }).set(auth);
      const page2 = await request(t.app).get('/api/pilots').query({ pageSize: 2, page: 2 }).set(auth);
      const desc = await request(t.app).get('/api/pilots').query({ order: 'desc' }).set(auth);
      const searched = await request(t.app).get('/api/pilots').query({ search: 'merm' }).set(auth);

      expect(page1.status).toBe(200);
      expect(page1.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
      expect(page1.body.items.map((p: { lastName: string }) => p.lastName)).toEqual(['Ader', 'Bleriot']);
      expect(page2.body.items.map((p: { lastName: string }) => p.lastName)).toEqual(['Mermoz']);
      expect(desc.body.items.map((p: { lastName: string }) => p.lastName)).toEqual(['Mermoz', 'Bleriot', 'Ader']);
      expect(searched.body).toMatchObject({ total: 1, items: [{ firstName: 'Jean' }] });
    });

    it('filters by supervision level and refuses an unknown sort with 422', async () => {
      const { user, auth } = await signedInUser(t.app, t.db.prisma, OPERATOR);
      await createPilot(t.db.prisma, user.id, { supervisionLevel: 3 });
      await createPilot(t.db.prisma, user.id, { supervisionLevel: 0 });

      const filtered = await request(t.app).get('/api/pilots').query({ supervisionLevel: 3 }).set(auth);
      const badSort = await request(t.app).get('/api/pilots').query({ sort: 'password' }).set(auth);

      expect(filtered.body).toMatchObject({ total: 1, items: [{ supervisionLevel: 3 }] });
      expectError(badSort, 422, 'VALIDATION_FAILED');
    });
  });

  describe("another operator's pilot", () => {
    it('answers 404 NOT_FOUND to GET, PUT and DELETE, never the data, and changes nothing', async () => {
      const other = await createUser(t.db.prisma);
      const pilot = await createPilot(t.db.prisma, other.id, { firstName: 'Secret' });

      const got = await request(t.app).get(`/api/pilots/${pilot.id}`).set(operator.auth);
      const put = await request(t.app).put(`/api/pilots/${pilot.id}`).set(operator.auth).send(validPilot());
      const deleted = await request(t.app).delete(`/api/pilots/${pilot.id}`).set(operator.auth);

      for (const response of [got, put, deleted]) expectError(response, 404, 'NOT_FOUND');
      expect(JSON.stringify(got.body)).not.toContain('Secret');
      expect(await t.db.prisma.pilot.findUniqueOrThrow({ where: { id: pilot.id } })).toEqual(pilot);
    });
  });

  describe('PUT and DELETE /api/pilots/:id', () => {
    it('replaces the pilot and its documents', async () => {
      const created = (await post(validPilot())).body;

      const response = await request(t.app)
        .put(`/api/pilots/${created.id}`)
        .set(operator.auth)
        .send({ ...validPilot(), lastName: 'Putnam', rights: [], documents: [{ skillType: 'openA2', reference: 'A2-1' }] });

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ lastName: 'Putnam', rights: [], documents: [{ skillType: 'openA2', reference: 'A2-1' }] });
      expect(await t.db.prisma.pilotDocument.count({ where: { pilotId: created.id } })).toBe(1);
    });

    it('deletes softly: the pilot leaves the list and answers 404, the row stays with deletedAt', async () => {
      const created = (await post(validPilot())).body;
      t.clock.set('2026-06-15T08:05:00Z');

      const response = await request(t.app).delete(`/api/pilots/${created.id}`).set(operator.auth);

      expect(response.status).toBe(204);
      expectError(await request(t.app).get(`/api/pilots/${created.id}`).set(operator.auth), 404, 'NOT_FOUND');
      expectError(await request(t.app).delete(`/api/pilots/${created.id}`).set(operator.auth), 404, 'NOT_FOUND');
      const list = await request(t.app).get('/api/pilots').query({ pageSize: 100 }).set(operator.auth);
      expect(list.body.items.map((p: { id: string }) => p.id)).not.toContain(created.id);
      expect((await t.db.prisma.pilot.findUniqueOrThrow({ where: { id: created.id } })).deletedAt).toEqual(
        new Date('2026-06-15T08:05:00Z'),
      );
    });

    it('answers 422 for an id that is not a uuid', async () => {
      expectError(await request(t.app).get('/api/pilots/42').set(operator.auth), 422, 'VALIDATION_FAILED');
    });
  });

  describe('deleted pilots', () => {
    it('deleted=true is refused with 403 without PILOT_LIST_DELETED_ADMIN', async () => {
      expectError(await request(t.app).get('/api/pilots').query({ deleted: 'true' }).set(operator.auth), 403, 'NOT_ALLOWED');
    });

    it('are listed and read with PILOT_LIST_DELETED_ADMIN, and restored with PILOT_EDIT_DELETED_ADMIN', async () => {
      const owner = await createUser(t.db.prisma);
      const gone = await createPilot(t.db.prisma, owner.id, { deletedAt: CLOCK_START });
      await createPilot(t.db.prisma, owner.id);
      const admin = await signedInUser(t.app, t.db.prisma, ['USER_EDIT_ADMIN', 'PILOT_LIST_DELETED_ADMIN', 'PILOT_EDIT_DELETED_ADMIN']);
      const base = `/api/users/${owner.id}/pilots`;

      const list = await request(t.app).get(base).query({ deleted: 'true' }).set(admin.auth);
      const detail = await request(t.app).get(`${base}/${gone.id}`).set(admin.auth);
      const restored = await request(t.app).post(`${base}/${gone.id}/restore`).set(admin.auth);
      const again = await request(t.app).post(`${base}/${gone.id}/restore`).set(admin.auth);

      expect(list.body).toMatchObject({ total: 1, items: [{ id: gone.id, deletedAt: CLOCK_START.toISOString() }] });
      expect(detail.body).toMatchObject({ id: gone.id, deletedAt: CLOCK_START.toISOString() });
      expect(restored.status).toBe(200);
      expect(restored.body).toMatchObject({ id: gone.id, deletedAt: null });
      expectError(again, 404, 'NOT_FOUND');
    });

    it('an administrator without PILOT_LIST_DELETED_ADMIN does not find a deleted pilot', async () => {
      const owner = await createUser(t.db.prisma);
      const gone = await createPilot(t.db.prisma, owner.id, { deletedAt: CLOCK_START });
      const admin = await signedInUser(t.app, t.db.prisma, ['USER_EDIT_ADMIN']);

      expectError(await request(t.app).get(`/api/users/${owner.id}/pilots/${gone.id}`).set(admin.auth), 404, 'NOT_FOUND');
    });
  });

  describe("an administrator on a user's pilots", () => {
    it('lists, declares, edits and deletes the pilots of that user', async () => {
      const owner = await createUser(t.db.prisma);
      await createPilot(t.db.prisma, owner.id, { lastName: 'Existing' });
      const admin = await signedInUser(t.app, t.db.prisma, ['USER_EDIT_ADMIN']);
      const base = `/api/users/${owner.id}/pilots`;

      const created = await request(t.app).post(base).set(admin.auth).send(validPilot());
      const updated = await request(t.app)
        .put(`${base}/${created.body.id}`)
        .set(admin.auth)
        .send({ ...validPilot(), firstName: 'Jacqueline' });
      const list = await request(t.app).get(base).set(admin.auth);
      const removed = await request(t.app).delete(`${base}/${created.body.id}`).set(admin.auth);

      expect(created.status).toBe(201);
      expect(created.body.ownerId).toBe(owner.id);
      expect(updated.body.firstName).toBe('Jacqueline');
      expect(list.body.total).toBe(2);
      expect(removed.status).toBe(204);
    });

    it('answers 404 for an unknown user, and for a pilot of another user under this one', async () => {
      const admin = await signedInUser(t.app, t.db.prisma, ['USER_EDIT_ADMIN']);
      const owner = await createUser(t.db.prisma);
      const elsewhere = await createPilot(t.db.prisma, (await createUser(t.db.prisma)).id);

      expectError(await request(t.app).get('/api/users/00000000-0000-4000-8000-000000000000/pilots').set(admin.auth), 404, 'NOT_FOUND');
      expectError(await request(t.app).get(`/api/users/${owner.id}/pilots/${elsewhere.id}`).set(admin.auth), 404, 'NOT_FOUND');
    });
  });
});
