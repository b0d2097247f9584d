import bcrypt from 'bcrypt';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, login, uniqueEmail } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import {
  CLOCK_START,
  DAY,
  HOUR,
  MINUTE,
  NEW_PASSWORD,
  bearer,
  createUserOnClock,
  expectError,
  onlyMessageTo,
  outboxFor,
  postLogin,
  tokenOfLink,
  userState,
  waitForMessages,
} from './support';

/** The n-th password of a series, each meeting the policy and different from the others. */
const nth = (n: number) => `Series-${n}-Password!x`;

describe('forgotten, reset and changed passwords', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  const forgotten = (email: string) => request(t.app).post('/api/security/forgotten-password').send({ email });
  const reset = (token: string, password: string, passwordConfirmation = password) =>
    request(t.app).post('/api/security/reset-password').send({ token, password, passwordConfirmation });
  const changeSignedIn = (token: string, currentPassword: string, password: string, passwordConfirmation = password) =>
    request(t.app).post('/api/security/change-password').set(bearer(token)).send({ currentPassword, password, passwordConfirmation });

  async function resetTokenFor(email: string) {
    const before = (await outboxFor(t, email)).length;
    await forgotten(email).expect(202);
    const messages = await waitForMessages(t, email, before + 1);
    return tokenOfLink(messages.at(-1)!.text, 'reset-password');
  }

  describe('POST /api/security/forgotten-password', () => {
    it('a known e-mail answers 202 RESET_SENT and receives a reset link http://aerogate.test/reset-password/<token>', async () => {
      const user = await createUserOnClock(t);

      const response = await forgotten(user.email);

      expect(response.status).toBe(202);
      expect(response.body).toEqual({ message: 'RESET_SENT' });
      await waitForMessages(t, user.email);
      const mail = await onlyMessageTo(t, user.email);
      expect(mail.subject).toBe('Reset your Aerogate password');
      expect(mail.text).toMatch(/http:\/\/aerogate\.test\/reset-password\/[A-Za-z0-9_-]{20,}/);
    });

    it('an unknown e-mail answers the same 202 RESET_SENT, and no e-mail is sent to anyone', async () => {
      const email = uniqueEmail('nobody');
      const before = await t.db.prisma.outboxMessage.count();

      const response = await forgotten(email);

      expect(response.status).toBe(202);
      expect(response.body).toEqual({ message: 'RESET_SENT' });
      expect(await t.db.prisma.outboxMessage.count()).toBe(before);
      expect(await t.db.prisma.oneTimeToken.count({ where: { purpose: 'passwordReset', user: { email } } })).toBe(0);
    });

    it('a malformed e-mail answers 422 VALIDATION_FAILED validation:email', async () => {
      const response = await forgotten('not-an-email');

      expectError(response, 422, 'VALIDATION_FAILED');
      expect(response.body.fields).toEqual({ email: ['validation:email'] });
    });

    it('asking for the link does not change the password or the account', async () => {
      const user = await createUserOnClock(t);
      const before = (await userState(t, user.id)).user;

      await forgotten(user.email).expect(202);

      expect((await userState(t, user.id)).user).toEqual(before);
      expect((await postLogin(t, { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
    });
  });

  describe('POST /api/security/reset-password', () => {
    it('with the token of the e-mail, answers 200 PASSWORD_RESET; the new password signs in and the old one no longer does', async () => {
      const user = await createUserOnClock(t);
      const token = await resetTokenFor(user.email);

      const response = await reset(token, NEW_PASSWORD);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: 'PASSWORD_RESET' });
      expect((await postLogin(t, { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
      expectError(await postLogin(t, { email: user.email, password: TEST_PASSWORD }), 401, 'INVALID_CREDENTIALS');
      expect(await t.db.prisma.auditLog.count({ where: { subjectId: user.id, action: 'password.reset' } })).toBe(1);
    });

    it('ends every open session: the refresh tokens issued before the reset no longer refresh', async () => {
      const user = await createUserOnClock(t);
      const session = await login(t.app, user.email);
      const token = await resetTokenFor(user.email);

      await reset(token, NEW_PASSWORD).expect(200);

      expectError(await request(t.app).post('/api/security/gjrt').send({ gjrt: session.gjrt }), 401, 'INVALID_REFRESH_TOKEN');
    });

    it('reusing the token answers 400 RESET_TOKEN_INVALID and keeps the password set with it', async () => {
      const user = await createUserOnClock(t);
      const token = await resetTokenFor(user.email);
      await reset(token, NEW_PASSWORD).expect(200);

      const again = await reset(token, 'Yet-Another-Pass-7!');

      expectError(again, 400, 'RESET_TOKEN_INVALID');
      expect((await postLogin(t, { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
    });

    it('an unknown token answers 400 RESET_TOKEN_INVALID', async () => {
      expectError(await reset('never-issued-token', NEW_PASSWORD), 400, 'RESET_TOKEN_INVALID');
    });

    it('a token older than 1 hour answers 400 RESET_TOKEN_EXPIRED and changes nothing', async () => {
      const user = await createUserOnClock(t);
      const token = await resetTokenFor(user.email);
      t.clock.advance(HOUR + 1000);
      const before = await userState(t, user.id);

      const response = await reset(token, NEW_PASSWORD);

      expectError(response, 400, 'RESET_TOKEN_EXPIRED');
      expect(await userState(t, user.id)).toEqual(before);
    });

    it('a token still works just before 1 hour', async () => {
      const user = await createUserOnClock(t);
      const token = await resetTokenFor(user.email);
      t.clock.advance(HOUR - 1000);

      expect((await reset(token, NEW_PASSWORD)).status).toBe(200);
    });

    it('a newer request makes the previous link invalid', async () => {
      const user = await createUserOnClock(t);
      const first = await resetTokenFor(user.email);
      const second = await resetTokenFor(user.email);

      expectError(await reset(first, NEW_PASSWORD), 400, 'RESET_TOKEN_INVALID');
      expect((await reset(second, NEW_PASSWORD)).status).toBe(200);
    });

    it.each([
      { input: 'a password too weak', password: 'weakpass', code: 'VALIDATION_FAILED', problem: 'validation:password.tooShort' },
      { input: 'the current password', password: TEST_PASSWORD, code: 'PASSWORD_POLICY', problem: 'validation:password.sameAsCurrent' },
      {
        input: 'a password containing the first name',
        password: 'Hello-Grace-2026!',
        code: 'PASSWORD_POLICY',
        problem: 'validation:password.containsIdentity',
      },
    ])('$input is refused with 422 $code, changes nothing, and the link stays usable', async ({ password, code, problem }) => {
      const user = await createUserOnClock(t, { firstName: 'Grace', lastName: 'Hopper' });
      const token = await resetTokenFor(user.email);
      const before = await userState(t, user.id);

      const response = await reset(token, password);

      expectError(response, 422, code);
      expect(response.body.fields.password).toContain(problem);
      expect(await userState(t, user.id)).toEqual(before);
      expect((await reset(token, NEW_PASSWORD)).status).toBe(200);
    });

    it('a password used recently is refused with 422 PASSWORD_POLICY validation:password.recentlyUsed', async () => {
      const user = await createUserOnClock(t);
      t.clock.advance(MINUTE);
      await reset(await resetTokenFor(user.email), NEW_PASSWORD).expect(200);
      t.clock.advance(MINUTE);
      const token = await resetTokenFor(user.email);

      const response = await reset(token, TEST_PASSWORD);

      expectError(response, 422, 'PASSWORD_POLICY');
      expect(response.body.fields).toEqual({ password: ['validation:password.recentlyUsed'] });
    });

    it('a confirmation that differs answers 422 VALIDATION_FAILED validation:passwordMismatch and changes nothing', async () => {
      const user = await createUserOnClock(t);
      const token = await resetTokenFor(user.email);
      const before = await userState(t, user.id);

      const response = await reset(token, NEW_PASSWORD, `${NEW_PASSWORD}?`);

      expectError(response, 422, 'VALIDATION_FAILED');
      expect(response.body.fields).toEqual({ passwordConfirmation: ['validation:passwordMismatch'] });
      expect(await userState(t, user.id)).toEqual(before);
    });
  });

  describe('POST /api/security/change-password, signed in', () => {
    it('answers 200 PASSWORD_CHANGED; the new password signs in, the old one does not, and the change is dated and audited', async () => {
      const user = await createUserOnClock(t);
      const session = await login(t.app, user.email);
      t.clock.advance(MINUTE);

      const response = await changeSignedIn(session.token, TEST_PASSWORD, NEW_PASSWORD);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: 'PASSWORD_CHANGED' });
      const stored = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
      expect(stored.passwordChangedAt).toEqual(t.clock.now());
      expect(await bcrypt.compare(NEW_PASSWORD, stored.passwordHash)).toBe(true);
      expect(await t.db.prisma.passwordHistory.count({ where: { userId: user.id } })).toBe(2);
      expect(await t.db.prisma.auditLog.count({ where: { subjectId: user.id, action: 'password.changed' } })).toBe(1);
      expect((await postLogin(t, { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
      expectError(await postLogin(t, { email: user.email, password: TEST_PASSWORD }), 401, 'INVALID_CREDENTIALS');
    });

    it('a wrong current password answers 401 INVALID_CREDENTIALS, keeps the password and counts a failed attempt', async () => {
      const user = await createUserOnClock(t);
      const session = await login(t.app, user.email);
      const before = await userState(t, user.id);

      const response = await changeSignedIn(session.token, 'Not-The-Current-1!', NEW_PASSWORD);

      expectError(response, 401, 'INVALID_CREDENTIALS');
      const after = await userState(t, user.id);
      expect(after.user).toEqual({ ...before.user, failedLoginCount: 1 });
      expect(after.passwordHistory).toBe(before.passwordHistory);
    });

    it('the current password as the new one answers 422 PASSWORD_POLICY with validation:password.sameAsCurrent', async () => {
      const user = await createUserOnClock(t);
      const session = await login(t.app, user.email);
      const before = await userState(t, user.id);

      const response = await changeSignedIn(session.token, TEST_PASSWORD, TEST_PASSWORD);

      expectError(response, 422, 'PASSWORD_POLICY');
      expect(response.body.fields.password).toContain('validation:password.sameAsCurrent');
      expect(await userState(t, user.id)).toEqual(before);
    });

    it.each([
      { part: 'the first name', password: 'Wings-Bessie-2026!' },
      { part: 'the last name', password: 'COLEMAN-Wings-26!' },
      { part: 'the local part of the e-mail', password: (email: string) => `${email.split('@')[0]}-Wings-26!` },
    ])('a new password containing $part answers 422 PASSWORD_POLICY validation:password.containsIdentity', async ({ password }) => {
      const user = await createUserOnClock(t, { firstName: 'Bessie', lastName: 'Coleman', email: uniqueEmail('aviatrix') });
      const session = await login(t.app, user.email);
      const chosen = typeof password === 'function' ? password(user.email) : password;
      const before = await userState(t, user.id);

      const response = await changeSignedIn(session.token, TEST_PASSWORD, chosen);

      expectError(response, 422, 'PASSWORD_POLICY');
      expect(response.body.fields).toEqual({ password: ['validation:password.containsIdentity'] });
      expect(await userState(t, user.id)).toEqual(before);
    });

    it('a new password breaking the character rules answers 422 VALIDATION_FAILED on password', async () => {
      const user = await createUserOnClock(t);
      const session = await login(t.app, user.email);

      const response = await changeSignedIn(session.token, TEST_PASSWORD, 'alllowercase-2026!');

      expectError(response, 422, 'VALIDATION_FAILED');
      expect(response.body.fields).toEqual({ password: ['validation:password.uppercase'] });
    });

    it('after 10 changes in a row, the first of them is refused with 422 PASSWORD_POLICY validation:password.recentlyUsed', async () => {
      const user = await createUserOnClock(t);
      let current = TEST_PASSWORD;
      // Each change ends the session that made it: the next one signs in with the new password.
      for (let n = 1; n <= 10; n++) {
        t.clock.advance(MINUTE);
        await changeSignedIn((await login(t.app, user.email, current)).token, current, nth(n)).expect(200);
        current = nth(n);
      }
      t.clock.advance(MINUTE);
      const session = await login(t.app, user.email, current);
      const before = await userState(t, user.id);

      const response = await changeSignedIn(session.token, current, nth(1));

      expectError(response, 422, 'PASSWORD_POLICY');
      expect(response.body.fields).toEqual({ password: ['validation:password.recentlyUsed'] });
      expect(await userState(t, user.id)).toEqual(before);
    });

    it('after 11 changes, the oldest of them is accepted again', async () => {
      const user = await createUserOnClock(t);
      let current = TEST_PASSWORD;
      for (let n = 1; n <= 11; n++) {
        t.clock.advance(MINUTE);
        await changeSignedIn((await login(t.app, user.email, current)).token, current, nth(n)).expect(200);
        current = nth(n);
      }
      t.clock.advance(MINUTE);

      const response = await changeSignedIn((await login(t.app, user.email, current)).token, current, nth(1));

      expect(response.status).toBe(200);
    });
  });

  describe('POST /api/security/change-password, signed out', () => {
    it('an unknown e-mail answers 401 INVALID_CREDENTIALS', async () => {
      const response = await request(t.app)
        .post('/api/security/change-password')
        .send({ email: uniqueEmail('nobody'), currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });

      expectError(response, 401, 'INVALID_CREDENTIALS');
    });

    it('without e-mail nor token answers 401 INVALID_CREDENTIALS', async () => {
      const response = await request(t.app)
        .post('/api/security/change-password')
        .send({ currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });

      expectError(response, 401, 'INVALID_CREDENTIALS');
    });

    it('a password that has not expired cannot be changed signed out: 401 UNAUTHENTICATED, nothing changes', async () => {
      const user = await createUserOnClock(t);
      const before = await userState(t, user.id);

      const response = await request(t.app)
        .post('/api/security/change-password')
        .send({ email: user.email, currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });

      expectError(response, 401, 'UNAUTHENTICATED');
      expect(await userState(t, user.id)).toEqual(before);
      expect((await postLogin(t, { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
    });

    it('an expired password of a deactivated account cannot be changed: 401 INVALID_CREDENTIALS', async () => {
      const user = await createUserOnClock(t, { status: 'deactivated' });
      t.clock.advance(t.config.passwordMaxAgeDays * DAY + 1000);
      const before = await userState(t, user.id);

      const response = await request(t.app)
        .post('/api/security/change-password')
        .send({ email: user.email, currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });

      expectError(response, 401, 'INVALID_CREDENTIALS');
      expect(await userState(t, user.id)).toEqual(before);
    });

    it('an expired password cannot be replaced by itself: 422 PASSWORD_POLICY sameAsCurrent', async () => {
      const user = await createUserOnClock(t);
      t.clock.advance(t.config.passwordMaxAgeDays * DAY + 1000);

      const response = await request(t.app)
        .post('/api/security/change-password')
        .send({ email: user.email, currentPassword: TEST_PASSWORD, password: TEST_PASSWORD, passwordConfirmation: TEST_PASSWORD });

      expectError(response, 422, 'PASSWORD_POLICY');
      expect(response.body.fields.password).toContain('validation:password.sameAsCurrent');
    });
  });
});
