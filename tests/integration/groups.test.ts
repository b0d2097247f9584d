import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { expectError } from './support';

describe('groups administration', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let reader: Awaited<ReturnType<typeof signedInUser>>;
  let operator: Awaited<ReturnType<typeof signedInUser>>;
  let counter = 0;
  const validGroup = (overrides: Record<string, unknown> = {}) => ({
    name: `Night flyers ${++counter}`,
    rights: ['PILOT_LIST', 'MACHINE_LIST'],
    level: 'advanced',
    memberIds: [],
    ...overrides,
  });

  // Several users sign in (bcrypt each time): more than the default hook time on a busy machine.
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t.app, t.db.prisma, ['GROUP_LIST_ADMIN', 'GROUP_EDIT_ADMIN']);
    reader = await signedInUser(t.app, t.db.prisma, ['GROUP_LIST_ADMIN']);
    operator = await signedInUser(t.app, t.db.prisma, ['PILOT_LIST']);
  }, 60_000);
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>) => request(t.app).post('/api/groups').set(admin.auth).send(body);

  it('answers 401 UNAUTHENTICATED without a token and 403 NOT_ALLOWED without the group rights', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, path] of [
      ['get', '/api/groups'],
      ['post', '/api/groups'],
      ['get', `/api/groups/${id}`],
      ['put', `/api/groups/${id}`],
      ['delete', `/api/groups/${id}`],
    ] as const) {
      expectError(await request(t.app)[method](path).send(validGroup()), 401, 'UNAUTHENTICATED');
      expectError(await request(t.app)[method](path).set(operator.auth).send(validGroup()), 403, 'NOT_ALLOWED');
    }
    expectError(await request(t.app).post('/api/groups').set(reader.auth).send(validGroup()), 403, 'NOT_ALLOWED');
    expectError(await request(t.app).delete(`/api/groups/${id}`).set(reader.auth), 403, 'NOT_ALLOWED');
  });

  it('creates a normal group with its rights and members; the list counts them and filters by kind', async () => {
    const member = await createUser(t.db.prisma, { firstName: 'Nina', lastName: 'Night' });
    const body = validGroup({ rights: ['PILOT_LIST', 'PILOT_LIST', 'MACHINE_EDIT'], memberIds: [member.id] });

    const response = await create(body);

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: body.name,
      kind: 'normal',
      level: 'advanced',
      rights: ['PILOT_LIST', 'MACHINE_EDIT'],
      memberCount: 1,
      members: [{ id: member.id, firstName: 'Nina', lastName: 'Night', email: member.email }],
    });
    const list = await request(t.app).get('/api/groups').query({ search: body.name, kind: 'normal' }).set(reader.auth);
    expect(list.body).toMatchObject({ total: 1, items: [{ id: response.body.id, memberCount: 1 }] });
    const systemOnly = await request(t.app).get('/api/groups').query({ search: body.name, kind: 'system' }).set(reader.auth);
    expect(systemOnly.body.total).toBe(0);
  });

  it.each([
    ['no right', { rights: [] }, 'rights', 'validation:atLeastOneRight'],
    ['an unknown right', { rights: ['FLY_EVERYWHERE'] }, 'rights.0', 'validation:invalidValue'],
    ['no name', { name: ' ' }, 'name', 'validation:required'],
    ['an unknown level', { level: 'expert' }, 'level', 'validation:invalidValue'],
    ['an unknown member', { memberIds: ['00000000-0000-4000-8000-000000000000'] }, 'memberIds', 'validation:invalidValue'],
  ])('refuses %s with 422 VALIDATION_FAILED and stores nothing', async (_name, overrides, field, message) => {
    const before = await t.db.prisma.group.count();
    const response = await create(validGroup(overrides));

    expectError(response, 422, 'VALIDATION_FAILED');
    expect(response.body.fields[field]).toContain(message);
    expect(await t.db.prisma.group.count()).toBe(before);
  });

  it('refuses a name another group has, whatever its case, with 409 GROUP_NAME_TAKEN', async () => {
    const first = validGroup();
    await create(first);
    expectError(await create(validGroup({ name: first.name.toUpperCase() })), 409, 'GROUP_NAME_TAKEN');
  });

  it('replaces rights and members; a group with members cannot be deleted until they leave', async () => {
    const member = await createUser(t.db.prisma);
    const group = (await create(validGroup({ memberIds: [member.id] }))).body as { id: string; name: string };

    const refused = await request(t.app).delete(`/api/groups/${group.id}`).set(admin.auth);
    expectError(refused, 409, 'GROUP_HAS_MEMBERS');
    expect(await t.db.prisma.group.findUnique({ where: { id: group.id } })).not.toBeNull();

    const emptied = await request(t.app)
      .put(`/api/groups/${group.id}`)
      .set(admin.auth)
      .send(validGroup({ name: group.name, rights: ['DOCUMENTATION_LIST'], memberIds: [] }));
    expect(emptied.body).toMatchObject({ rights: ['DOCUMENTATION_LIST'], memberCount: 0, members: [] });
    expect((await request(t.app).delete(`/api/groups/${group.id}`).set(admin.auth)).status).toBe(204);
    expectError(await request(t.app).get(`/api/groups/${group.id}`).set(reader.auth), 404, 'NOT_FOUND');
  });

  it('a system group keeps its name and cannot be deleted, even without members; its rights can change', async () => {
    const system = await t.db.prisma.group.create({ data: { name: 'System test group', rights: ['PILOT_LIST'], kind: 'system' } });

    expectError(await request(t.app).delete(`/api/groups/${system.id}`).set(admin.auth), 409, 'GROUP_SYSTEM_LOCKED');
    const renamed = await request(t.app)
      .put(`/api/groups/${system.id}`)
      .set(admin.auth)
      .send(validGroup({ name: 'Renamed' }));
    expectError(renamed, 409, 'GROUP_SYSTEM_LOCKED');
    const rights = await request(t.app)
      .put(`/api/groups/${system.id}`)
      .set(admin.auth)
      .send(validGroup({ name: 'System test group', rights: ['PILOT_LIST', 'PILOT_EDIT'] }));
    expect(rights.body).toMatchObject({ kind: 'system', rights: ['PILOT_LIST', 'PILOT_EDIT'] });
  });
});
