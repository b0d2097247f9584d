import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPilot } from '../factories/registry';
import { createUser, signedInUser, uniqueEmail } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { CLOCK_START, expectError, outboxFor, postLogin, tokenOfLink, waitForMessages } from './support';

describe('users administration', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let reader: Awaited<ReturnType<typeof signedInUser>>;
  let operator: Awaited<ReturnType<typeof signedInUser>>;
  let groupId: string;
  let otherGroupId: string;

  const validUser = (overrides: Record<string, unknown> = {}) => ({
    civility: 'mrs',
    firstName: 'Hélène',
    lastName: 'Boucher',
    email: uniqueEmail('helene'),
    phoneNumber: '+33 6 12 34 56 78',
    dateOfBirth: '1990-04-12',
    companyName: 'Boucher Drones',
    groupIds: [groupId],
    adminZone: 'Île-de-France',
    subscription: 'premium',
    addressLine1: '1 rue de la Paix',
    addressLine2: 'Bâtiment B',
    addressLine3: '3e étage',
    postalCode: '75002',
    city: 'Paris',
    country: 'France',
    homepage: 'preflights',
    newsletter: true,
    lang: 'fr',
    status: 'active',
    externalIdentifiers: [{ type: 'ALPHA_TANGO_UID', value: 'AT-12345' }],
    agreementStatus: 'validated',
    agreementExpiresAt: '2027-06-30',
    adminMessage: null,
    ...overrides,
  });

  // Several users sign in (bcrypt each time): more than the default hook time on a busy machine.
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t.app, t.db.prisma, ['USER_LIST_ADMIN', 'USER_EDIT_ADMIN']);
    reader = await signedInUser(t.app, t.db.prisma, ['USER_LIST_ADMIN']);
    operator = await signedInUser(t.app, t.db.prisma, ['PILOT_LIST']);
    groupId = (await t.db.prisma.group.create({ data: { name: 'Users test operators', rights: ['PILOT_LIST'] } })).id;
    otherGroupId = (await t.db.prisma.group.create({ data: { name: 'Users test readers', rights: ['MACHINE_LIST'] } })).id;
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  const create = (body: Record<string, unknown>) => request(t.app).post('/api/users').set(admin.auth).send(body);

  it('answers 401 UNAUTHENTICATED without a token on every users endpoint', async () => {
    const id = admin.user.id;
    expectError(await request(t.app).get('/api/users'), 401, 'UNAUTHENTICATED');
    expectError(await request(t.app).post('/api/users').send(validUser()), 401, 'UNAUTHENTICATED');
    expectError(await request(t.app).get(`/api/users/${id}`), 401, 'UNAUTHENTICATED');
    expectError(await request(t.app).put(`/api/users/${id}`).send(validUser()), 401, 'UNAUTHENTICATED');
    expectError(await request(t.app).post(`/api/users/${id}/api-key`), 401, 'UNAUTHENTICATED');
    expectError(await request(t.app).delete(`/api/users/${id}`), 401, 'UNAUTHENTICATED');
  });

  it('answers 403 NOT_ALLOWED without USER_LIST_ADMIN or USER_EDIT_ADMIN; a reader reads but does not write', async () => {
    const id = reader.user.id;
    expectError(await request(t.app).get('/api/users').set(operator.auth), 403, 'NOT_ALLOWED');
    expectError(await request(t.app).get(`/api/users/${id}`).set(operator.auth), 403, 'NOT_ALLOWED');
    expect((await request(t.app).get(`/api/users/${id}`).set(reader.auth)).status).toBe(200);
    expectError(await request(t.app).post('/api/users').set(reader.auth).send(validUser()), 403, 'NOT_ALLOWED');
    expectError(await request(t.app).put(`/api/users/${id}`).set(reader.auth).send(validUser()), 403, 'NOT_ALLOWED');
    expectError(await request(t.app).post(`/api/users/${id}/api-key`).set(reader.auth), 403, 'NOT_ALLOWED');
    expectError(await request(t.app).delete(`/api/users/${id}`).set(reader.auth), 403, 'NOT_ALLOWED');
  });

  it('creates a user with every field; the account receives a link that sets its password', async () => {
    const { groupIds: _groupIds, ...body } = validUser();
    const response = await create({ ...body, groupIds: [groupId] });

    expect(response.status).toBe(201);
    const { agreementStatus: _status, agreementExpiresAt: _expiry, ...profile } = body;
    expect(response.body).toMatchObject({
      ...profile,
      // A new account starts outside the agreement: only the agreement workflow validates it.
      agreementStatus: 'notValidated',
      agreementExpiresAt: null,
      groups: [{ id: groupId, name: 'Users test operators' }],
      apiKeyEnd: null,
    });
    const [mail] = await outboxFor(t, body.email);
    const token = tokenOfLink(mail!.text, 'reset-password');
    const reset = await request(t.app)
      .post('/api/security/reset-password')
      .send({ token, password: 'Kite-Fresh-42-Meadow', passwordConfirmation: 'Kite-Fresh-42-Meadow' });
    expect(reset.status).toBe(200);
    expect((await postLogin(t, { email: body.email, password: 'Kite-Fresh-42-Meadow' })).status).toBe(200);
  });

  it.each([
    ['a missing last name', { lastName: '' }, 'lastName', 'validation:required'],
    ['an invalid e-mail', { email: 'not-an-email' }, 'email', 'validation:email'],
    ['a phone with letters', { phoneNumber: '06 AB' }, 'phoneNumber', 'validation:phone'],
    ['an invalid date of birth', { dateOfBirth: '1990-13-45' }, 'dateOfBirth', 'validation:date'],
    ['no group', { groupIds: [] }, 'groupIds', 'validation:atLeastOne'],
    ['an unknown agreement status', { agreementStatus: 'approved' }, 'agreementStatus', 'validation:invalidValue'],
    ['an unknown homepage', { homepage: 'admin' }, 'homepage', 'validation:invalidValue'],
    [
      'an unknown external identifier type',
      { externalIdentifiers: [{ type: 'OTHER', value: 'x' }] },
      'externalIdentifiers.0.type',
      'validation:invalidValue',
    ],
    [
      'the same identifier type twice',
      {
        externalIdentifiers: [
          { type: 'ALPHA_TANGO_UID', value: 'a' },
          { type: 'ALPHA_TANGO_UID', value: 'b' },
        ],
      },
      'externalIdentifiers.1.type',
      'validation:duplicate',
    ],
    ['a rejection without its reason', { agreementStatus: 'rejected', adminMessage: '' }, 'adminMessage', 'validation:rejectionReason'],
  ])('refuses %s with 422 VALIDATION_FAILED and stores nothing', async (_name, overrides, field, message) => {
    const body = validUser(overrides);
    const before = await t.db.prisma.user.count();

    const response = await create(body);

    expectError(response, 422, 'VALIDATION_FAILED');
    expect(response.body.fields[field]).toContain(message);
    expect(await t.db.prisma.user.count()).toBe(before);
  });

  it('refuses an unknown group on the groupIds field', async () => {
    const response = await create(validUser({ groupIds: ['00000000-0000-4000-8000-000000000000'] }));
    expectError(response, 422, 'VALIDATION_FAILED');
    expect(response.body.fields.groupIds).toEqual(['validation:invalidValue']);
  });

  it('refuses an e-mail already in use with 409 EMAIL_NOT_AVAILABLE, whatever its case', async () => {
    expectError(await create(validUser({ email: operator.user.email.toUpperCase() })), 409, 'EMAIL_NOT_AVAILABLE');
  });

  it('edits every field and the groups but not the agreement, which only its workflow changes; the list finds the user', async () => {
    const created = (await create(validUser())).body as { id: string; email: string };
    const changes = validUser({
      email: created.email,
      civility: 'mr',
      firstName: 'Henri',
      groupIds: [otherGroupId],
      agreementStatus: 'rejected',
      agreementExpiresAt: null,
      adminMessage: 'The insurance certificate is unreadable.',
      externalIdentifiers: [],
      newsletter: false,
      lang: 'en',
    });

    const response = await request(t.app).put(`/api/users/${created.id}`).set(admin.auth).send(changes);

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      firstName: 'Henri',
      civility: 'mr',
      agreementStatus: 'notValidated',
      agreementExpiresAt: null,
      adminMessage: null,
      externalIdentifiers: [],
      groups: [{ id: otherGroupId, name: 'Users test readers' }],
    });
    const list = await request(t.app)
      .get('/api/users')
      .query({ search: 'henri', agreementStatus: 'notValidated', groupId: otherGroupId })
      .set(reader.auth);
    expect(list.body.items.map((user: { id: string }) => user.id)).toEqual([created.id]);
    const otherGroup = await request(t.app).get('/api/users').query({ search: 'henri', groupId: groupId }).set(reader.auth);
    expect(otherGroup.body.total).toBe(0);
  });

  it('a user deactivated by an administrator cannot sign in nor reopen the account with a password reset', async () => {
    const user = await createUser(t.db.prisma);
    const body = validUser({ email: user.email, status: 'deactivated' });

    expect((await request(t.app).put(`/api/users/${user.id}`).set(admin.auth).send(body)).status).toBe(200);
    await request(t.app).post('/api/security/forgotten-password').send({ email: user.email });
    const [mail] = await waitForMessages(t, user.email);
    await request(t.app)
      .post('/api/security/reset-password')
      .send({
        token: tokenOfLink(mail!.text, 'reset-password'),
        password: 'Kite-Fresh-42-Meadow',
        passwordConfirmation: 'Kite-Fresh-42-Meadow',
      });

    expectError(await postLogin(t, { email: user.email, password: 'Kite-Fresh-42-Meadow' }), 403, 'ACCOUNT_DEACTIVATED');
  });

  it('an administrator cannot deactivate nor delete its own account', async () => {
    const ownStatus = await request(t.app)
      .put(`/api/users/${admin.user.id}`)
      .set(admin.auth)
      .send(validUser({ email: admin.user.email, status: 'deactivated' }));
    expectError(ownStatus, 422, 'VALIDATION_FAILED');
    expect(ownStatus.body.fields.status).toEqual(['validation:ownAccount']);
    expectError(await request(t.app).delete(`/api/users/${admin.user.id}`).set(admin.auth), 409, 'USER_SELF_DELETE');
  });

  it('generates an API key shown once; afterwards only its last four characters are answered', async () => {
    const user = await createUser(t.db.prisma);

    const first = await request(t.app).post(`/api/users/${user.id}/api-key`).set(admin.auth);
    const second = await request(t.app).post(`/api/users/${user.id}/api-key`).set(admin.auth);
    const detail = await request(t.app).get(`/api/users/${user.id}`).set(admin.auth);

    expect(first.status).toBe(200);
    expect(first.body.apiKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(second.body.apiKey).not.toBe(first.body.apiKey);
    expect(detail.body.apiKeyEnd).toBe(second.body.apiKey.slice(-4));
    expect(JSON.stringify(detail.body)).not.toContain(second.body.apiKey);
  });

  it('deletes an account that owns nothing; one owning a pilot answers 409 USER_HAS_RECORDS and stays', async () => {
    const empty = await createUser(t.db.prisma);
    const owner = await createUser(t.db.prisma);
    await createPilot(t.db.prisma, owner.id);

    expect((await request(t.app).delete(`/api/users/${empty.id}`).set(admin.auth)).status).toBe(204);
    expectError(await request(t.app).delete(`/api/users/${owner.id}`).set(admin.auth), 409, 'USER_HAS_RECORDS');

    expect(await t.db.prisma.user.findUnique({ where: { id: empty.id } })).toBeNull();
    expect(await t.db.prisma.user.findUnique({ where: { id: owner.id } })).not.toBeNull();
    expectError(await request(t.app).get(`/api/users/${empty.id}`).set(admin.auth), 404, 'NOT_FOUND');
  });
});
