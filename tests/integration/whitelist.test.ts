import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS, type Right } from '../../src/shared/domain/rights';
import { createMachine } from '../factories/registry';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { expectError } from './support';

const NO_ID = '00000000-0000-4000-8000-000000000000';

describe('whitelist machine', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let operator: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t.app, t.db.prisma, ['USER_EDIT_ADMIN']);
    operator = await signedInUser(t.app, t.db.prisma, ['MACHINE_LIST'], { companyName: 'Skyworks' });
  });
  afterAll(() => t.close());

  const endpoints: [string, string][] = [
    ['get', '/api/whitelist/machines'],
    ['put', `/api/whitelist/machines/${NO_ID}`],
    ['delete', `/api/whitelist/machines/${NO_ID}`],
  ];
  it.each(endpoints)('%s %s answers 401 without a token and 403 without USER_EDIT_ADMIN', async (method, url) => {
    const { auth } = await signedInUser(t.app, t.db.prisma, RIGHTS.filter((r) => r !== 'USER_EDIT_ADMIN') as Right[]);
    expectError(await request(t.app)[method as 'get'](url), 401, 'UNAUTHENTICATED');
    expectError(await request(t.app)[method as 'get'](url).set(auth).send({}), 403, 'NOT_ALLOWED');
  });

  it("whitelists any operator's machine with a note, lists it flagged, and takes it off again", async () => {
    const machine = await createMachine(t.db.prisma, operator.user.id, { internalName: 'WL Survey', serialNumber: 'WL-001' });

    const added = await request(t.app).put(`/api/whitelist/machines/${machine.id}`).set(admin.auth).send({ note: 'Police drone' });
    const listed = await request(t.app).get('/api/whitelist/machines').query({ whitelisted: 'true', search: 'wl-001' }).set(admin.auth);
    const removed = await request(t.app).delete(`/api/whitelist/machines/${machine.id}`).set(admin.auth);
    const after = await request(t.app).get('/api/whitelist/machines').query({ whitelisted: 'false', search: 'wl-001' }).set(admin.auth);

    expect(added.status).toBe(204);
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        machineId: machine.id,
        internalName: 'WL Survey',
        owner: { id: operator.user.id, email: operator.user.email, companyName: 'Skyworks' },
        whitelisted: true,
        note: 'Police drone',
      }),
    ]);
    expect(removed.status).toBe(204);
    expect(after.body.items).toEqual([expect.objectContaining({ machineId: machine.id, whitelisted: false, note: null })]);
  });

  it('searches by owner company and sorts', async () => {
    await createMachine(t.db.prisma, operator.user.id, { internalName: 'AA first' });
    await createMachine(t.db.prisma, operator.user.id, { internalName: 'ZZ last' });

    const response = await request(t.app)
      .get('/api/whitelist/machines')
      .query({ search: 'skyworks', sort: 'internalName', order: 'desc' })
      .set(admin.auth);

    const names = response.body.items.map((row: { internalName: string }) => row.internalName);
    expect(names[0]).toBe('ZZ last');
    expect(names.at(-1)).toBe('AA first');
  });

  it('answers 404 for an unknown or deleted machine, and for taking off a machine that is not whitelisted', async () => {
    const deleted = await createMachine(t.db.prisma, operator.user.id, { deletedAt: new Date() });
    const plain = await createMachine(t.db.prisma, operator.user.id);

    expectError(await request(t.app).put(`/api/whitelist/machines/${NO_ID}`).set(admin.auth).send({}), 404, 'NOT_FOUND');
    expectError(await request(t.app).put(`/api/whitelist/machines/${deleted.id}`).set(admin.auth).send({}), 404, 'NOT_FOUND');
    expectError(await request(t.app).delete(`/api/whitelist/machines/${plain.id}`).set(admin.auth), 404, 'NOT_FOUND');
  });

  it('refuses a note over 200 characters', async () => {
    const machine = await createMachine(t.db.prisma, operator.user.id);

    const response = await request(t.app)
      .put(`/api/whitelist/machines/${machine.id}`)
      .set(admin.auth)
      .send({ note: 'x'.repeat(201) });

    expectError(response, 422, 'VALIDATION_FAILED');
    expect(response.body.fields.note).toEqual(['validation:tooBig']);
  });
});
