import { createHash } from 'node:crypto';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createUser, uniqueEmail } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import {
  CLOCK_START,
  DAY,
  NEW_PASSWORD,
  MINUTE,
  createUserOnClock,
  expectError,
  onlyMessageTo,
  postLogin,
  tokenOfLink,
  userState,
} from './support';

const LOGIN_FIELDS = [
  'token',
  'expiredAt',
  'roles',
  'name',
  'gjrt',
  'lang',
  'status',
  'supervision',
  'email',
  'airspaceAdmin',
  'airspaceAdminId',
  'homepage',
];

describe('POST /api/security/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  async function failWith(email: string, times: number) {
    const codes: string[] = [];
    for (let i = 0; i < times; i++) codes.push((await postLogin(t, { email, password: 'Wrong-Password-1!' })).body.code);
    return codes;
  }

  describe('success', () => {
    it('answers 200 with exactly the fields of the login answer, and no secret', async () => {
      const user = await createUser(t.db.prisma, { firstName: 'Ada', lastName: 'Lovelace' });

      const response = await postLogin(t, { email: user.email, password: TEST_PASSWORD });

      expect(response.status).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual([...LOGIN_FIELDS].sort());
      expect(response.body).toEqual({
        token: expect.any(String),
        expiredAt: CLOCK_START.getTime() / 1000 + t.config.accessTokenTtlSeconds,
        roles: [],
        name: 'Ada Lovelace',
        gjrt: expect.any(String),
        lang: 'en',
        status: 'notValidated',
        supervision: null,
        email: user.email,
        airspaceAdmin: false,
        airspaceAdminId: null,
        homepage: 'dashboard',
      });
      expect(JSON.stringify(response.body)).not.toContain(user.passwordHash);
    });

    it('expiredAt is the test clock plus ACCESS_TOKEN_TTL_SECONDS, in seconds', async () => {
      const user = await createUser(t.db.prisma);
      t.clock.advance(3 * DAY + 1234);

      const session = (await postLogin(t, { email: user.email, password: TEST_PASSWORD })).body;

      expect(session.expiredAt).toBe(Math.floor(t.clock.now().getTime() / 1000) + t.config.accessTokenTtlSeconds);
    });

    it('roles are the ROLE_-prefixed rights of all the user groups, sorted, without duplicates or unknown rights', async () => {
      const user = await createUser(t.db.prisma, { rights: ['PILOT_LIST', 'USER_LIST_ADMIN'] });
      await t.db.prisma.group.create({
        data: { name: `second-${user.id}`, rights: ['MACHINE_LIST', 'PILOT_LIST', 'NOT_A_RIGHT'], members: { connect: { id: user.id } } },
      });

      const session = (await postLogin(t, { email: user.email, password: TEST_PASSWORD })).body;

      expect(session.roles).toEqual(['ROLE_MACHINE_LIST', 'ROLE_PILOT_LIST', 'ROLE_USER_LIST_ADMIN']);
    });

    it('the access token is an HS256 JWT carrying the user id, e-mail and rights, expiring at expiredAt', async () => {
      const user = await createUser(t.db.prisma, { rights: ['MACHINE_EDIT'] });

      const session = (await postLogin(t, { email: user.email, password: TEST_PASSWORD })).body;

      const claims = jwt.verify(session.token, t.config.jwtSecret, {
        algorithms: ['HS256'],
        clockTimestamp: CLOCK_START.getTime() / 1000,
      }) as jwt.JwtPayload;
      expect(claims).toMatchObject({ sub: user.id, email: user.email, rights: ['MACHINE_EDIT'], exp: session.expiredAt });
    });

    it('tells an airspace manager, a supervised pilot (its pilot id), the language, agreement status and homepage of the account', async () => {
      const parent = await createUser(t.db.prisma);
      const user = await createUser(t.db.prisma, {
        lang: 'fr',
        homepage: 'preflights',
        agreementStatus: 'validated',
        parent: { connect: { id: parent.id } },
      });
      const pilot = await t.db.prisma.pilot.create({
        data: {
          userId: parent.id,
          firstName: 'Paula',
          lastName: 'Pilot',
          email: user.email,
          supervisedUserId: user.id,
          supervisionLevel: 1,
        },
      });
      const airspace = await t.db.prisma.airspace.create({
        data: { name: 'CTR', internalCode: `ctr-${user.id}`, managers: { connect: { id: user.id } } },
      });

      const session = (await postLogin(t, { email: user.email, password: TEST_PASSWORD })).body;

      expect(session).toMatchObject({
        lang: 'fr',
        homepage: 'preflights',
        status: 'validated',
        supervision: pilot.id,
        airspaceAdmin: true,
        airspaceAdminId: airspace.id,
      });
    });

    it('a stored homepage that is not a known screen answers dashboard', async () => {
      const user = await createUser(t.db.prisma, { homepage: 'somewhere-else' });

      const session = (await postLogin(t, { email: user.email, password: TEST_PASSWORD })).body;

      expect(session.homepage).toBe('dashboard');
    });

    it('the e-mail is matched whatever its case and surrounding spaces', async () => {
      const user = await createUser(t.db.prisma);

      const response = await postLogin(t, { email: `  ${user.email.toUpperCase()} `, password: TEST_PASSWORD });

      expect(response.status).toBe(200);
      expect(response.body.email).toBe(user.email);
    });

    it('stores only a SHA-256 hash of the refresh token and records a successful attempt', async () => {
      const user = await createUser(t.db.prisma);

      const session = (await postLogin(t, { email: user.email, password: TEST_PASSWORD })).body;

      const tokens = await t.db.prisma.refreshToken.findMany({ where: { userId: user.id } });
      expect(tokens).toHaveLength(1);
      expect(tokens[0]!.tokenHash).toBe(createHash('sha256').update(session.gjrt).digest('hex'));
      expect(tokens[0]!.expiresAt.getTime()).toBe(CLOCK_START.getTime() + t.config.refreshTokenTtlDays * DAY);
      const attempts = await t.db.prisma.loginAttempt.findMany({ where: { userId: user.id } });
      expect(attempts.map((a) => [a.success, a.outcome])).toEqual([[true, 'OK']]);
    });
  });

  describe('refusals', () => {
    it('an unknown e-mail answers 401 INVALID_CREDENTIALS, with the same message as a wrong password', async () => {
      const user = await createUser(t.db.prisma);
      const email = uniqueEmail('nobody');

      const unknown = await postLogin(t, { email, password: TEST_PASSWORD });
      const wrong = await postLogin(t, { email: user.email, password: 'Wrong-Password-1!' });

      expectError(unknown, 401, 'INVALID_CREDENTIALS');
      expectError(wrong, 401, 'INVALID_CREDENTIALS');
      expect(unknown.body.message).toBe(wrong.body.message);
      expect(await t.db.prisma.loginAttempt.findMany({ where: { email }, select: { userId: true, success: true, outcome: true } })).toEqual(
        [{ userId: null, success: false, outcome: 'INVALID_CREDENTIALS' }],
      );
    });

    it('a wrong password answers 401 INVALID_CREDENTIALS, counts one failure and issues no token', async () => {
      const user = await createUser(t.db.prisma);

      const response = await postLogin(t, { email: user.email, password: 'Wrong-Password-1!' });

      expectError(response, 401, 'INVALID_CREDENTIALS');
      expect(response.body.token).toBeUndefined();
      const stored = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
      expect(stored).toMatchObject({ failedLoginCount: 1, status: 'active' });
      expect(await t.db.prisma.refreshToken.count({ where: { userId: user.id } })).toBe(0);
    });

    it.each([
      { input: 'an empty body', body: () => ({}), fields: { email: ['validation:required'], password: ['validation:required'] } },
      {
        input: 'a malformed e-mail',
        body: () => ({ email: 'not-an-email', password: TEST_PASSWORD }),
        fields: { email: ['validation:email'] },
      },
      { input: 'an empty password', body: (email: string) => ({ email, password: '' }), fields: { password: ['validation:required'] } },
      {
        input: 'a non-string password',
        body: (email: string) => ({ email, password: 12345678 }),
        fields: { password: ['validation:invalidType'] },
      },
      {
        input: 'a code that is not 6 digits',
        body: (email: string) => ({ email, password: TEST_PASSWORD, code: '12ab56' }),
        fields: { code: ['validation:code'] },
      },
    ])('$input answers 422 VALIDATION_FAILED naming the fields, and changes nothing', async ({ body, fields }) => {
      const user = await createUser(t.db.prisma);
      const before = await userState(t, user.id);
      const attemptsBefore = await t.db.prisma.loginAttempt.count();

      const response = await postLogin(t, body(user.email));

      expectError(response, 422, 'VALIDATION_FAILED');
      expect(response.body.fields).toEqual(fields);
      expect(await userState(t, user.id)).toEqual(before);
      expect(await t.db.prisma.loginAttempt.count()).toBe(attemptsBefore);
    });

    it('a pending account with the right password answers 403 ACCOUNT_NOT_ACTIVATED and issues no token', async () => {
      const user = await createUser(t.db.prisma, { status: 'pending' });

      const response = await postLogin(t, { email: user.email, password: TEST_PASSWORD });

      expectError(response, 403, 'ACCOUNT_NOT_ACTIVATED');
      expect(await t.db.prisma.refreshToken.count({ where: { userId: user.id } })).toBe(0);
    });
  });

  describe('lockout', () => {
    it('5 consecutive failures pause sign-in for a minute without deactivating the account; then the right password works', async () => {
      const user = await createUser(t.db.prisma);

      const codes = await failWith(user.email, 6);

      expect(codes).toEqual([...Array(5).fill('INVALID_CREDENTIALS'), 'TOO_MANY_ATTEMPTS']);
      const paused = await postLogin(t, { email: user.email, password: TEST_PASSWORD });
      expectError(paused, 429, 'TOO_MANY_ATTEMPTS');
      expect(Number(paused.headers['retry-after'])).toBe(60);
      expect(await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
        status: 'active',
        deactivationReason: null,
      });
      expect(await t.db.prisma.refreshToken.count({ where: { userId: user.id } })).toBe(0);

      t.clock.advance(MINUTE);
      expect((await postLogin(t, { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
    });

    it('each further failure after a pause doubles the next one', async () => {
      const user = await createUser(t.db.prisma);
      await failWith(user.email, 5);
      t.clock.advance(MINUTE);

      expect(await failWith(user.email, 1)).toEqual(['INVALID_CREDENTIALS']);
      t.clock.advance(MINUTE);
      expectError(await postLogin(t, { email: user.email, password: TEST_PASSWORD }), 429, 'TOO_MANY_ATTEMPTS');
      t.clock.advance(MINUTE);
      expect((await postLogin(t, { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
    });

    it('tells the owner by e-mail once per pause, with a link to choose a new password', async () => {
      const user = await createUser(t.db.prisma);

      await failWith(user.email, 8);

      const mail = await onlyMessageTo(t, user.email);
      expect(mail.subject).toBe('Sign-in to your Aerogate account paused');
      expect(mail.text).toMatch(/http:\/\/aerogate\.test\/reset-password\//);
      expect(await t.db.prisma.auditLog.count({ where: { subjectId: user.id, action: 'account.locked' } })).toBe(1);
      t.clock.advance(MINUTE);
      await failWith(user.email, 1);
      expect(await t.db.prisma.outboxMessage.count({ where: { recipient: user.email } })).toBe(2);
    });

    it('an unknown e-mail is paused exactly like a known one: the answer tells nothing of the account', async () => {
      const known = await createUser(t.db.prisma);
      const unknown = uniqueEmail('nobody');

      const knownCodes = await failWith(known.email, 6);
      const unknownCodes = await failWith(unknown, 6);

      expect(unknownCodes).toEqual(knownCodes);
    });

    it('a successful login in between starts the count again', async () => {
      const user = await createUser(t.db.prisma);
      await failWith(user.email, 4);
      t.clock.advance(1000);
      expect((await postLogin(t, { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
      expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).failedLoginCount).toBe(0);

      expect(await failWith(user.email, 5)).toEqual(Array(5).fill('INVALID_CREDENTIALS'));
      expect(await failWith(user.email, 1)).toEqual(['TOO_MANY_ATTEMPTS']);
    });

    it('an administrator unlocks the account: the right password signs in at once', async () => {
      const user = await createUser(t.db.prisma);
      const admin = await createUser(t.db.prisma, { rights: ['USER_EDIT_ADMIN'] });
      const adminToken = (await postLogin(t, { email: admin.email, password: TEST_PASSWORD })).body.token as string;
      await failWith(user.email, 5);
      t.clock.advance(1000);

      await request(t.app).post(`/api/users/${user.id}/unlock`).set('Authorization', `Bearer ${adminToken}`).expect(204);

      expect((await postLogin(t, { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
      expect(await t.db.prisma.auditLog.count({ where: { subjectId: user.id, action: 'account.unlocked' } })).toBe(1);
    });

    it('only an administrator unlocks: 403 for others, 404 for an unknown user', async () => {
      const user = await createUser(t.db.prisma);
      const other = await createUser(t.db.prisma, { rights: ['USER_LIST_ADMIN'] });
      const admin = await createUser(t.db.prisma, { rights: ['USER_EDIT_ADMIN'] });
      const otherToken = (await postLogin(t, { email: other.email, password: TEST_PASSWORD })).body.token as string;
      const adminToken = (await postLogin(t, { email: admin.email, password: TEST_PASSWORD })).body.token as string;

      expectError(
        await request(t.app).post(`/api/users/${user.id}/unlock`).set('Authorization', `Bearer ${otherToken}`),
        403,
        'NOT_ALLOWED',
      );
      expectError(
        await request(t.app).post(`/api/users/00000000-0000-4000-8000-000000000000/unlock`).set('Authorization', `Bearer ${adminToken}`),
        404,
        'NOT_FOUND',
      );
    });

    it('a reset password lifts the pause: the owner proved the mailbox', async () => {
      const user = await createUser(t.db.prisma);
      await failWith(user.email, 5);
      const token = tokenOfLink((await onlyMessageTo(t, user.email)).text, 'reset-password');
      t.clock.advance(1000);

      const reset = await request(t.app)
        .post('/api/security/reset-password')
        .send({ token, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });

      expect(reset.status).toBe(200);
      expect((await postLogin(t, { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
    });

    it('a deactivated account with a wrong password answers INVALID_CREDENTIALS; its state shows only with the right one', async () => {
      const user = await createUser(t.db.prisma, { status: 'deactivated' });

      expectError(await postLogin(t, { email: user.email, password: 'Wrong-Password-1!' }), 401, 'INVALID_CREDENTIALS');
      expectError(await postLogin(t, { email: user.email, password: TEST_PASSWORD }), 403, 'ACCOUNT_DEACTIVATED');
    });

    it('an expired password is told only after the password is right', async () => {
      const user = await createUser(t.db.prisma, { passwordChangedAt: new Date(CLOCK_START.getTime() - 400 * DAY) });

      expectError(await postLogin(t, { email: user.email, password: 'Wrong-Password-1!' }), 401, 'INVALID_CREDENTIALS');
      expectError(await postLogin(t, { email: user.email, password: TEST_PASSWORD }), 403, 'PASSWORD_EXPIRED');
    });
  });

  describe('lockout per address', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp({ LOGIN_FAILURES_PER_ADDRESS: '3' });
    });
    afterAll(() => limited.close());

    it('failures from one address on many e-mails pause that address for 15 minutes, not the accounts', async () => {
      const user = await createUser(limited.db.prisma);
      for (let i = 0; i < 3; i++)
        await request(limited.app).post('/api/security/login').send({ email: uniqueEmail(), password: 'Wrong-1!' });

      const paused = await request(limited.app).post('/api/security/login').send({ email: user.email, password: TEST_PASSWORD });

      expectError(paused, 429, 'TOO_MANY_ATTEMPTS');
      expect(Number(paused.headers['retry-after'])).toBe(15 * 60);
      limited.clock.advance(15 * MINUTE);
      expect((await request(limited.app).post('/api/security/login').send({ email: user.email, password: TEST_PASSWORD })).status).toBe(
        200,
      );
    });
  });

  describe('password expiry', () => {
    it(`a password exactly PASSWORD_MAX_AGE_DAYS old still signs in`, async () => {
      const user = await createUserOnClock(t);
      t.clock.advance(t.config.passwordMaxAgeDays * DAY);

      const response = await postLogin(t, { email: user.email, password: TEST_PASSWORD });

      expect(response.status).toBe(200);
    });

    it('a password older than PASSWORD_MAX_AGE_DAYS answers 403 PASSWORD_EXPIRED and issues no token', async () => {
      const user = await createUserOnClock(t);
      t.clock.advance(t.config.passwordMaxAgeDays * DAY + 1000);

      const response = await postLogin(t, { email: user.email, password: TEST_PASSWORD });

      expectError(response, 403, 'PASSWORD_EXPIRED');
      expect(await t.db.prisma.refreshToken.count({ where: { userId: user.id } })).toBe(0);
    });

    it('with an expired password, change-password signed out with the e-mail works and then login succeeds', async () => {
      const user = await createUserOnClock(t);
      t.clock.advance(t.config.passwordMaxAgeDays * DAY + 1000);

      const change = await request(t.app)
        .post('/api/security/change-password')
        .send({ email: user.email, currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });

      expect(change.status).toBe(200);
      expect(change.body).toEqual({ message: 'PASSWORD_CHANGED' });
      expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).passwordChangedAt).toEqual(t.clock.now());
      expect((await postLogin(t, { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
      expectError(await postLogin(t, { email: user.email, password: TEST_PASSWORD }), 401, 'INVALID_CREDENTIALS');
    });

    it('with an expired password, a wrong current password refuses the change with INVALID_CREDENTIALS', async () => {
      const user = await createUserOnClock(t);
      t.clock.advance(t.config.passwordMaxAgeDays * DAY + 1000);

      const change = await request(t.app)
        .post('/api/security/change-password')
        .send({ email: user.email, currentPassword: 'Wrong-Password-1!', password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });

      expectError(change, 401, 'INVALID_CREDENTIALS');
      expectError(await postLogin(t, { email: user.email, password: TEST_PASSWORD }), 403, 'PASSWORD_EXPIRED');
    });
  });
});
