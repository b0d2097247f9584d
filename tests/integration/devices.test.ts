import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, uniqueEmail } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { expectError } from './support';

const NO_ID = '00000000-0000-4000-8000-000000000000';
const staffEmail = () => uniqueEmail('staff').replace('@example.com', '@aerogate.test');

describe('devices', () => {
  let t: TestApp;
  let staff: Awaited<ReturnType<typeof signedInUser>>;
  let operator: Awaited<ReturnType<typeof signedInUser>>;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp({ DEVICES_EMAIL_DOMAIN: 'aerogate.test' });
    staff = await signedInUser(t.app, t.db.prisma, [], { email: staffEmail() });
    operator = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_EDIT']);
    admin = await signedInUser(t.app, t.db.prisma, ['USER_LIST_ADMIN', 'USER_EDIT_ADMIN']);
  });
  afterAll(() => t.close());

  const register = (auth: Record<string, string>, appIdentifier: string) =>
    request(t.app).post('/api/devices').set(auth).send({ appIdentifier });

  it.each([
    ['get', '/api/devices'],
    ['post', '/api/devices'],
    ['put', `/api/devices/${NO_ID}`],
    ['delete', `/api/devices/${NO_ID}`],
  ])('%s %s answers 401 UNAUTHENTICATED without a token', async (method, path) => {
    expectError(await request(t.app)[method as 'get'](path), 401, 'UNAUTHENTICATED');
  });

  it("registers the signed-in user's terminal once; another account's identifier answers 409 and never moves", async () => {
    const first = await register(operator.auth, 'fcm:operator-phone-1');
    const again = await register(operator.auth, 'fcm:operator-phone-1');
    const taken = await register(staff.auth, 'fcm:operator-phone-1');

    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ appIdentifier: 'fcm:operator-phone-1', owner: { id: operator.user.id } });
    expect(again.body).toMatchObject({ id: first.body.id, owner: { id: operator.user.id } });
    expectError(taken, 409, 'DEVICE_TAKEN');
    expect(await t.db.prisma.device.findMany({ where: { appIdentifier: 'fcm:operator-phone-1' } })).toMatchObject([
      { userId: operator.user.id },
    ]);
  });

  it.each([
    ['', 'validation:required'],
    ['with space', 'validation:device.identifier'],
  ])('refuses the identifier %j with %s', async (appIdentifier, message) => {
    const response = await register(operator.auth, appIdentifier);

    expectError(response, 422, 'VALIDATION_FAILED');
    expect(response.body.fields.appIdentifier).toContain(message);
  });

  it('lists every terminal to an administrator, with search, owner filter and sort', async () => {
    const other = await signedInUser(t.app, t.db.prisma);
    await register(operator.auth, 'apns:list-a');
    await register(other.auth, 'apns:list-b');

    const mine = await request(t.app).get('/api/devices').query({ search: 'apns:list', ownerId: other.user.id }).set(admin.auth);
    const sorted = await request(t.app)
      .get('/api/devices')
      .query({ search: 'apns:list', sort: 'appIdentifier', order: 'asc' })
      .set(admin.auth);
    const byEmail = await request(t.app).get('/api/devices').query({ search: other.user.email }).set(admin.auth);

    expect(mine.body.items.map((device: { appIdentifier: string }) => device.appIdentifier)).toEqual(['apns:list-b']);
    expect(sorted.body.items.map((device: { appIdentifier: string }) => device.appIdentifier)).toEqual(['apns:list-a', 'apns:list-b']);
    expect(byEmail.body.total).toBe(1);
  });

  it('a user lists only its own terminals, whatever the owner filter, even on the staff e-mail domain', async () => {
    const own = (await register(staff.auth, 'fcm:staff-own')).body;
    await register(operator.auth, 'fcm:operator-own');

    const listed = await request(t.app).get('/api/devices').query({ pageSize: 100 }).set(staff.auth);
    const asked = await request(t.app).get('/api/devices').query({ ownerId: operator.user.id }).set(staff.auth);

    expect(listed.body.items.map((device: { id: string }) => device.id)).toContain(own.id);
    expect(listed.body.items.every((device: { owner: { id: string } }) => device.owner.id === staff.user.id)).toBe(true);
    expect(asked.body.items.every((device: { owner: { id: string } }) => device.owner.id === staff.user.id)).toBe(true);
  });

  it('another user’s terminal answers 404 and stays, even to the staff of the e-mail domain', async () => {
    const device = (await register(operator.auth, 'fcm:kept')).body;

    expectError(await request(t.app).delete(`/api/devices/${device.id}`).set(staff.auth), 404, 'NOT_FOUND');
    expect(await t.db.prisma.device.count({ where: { id: device.id } })).toBe(1);
  });

  it("edits a terminal's identifier: the owner its own, an administrator any; another's answers 404, a taken identifier 409", async () => {
    const edit = (auth: Record<string, string>, id: string, appIdentifier: string) =>
      request(t.app).put(`/api/devices/${id}`).set(auth).send({ appIdentifier });
    const own = (await register(operator.auth, 'fcm:old-token')).body;
    const other = (await register(staff.auth, 'fcm:staff-token')).body;

    const renamed = await edit(operator.auth, own.id, 'fcm:new-token');
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: own.id, appIdentifier: 'fcm:new-token', owner: { id: operator.user.id } });
    expect((await edit(admin.auth, own.id, 'fcm:admin-set')).body).toMatchObject({
      appIdentifier: 'fcm:admin-set',
      owner: { id: operator.user.id },
    });

    expectError(await edit(staff.auth, own.id, 'fcm:stolen'), 404, 'NOT_FOUND');
    expectError(await edit(operator.auth, own.id, 'fcm:staff-token'), 409, 'DEVICE_TAKEN');
    const invalid = await edit(operator.auth, own.id, 'with space');
    expectError(invalid, 422, 'VALIDATION_FAILED');
    expect(invalid.body.fields.appIdentifier).toContain('validation:device.identifier');
    expect(await t.db.prisma.device.findUniqueOrThrow({ where: { id: own.id } })).toMatchObject({ appIdentifier: 'fcm:admin-set' });
    expect(await t.db.prisma.device.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({ appIdentifier: 'fcm:staff-token' });
    expect(await t.db.prisma.auditLog.count({ where: { action: 'device.updated', subjectId: own.id } })).toBe(2);
  });

  it('the owner forgets its terminal; an administrator forgets any; an unknown one is 404', async () => {
    const own = (await register(operator.auth, 'fcm:to-delete')).body;
    const other = (await register(staff.auth, 'fcm:admin-deletes')).body;

    expect((await request(t.app).delete(`/api/devices/${own.id}`).set(operator.auth)).status).toBe(204);
    expect((await request(t.app).delete(`/api/devices/${other.id}`).set(admin.auth)).status).toBe(204);
    expect(await t.db.prisma.device.count({ where: { id: { in: [own.id, other.id] } } })).toBe(0);
    expectError(await request(t.app).delete(`/api/devices/${own.id}`).set(operator.auth), 404, 'NOT_FOUND');
  });
});
