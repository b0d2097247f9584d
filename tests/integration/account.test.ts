import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createUser, signedInUser, uniqueEmail } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import {
  CLOCK_START,
  DAY,
  HOUR,
  expectError,
  onlyMessageTo,
  outboxFor,
  postLogin,
  tokenOfLink,
  userState,
  waitForMessages,
} from './support';

const ACCOUNT_FIELDS = [
  'id',
  'email',
  'civility',
  'firstName',
  'lastName',
  'phoneNumber',
  'dateOfBirth',
  'companyName',
  'adminZone',
  'subscription',
  'secondPersonValidation',
  'addressLine1',
  'addressLine2',
  'addressLine3',
  'postalCode',
  'city',
  'country',
  'apiKey',
  'homepage',
  'newsletter',
  'lang',
  'doubleFactorEnabled',
  'agreementStatus',
  'agreementExpiresAt',
  'adminMessage',
  'externalIdentifiers',
  'groups',
  'roles',
];

describe('the signed-in account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  const patch = (auth: Record<string, string>, body: unknown) =>
    request(t.app)
      .patch('/api/account')
      .set(auth)
      .send(body as object);

  describe('GET /api/account', () => {
    it('answers the profile of the signed-in user, with exactly the account fields and no secret', async () => {
      const { user, auth } = await signedInUser(t.app, t.db.prisma, ['PILOT_LIST'], {
        firstName: 'Bessie',
        lastName: 'Coleman',
        phoneNumber: '+33 6 00 00 00 01',
        city: 'Atlanta',
        externalIdentifiers: { create: [{ type: 'faa', value: 'FA-1' }] },
      });

      const response = await request(t.app).get('/api/account').set(auth);

      expect(response.status).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual([...ACCOUNT_FIELDS].sort());
      expect(response.body).toMatchObject({
        id: user.id,
        email: user.email,
        firstName: 'Bessie',
        lastName: 'Coleman',
        phoneNumber: '+33 6 00 00 00 01',
        city: 'Atlanta',
        doubleFactorEnabled: false,
        externalIdentifiers: [{ type: 'faa', value: 'FA-1' }],
        roles: ['ROLE_PILOT_LIST'],
      });
      expect(response.body.groups).toHaveLength(1);
      expect(JSON.stringify(response.body)).not.toContain(user.passwordHash);
    });

    it('answers 401 UNAUTHENTICATED without a token', async () => {
      expectError(await request(t.app).get('/api/account'), 401, 'UNAUTHENTICATED');
    });

    it.each([
      { input: 'a malformed token', header: 'Bearer not-a-jwt' },
      {
        input: 'a token signed with another secret',
        header: `Bearer ${jwt.sign({ sub: '00000000-0000-0000-0000-000000000000', email: 'x@example.com', rights: [] }, 'another-secret-another-secret-another-secret')}`,
      },
      { input: 'a token of another scheme', header: 'Basic dXNlcjpwYXNz' },
    ])('answers 401 UNAUTHENTICATED with $input', async ({ header }) => {
      expectError(await request(t.app).get('/api/account').set('Authorization', header), 401, 'UNAUTHENTICATED');
    });

    it('answers 401 to a real token whose payload was altered to grant a right, and the right is not granted', async () => {
      const { session } = await signedInUser(t.app, t.db.prisma);
      const [header, payload, signature] = session.token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as { rights: string[] };
      const elevated = Buffer.from(JSON.stringify({ ...claims, rights: ['USER_LIST_ADMIN'] })).toString('base64url');
      const forged = `Bearer ${header}.${elevated}.${signature}`;

      expectError(await request(t.app).get('/api/account').set('Authorization', forged), 401, 'UNAUTHENTICATED');
      expectError(await request(t.app).get('/api/users').set('Authorization', forged), 401, 'UNAUTHENTICATED');
    });

    it('answers 401 UNAUTHENTICATED once the access token is past ACCESS_TOKEN_TTL_SECONDS', async () => {
      const { auth } = await signedInUser(t.app, t.db.prisma);
      t.clock.advance(t.config.accessTokenTtlSeconds * 1000 - 1000);
      expect((await request(t.app).get('/api/account').set(auth)).status).toBe(200);
      t.clock.advance(1000);

      const response = await request(t.app).get('/api/account').set(auth);

      expectError(response, 401, 'UNAUTHENTICATED');
    });
  });

  describe('PATCH /api/account', () => {
    it('updates the profile fields, answers the updated account and audits the change', async () => {
      const { user, auth } = await signedInUser(t.app, t.db.prisma);
      const changes = {
        civility: 'mr',
        firstName: 'Charles',
        lastName: 'Lindbergh',
        phoneNumber: '+1 (555) 010-0200',
        dateOfBirth: '1902-02-04',
        companyName: 'Spirit Ltd',
        addressLine1: '1 Runway Road',
        postalCode: '63110',
        city: 'St. Louis',
        country: 'US',
        homepage: 'live',
        newsletter: true,
        lang: 'fr',
      };

      const response = await patch(auth, changes);

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject(changes);
      const stored = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
      expect(stored).toMatchObject({ ...changes, dateOfBirth: new Date('1902-02-04T00:00:00Z') });
      expect((await request(t.app).get('/api/account').set(auth)).body).toMatchObject(changes);
      expect(await t.db.prisma.auditLog.count({ where: { subjectId: user.id, action: 'account.updated' } })).toBe(1);
    });

    it('leaves the fields not sent untouched and clears the ones sent as null', async () => {
      const { user, auth } = await signedInUser(t.app, t.db.prisma, [], { city: 'Paris', companyName: 'Blériot', country: 'FR' });

      const response = await patch(auth, { city: null });

      expect(response.status).toBe(200);
      expect(await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
        city: null,
        companyName: 'Blériot',
        country: 'FR',
      });
    });

    it('replaces the external identifiers with the list sent, and an empty list removes them', async () => {
      const { user, auth } = await signedInUser(t.app, t.db.prisma, [], {
        externalIdentifiers: { create: [{ type: 'old', value: 'gone' }] },
      });

      const replaced = await patch(auth, {
        externalIdentifiers: [
          { type: 'easa', value: 'FRA-123' },
          { type: 'alphatango', value: 'AT-9' },
        ],
      });

      expect(replaced.status).toBe(200);
      expect(replaced.body.externalIdentifiers).toEqual([
        { type: 'alphatango', value: 'AT-9' },
        { type: 'easa', value: 'FRA-123' },
      ]);
      expect(
        await t.db.prisma.externalIdentifier.findMany({
          where: { userId: user.id },
          select: { type: true, value: true },
          orderBy: { type: 'asc' },
        }),
      ).toEqual([
        { type: 'alphatango', value: 'AT-9' },
        { type: 'easa', value: 'FRA-123' },
      ]);

      const cleared = await patch(auth, { externalIdentifiers: [] });

      expect(cleared.body.externalIdentifiers).toEqual([]);
      expect(await t.db.prisma.externalIdentifier.count({ where: { userId: user.id } })).toBe(0);
    });

    it('two identifiers of the same type answer 422 VALIDATION_FAILED and keep the identifiers', async () => {
      const { user, auth } = await signedInUser(t.app, t.db.prisma, [], {
        externalIdentifiers: { create: [{ type: 'easa', value: 'FRA-1' }] },
      });
      const before = await userState(t, user.id);

      const response = await patch(auth, {
        externalIdentifiers: [
          { type: 'faa', value: 'A' },
          { type: 'faa', value: 'B' },
        ],
      });

      expectError(response, 422, 'VALIDATION_FAILED');
      expect(response.body.fields).toEqual({ 'externalIdentifiers.1.type': ['validation:duplicate'] });
      expect(await userState(t, user.id)).toEqual(before);
    });

    it('ignores what the account owner may not change: e-mail, status, rights, agreement, password', async () => {
      const { user, auth } = await signedInUser(t.app, t.db.prisma);
      const before = await userState(t, user.id);

      const response = await patch(auth, {
        email: uniqueEmail('hijack'),
        status: 'deactivated',
        passwordHash: 'x',
        agreementStatus: 'validated',
        apiKey: 'stolen',
        failedLoginCount: 99,
        groups: [{ name: 'Administrators' }],
      });

      expect(response.status).toBe(200);
      const after = await userState(t, user.id);
      expect(after.user).toEqual(before.user);
    });

    it.each([
      { input: 'letters in the phone number', body: { phoneNumber: '06 CALL ME' }, field: 'phoneNumber', message: 'validation:phone' },
      { input: 'an empty first name', body: { firstName: '   ' }, field: 'firstName', message: 'validation:required' },
      { input: 'a malformed date of birth', body: { dateOfBirth: '04/02/1902' }, field: 'dateOfBirth', message: 'validation:date' },
      { input: 'an unknown homepage', body: { homepage: 'admin' }, field: 'homepage', message: 'validation:invalidValue' },
      { input: 'an unknown language', body: { lang: 'xx' }, field: 'lang', message: 'validation:invalidValue' },
      { input: 'a city too long', body: { city: 'x'.repeat(201) }, field: 'city', message: 'validation:tooBig' },
      {
        input: 'an identifier without value',
        body: { externalIdentifiers: [{ type: 'faa', value: '' }] },
        field: 'externalIdentifiers.0.value',
        message: 'validation:required',
      },
      { input: 'a non-boolean newsletter', body: { newsletter: 'yes' }, field: 'newsletter', message: 'validation:invalidType' },
    ])('$input answers 422 VALIDATION_FAILED with $message and changes nothing', async ({ body, field, message }) => {
      const { user, auth } = await signedInUser(t.app, t.db.prisma, [], { phoneNumber: '+33 6 00 00 00 02' });
      const before = await userState(t, user.id);

      const response = await patch(auth, body);

      expectError(response, 422, 'VALIDATION_FAILED');
      expect(response.body.fields).toEqual({ [field]: [message] });
      expect(await userState(t, user.id)).toEqual(before);
    });

    it('enabling double factor without a phone number answers 409 MISSING_PHONE_NUMBER and changes nothing', async () => {
      const { user, auth } = await signedInUser(t.app, t.db.prisma, [], { phoneNumber: null });
      const before = await userState(t, user.id);

      const response = await patch(auth, { doubleFactorEnabled: true, city: 'Lyon' });

      expectError(response, 409, 'MISSING_PHONE_NUMBER');
      expect(response.body.fields).toEqual({ phoneNumber: ['validation:phoneRequiredForDoubleFactor'] });
      expect(await userState(t, user.id)).toEqual(before);
    });

    it('removing the phone number while double factor is on answers 409 MISSING_PHONE_NUMBER', async () => {
      const { user, auth } = await signedInUser(t.app, t.db.prisma, [], { phoneNumber: '+33 6 00 00 00 03' });
      await patch(auth, { doubleFactorEnabled: true }).expect(200);
      const before = await userState(t, user.id);

      const response = await patch(auth, { phoneNumber: null });

      expectError(response, 409, 'MISSING_PHONE_NUMBER');
      expect(await userState(t, user.id)).toEqual(before);
    });

    it('enabling double factor with a phone number sent at the same time works, and the next login asks for a code', async () => {
      const { user, auth } = await signedInUser(t.app, t.db.prisma, [], { phoneNumber: null });

      const response = await patch(auth, { doubleFactorEnabled: true, phoneNumber: '+33 6 00 00 00 04' });

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ doubleFactorEnabled: true, phoneNumber: '+33 6 00 00 00 04' });
      expectError(await postLogin(t, { email: user.email, password: TEST_PASSWORD }), 401, 'DOUBLE_FACTOR_REQUIRED');
    });

    it('answers 401 UNAUTHENTICATED without a token and changes nothing', async () => {
      const user = await createUser(t.db.prisma);
      const before = await userState(t, user.id);

      expectError(await request(t.app).patch('/api/account').send({ city: 'Nowhere' }), 401, 'UNAUTHENTICATED');
      expect(await userState(t, user.id)).toEqual(before);
    });
  });

  describe('change of e-mail', () => {
    const requestChange = (auth: Record<string, string>, email: string, currentPassword = TEST_PASSWORD, emailConfirmation = email) =>
      request(t.app).post('/api/account/email').set(auth).send({ email, emailConfirmation, currentPassword });
    const confirm = (token: unknown) => request(t.app).post('/api/security/activate-new-email').send({ token });

    async function changeRequested() {
      const signedIn = await signedInUser(t.app, t.db.prisma);
      const newEmail = uniqueEmail('moved');
      await requestChange(signedIn.auth, newEmail).expect(202);
      const token = tokenOfLink((await onlyMessageTo(t, newEmail)).text, 'activate-new-email');
      return { ...signedIn, newEmail, token };
    }

    it('POST /api/account/email answers 202 EMAIL_CHANGE_SENT and sends the confirmation link to the NEW address only', async () => {
      const { user, auth } = await signedInUser(t.app, t.db.prisma);
      const newEmail = uniqueEmail('moved');

      const response = await requestChange(auth, newEmail);

      expect(response.status).toBe(202);
      expect(response.body).toEqual({ message: 'EMAIL_CHANGE_SENT' });
      const mail = await onlyMessageTo(t, newEmail);
      expect(mail.text).toMatch(/http:\/\/aerogate\.test\/activate-new-email\/[A-Za-z0-9_-]{20,}/);
      expect(await outboxFor(t, user.email)).toHaveLength(0);
    });

    it('the e-mail does not change before the confirmation', async () => {
      const { user } = await changeRequested();

      expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
      expect((await postLogin(t, { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
    });

    it('confirming with the token switches the e-mail: login works with the new one and fails with the old one', async () => {
      const { user, newEmail, token } = await changeRequested();

      const response = await confirm(token);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: 'EMAIL_CHANGED' });
      expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(newEmail);
      expect((await postLogin(t, { email: newEmail, password: TEST_PASSWORD })).status).toBe(200);
      expectError(await postLogin(t, { email: user.email, password: TEST_PASSWORD }), 401, 'INVALID_CREDENTIALS');
      expect(await t.db.prisma.auditLog.count({ where: { subjectId: user.id, action: 'email.changed' } })).toBe(1);
    });

    it.each([
      { input: 'an unknown token', token: 'never-issued' },
      { input: 'a reset-password token', token: null },
    ])('$input answers 400 EMAIL_CHANGE_TOKEN_INVALID', async ({ token }) => {
      let presented = token;
      if (presented === null) {
        const user = await createUser(t.db.prisma);
        await request(t.app).post('/api/security/forgotten-password').send({ email: user.email }).expect(202);
        presented = tokenOfLink((await waitForMessages(t, user.email))[0]!.text, 'reset-password');
      }

      expectError(await confirm(presented), 400, 'EMAIL_CHANGE_TOKEN_INVALID');
    });

    it('a token used once answers 400 EMAIL_CHANGE_TOKEN_INVALID the second time', async () => {
      const { token } = await changeRequested();
      await confirm(token).expect(200);

      expectError(await confirm(token), 400, 'EMAIL_CHANGE_TOKEN_INVALID');
    });

    it('a token older than 24 hours answers 400 EMAIL_CHANGE_TOKEN_INVALID and keeps the e-mail', async () => {
      const { user, token } = await changeRequested();
      t.clock.advance(DAY + HOUR);

      expectError(await confirm(token), 400, 'EMAIL_CHANGE_TOKEN_INVALID');
      expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
    });

    it('an address taken by another account answers 409 EMAIL_NOT_AVAILABLE and sends nothing', async () => {
      const { user, auth } = await signedInUser(t.app, t.db.prisma);
      const other = await createUser(t.db.prisma);
      const before = await userState(t, user.id);

      const response = await requestChange(auth, other.email);

      expectError(response, 409, 'EMAIL_NOT_AVAILABLE');
      expect(await outboxFor(t, other.email)).toHaveLength(0);
      expect(await userState(t, user.id)).toEqual(before);
    });

    it('an address taken between the request and the confirmation answers 409 EMAIL_NOT_AVAILABLE and keeps the e-mail', async () => {
      const { user, newEmail, token } = await changeRequested();
      await createUser(t.db.prisma, { email: newEmail });

      expectError(await confirm(token), 409, 'EMAIL_NOT_AVAILABLE');
      expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
    });

    it('a wrong current password answers 401 INVALID_CREDENTIALS and sends nothing', async () => {
      const { user, auth } = await signedInUser(t.app, t.db.prisma);
      const newEmail = uniqueEmail('moved');
      const before = await userState(t, user.id);

      const response = await requestChange(auth, newEmail, 'Not-The-Password-1!');

      expectError(response, 401, 'INVALID_CREDENTIALS');
      expect(await outboxFor(t, newEmail)).toHaveLength(0);
      expect(await userState(t, user.id)).toEqual(before);
    });

    it('a prohibited provider answers 422 EMAIL_PROVIDER_NOT_ALLOWED and sends nothing', async () => {
      const { auth } = await signedInUser(t.app, t.db.prisma);
      const newEmail = `pilot-${Date.now()}@yopmail.com`;

      expectError(await requestChange(auth, newEmail), 422, 'EMAIL_PROVIDER_NOT_ALLOWED');
      expect(await outboxFor(t, newEmail)).toHaveLength(0);
    });

    it.each([
      {
        input: 'a confirmation that differs',
        email: 'a-new@example.com',
        emailConfirmation: 'another@example.com',
        field: 'emailConfirmation',
        message: 'validation:emailMismatch',
      },
      { input: 'an invalid address', email: 'no-at-sign', emailConfirmation: 'no-at-sign', field: 'email', message: 'validation:email' },
    ])('$input answers 422 VALIDATION_FAILED on $field and sends nothing', async ({ email, emailConfirmation, field, message }) => {
      const { user, auth } = await signedInUser(t.app, t.db.prisma);
      const before = await userState(t, user.id);
      const sent = await t.db.prisma.outboxMessage.count();

      const response = await requestChange(auth, email, TEST_PASSWORD, emailConfirmation);

      expectError(response, 422, 'VALIDATION_FAILED');
      expect(response.body.fields[field]).toEqual([message]);
      expect(await t.db.prisma.outboxMessage.count()).toBe(sent);
      expect(await userState(t, user.id)).toEqual(before);
    });

    it('POST /api/account/email answers 401 UNAUTHENTICATED without a token', async () => {
      const newEmail = uniqueEmail('moved');

      expectError(await requestChange({}, newEmail), 401, 'UNAUTHENTICATED');
      expect(await outboxFor(t, newEmail)).toHaveLength(0);
    });
  });

  describe('the parent account (SUPERVISION_ACCOUNT_EDIT)', () => {
    it("a supervised pilot with the right reads and updates its operator's company and phone, nothing else", async () => {
      const operator = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST'], {
        companyName: 'Skyline Survey',
        doubleFactorEnabled: false,
      });
      const pilot = await signedInUser(t.app, t.db.prisma, ['SUPERVISION_PILOT', 'SUPERVISION_ACCOUNT_EDIT'], {
        parent: { connect: { id: operator.user.id } },
      });

      const read = await request(t.app).get('/api/account/parent').set(pilot.auth);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id: operator.user.id, email: operator.user.email, companyName: 'Skyline Survey' });

      const updated = await request(t.app).patch('/api/account/parent').set(pilot.auth).send({
        companyName: 'Skyline Survey SAS',
        city: 'Rennes',
        phoneNumber: '+33 2 99 00 11 22',
        lang: 'fr',
        doubleFactorEnabled: true,
      });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(updated.body).toMatchObject({ id: operator.user.id, companyName: 'Skyline Survey SAS', city: 'Rennes' });
      expect(await t.db.prisma.user.findUniqueOrThrow({ where: { id: operator.user.id } })).toMatchObject({
        companyName: 'Skyline Survey SAS',
        phoneNumber: '+33 2 99 00 11 22',
        lang: operator.user.lang,
        doubleFactorEnabled: false,
      });
      expect((await request(t.app).get('/api/account').set(pilot.auth)).body.id).toBe(pilot.user.id);
    });

    it('is refused without the right (403) and to a user who works for nobody (404)', async () => {
      const operator = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST']);
      const basic = await signedInUser(t.app, t.db.prisma, ['SUPERVISION_PILOT', 'PREFLIGHT_LIST'], {
        parent: { connect: { id: operator.user.id } },
      });
      const alone = await signedInUser(t.app, t.db.prisma, ['SUPERVISION_ACCOUNT_EDIT']);

      expectError(await request(t.app).get('/api/account/parent').set(basic.auth), 403, 'NOT_ALLOWED');
      expectError(await request(t.app).patch('/api/account/parent').set(basic.auth).send({ city: 'Nowhere' }), 403, 'NOT_ALLOWED');
      expectError(await request(t.app).get('/api/account/parent').set(alone.auth), 404, 'NOT_FOUND');
      expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: operator.user.id } })).city).toBeNull();
    });
  });
});
