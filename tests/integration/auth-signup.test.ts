import bcrypt from 'bcrypt';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OPERATOR_RIGHTS, toRole } from '../../src/shared/domain/rights';
import { createUser, uniqueEmail } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { CLOCK_START, DAY, expectError, onlyMessageTo, outboxFor, postLogin, tokenOfLink } from './support';

const PASSWORD = 'Sky-Pilot-2026!x';

function signupBody(overrides: Record<string, unknown> = {}) {
  const email = (overrides.email as string | undefined) ?? uniqueEmail('signup');
  return {
    civility: 'mrs',
    firstName: 'Amelia',
    lastName: 'Earhart',
    email,
    emailConfirmation: email,
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
    companyName: 'Electra Flights',
    phoneNumber: '+1 555 0100',
    lang: 'en',
    newsletter: false,
    legalNotice: true,
    ...overrides,
  };
}

describe('sign-up and account activation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.prisma.group.create({ data: { name: 'Operators', rights: [...OPERATOR_RIGHTS] } });
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  const signup = (body: Record<string, unknown>) => request(t.app).post('/api/security/signup').send(body);
  const activate = (token: unknown) => request(t.app).post('/api/security/activate').send({ token });

  /** A refused sign-up leaves no user, no e-mail and no audit trace for the address. */
  async function expectNothingCreatedFor(email: string) {
    expect(await t.db.prisma.user.count({ where: { email: email.trim().toLowerCase() } })).toBe(0);
    expect(await outboxFor(t, email.trim().toLowerCase())).toHaveLength(0);
  }

  async function signedUp(overrides: Record<string, unknown> = {}) {
    const body = signupBody(overrides);
    await signup(body).expect(201);
    const token = tokenOfLink((await onlyMessageTo(t, body.email)).text, 'activate-account');
    return { body, token };
  }

  describe('POST /api/security/signup', () => {
    it('answers 201 ACTIVATION_SENT and creates a pending operator with a hashed password', async () => {
      const body = signupBody();

      const response = await signup(body);

      expect(response.status).toBe(201);
      expect(response.body).toEqual({ message: 'ACTIVATION_SENT' });
      const user = await t.db.prisma.user.findUniqueOrThrow({
        where: { email: body.email },
        include: { groups: true, passwordHistory: true },
      });
      expect(user).toMatchObject({
        status: 'pending',
        civility: 'mrs',
        firstName: 'Amelia',
        lastName: 'Earhart',
        companyName: 'Electra Flights',
        phoneNumber: '+1 555 0100',
        lang: 'en',
        newsletter: false,
        failedLoginCount: 0,
        passwordChangedAt: CLOCK_START,
      });
      expect(user.passwordHash).not.toContain(PASSWORD);
      expect(await bcrypt.compare(PASSWORD, user.passwordHash)).toBe(true);
      expect(user.passwordHistory).toHaveLength(1);
      expect(user.groups.map((g) => g.name)).toEqual(['Operators']);
      expect(await t.db.prisma.auditLog.count({ where: { subjectId: user.id, action: 'account.signup' } })).toBe(1);
    });

    it('sends an activation e-mail containing http://aerogate.test/activate-account/<token>', async () => {
      const body = signupBody();

      await signup(body).expect(201);

      const mail = await onlyMessageTo(t, body.email);
      expect(mail.subject).toBe('Activate your Aerogate account');
      expect(mail.text).toMatch(/http:\/\/aerogate\.test\/activate-account\/[A-Za-z0-9_-]{20,}/);
    });

    it('writes the activation e-mail in the language chosen', async () => {
      const body = signupBody({ lang: 'fr' });

      await signup(body).expect(201);

      expect((await onlyMessageTo(t, body.email)).subject).toBe('Activez votre compte Aerogate');
    });

    it('the e-mail is stored trimmed and in lower case', async () => {
      const email = uniqueEmail('Mixed.Case').toUpperCase();

      await signup(signupBody({ email: ` ${email} `, emailConfirmation: email })).expect(201);

      expect(await t.db.prisma.user.count({ where: { email: email.toLowerCase() } })).toBe(1);
    });

    it('a pending account cannot sign in yet: ACCOUNT_NOT_ACTIVATED', async () => {
      const { body } = await signedUp();

      expectError(await postLogin(t, { email: body.email, password: PASSWORD }), 403, 'ACCOUNT_NOT_ACTIVATED');
    });

    it('a taken e-mail answers 409 EMAIL_NOT_AVAILABLE, whatever its case, and creates nothing', async () => {
      const existing = await createUser(t.db.prisma);
      const before = await t.db.prisma.user.count();

      const response = await signup(signupBody({ email: existing.email.toUpperCase(), emailConfirmation: existing.email.toUpperCase() }));

      expectError(response, 409, 'EMAIL_NOT_AVAILABLE');
      expect(await t.db.prisma.user.count()).toBe(before);
      expect(await outboxFor(t, existing.email)).toHaveLength(0);
    });

    it('two simultaneous sign-ups with one e-mail create one account; the other answers 409 EMAIL_NOT_AVAILABLE', async () => {
      const body = signupBody();

      const responses = await Promise.all([signup(body), signup(body), signup(body)]);

      expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      for (const refused of responses.filter((r) => r.status === 409)) expect(refused.body.code).toBe('EMAIL_NOT_AVAILABLE');
      expect(await t.db.prisma.user.count({ where: { email: body.email } })).toBe(1);
    });

    it.each(['yopmail.com', 'mailinator.com', 'guerrillamail.com', 'trashmail.com'])(
      'an address at the prohibited provider %s answers 422 EMAIL_PROVIDER_NOT_ALLOWED and creates nothing',
      async (domain) => {
        const email = `pilot-${Date.now()}@${domain}`;

        const response = await signup(signupBody({ email, emailConfirmation: email }));

        expectError(response, 422, 'EMAIL_PROVIDER_NOT_ALLOWED');
        await expectNothingCreatedFor(email);
      },
    );

    it.each([
      {
        input: 'an invalid e-mail (and its confirmation)',
        overrides: { email: 'pilot.example.com' },
        field: 'email',
        message: 'validation:email',
        also: ['emailConfirmation'],
      },
      {
        input: 'different passwords',
        overrides: { passwordConfirmation: 'Another-Pass-2026!' },
        field: 'passwordConfirmation',
        message: 'validation:passwordMismatch',
      },
      {
        input: 'a different e-mail confirmation',
        overrides: { emailConfirmation: 'someone-else@example.com' },
        field: 'emailConfirmation',
        message: 'validation:emailMismatch',
      },
      {
        input: 'the legal notice not accepted',
        overrides: { legalNotice: false },
        field: 'legalNotice',
        message: 'validation:legalNotice',
      },
      { input: 'the legal notice missing', overrides: { legalNotice: undefined }, field: 'legalNotice', message: 'validation:legalNotice' },
      { input: 'an empty first name', overrides: { firstName: '  ' }, field: 'firstName', message: 'validation:required' },
      { input: 'a missing last name', overrides: { lastName: undefined }, field: 'lastName', message: 'validation:required' },
      { input: 'letters in the phone number', overrides: { phoneNumber: 'call me' }, field: 'phoneNumber', message: 'validation:phone' },
      { input: 'an unknown language', overrides: { lang: 'de' }, field: 'lang', message: 'validation:invalidValue' },
    ])('$input answers 422 VALIDATION_FAILED on $field and creates nothing', async ({ overrides, field, message, also = [] }) => {
      const body = signupBody(overrides);

      const response = await signup(body);

      expectError(response, 422, 'VALIDATION_FAILED');
      expect(Object.keys(response.body.fields).sort()).toEqual([field, ...also].sort());
      expect(response.body.fields[field]).toContain(message);
      await expectNothingCreatedFor(body.email);
    });

    describe('password rules (spec shell §5)', () => {
      it.each([
        { rule: 'at least 12 characters', password: 'Ab1!efghijk', problem: 'tooShort' },
        { rule: 'a lowercase letter', password: 'ABCDEFGH-2026!', problem: 'lowercase' },
        { rule: 'an uppercase letter', password: 'abcdefgh-2026!', problem: 'uppercase' },
        { rule: 'a digit', password: 'Abcdefgh-Xyz!', problem: 'digit' },
        { rule: 'a special character', password: 'Abcdefgh2026X', problem: 'special' },
        { rule: 'at most 72 bytes (bcrypt ignores the rest)', password: `Ab1!${'é'.repeat(35)}`, problem: 'tooLong' },
      ])(
        'a password without $rule answers 422 VALIDATION_FAILED validation:password.$problem and creates nothing',
        async ({ password, problem }) => {
          const body = signupBody({ password, passwordConfirmation: password });

          const response = await signup(body);

          expectError(response, 422, 'VALIDATION_FAILED');
          expect(response.body.fields.password).toEqual([`validation:password.${problem}`]);
          await expectNothingCreatedFor(body.email);
        },
      );

      it.each([
        { part: 'the local part of the e-mail', password: (email: string) => `${email.split('@')[0]}-X1!` },
        { part: 'the whole e-mail', password: (email: string) => `X1!${email}` },
        { part: 'the first name', password: () => 'My-amelia-2026!' },
        { part: 'the last name', password: () => 'EARHART-flies-26!' },
      ])(
        'a password containing $part answers 422 PASSWORD_POLICY validation:password.containsIdentity and creates nothing',
        async ({ password }) => {
          const email = uniqueEmail('skyhawk');
          const chosen = password(email);
          const body = signupBody({ email, emailConfirmation: email, password: chosen, passwordConfirmation: chosen });

          const response = await signup(body);

          expectError(response, 422, 'PASSWORD_POLICY');
          expect(response.body.fields).toEqual({ password: ['validation:password.containsIdentity'] });
          await expectNothingCreatedFor(email);
        },
      );
    });
  });

  describe('POST /api/security/activate', () => {
    it('activating with the token of the e-mail answers 200 ACCOUNT_ACTIVATED; the account is active and signs in with the operator roles', async () => {
      const { body, token } = await signedUp();

      const response = await activate(token);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: 'ACCOUNT_ACTIVATED' });
      expect((await t.db.prisma.user.findUniqueOrThrow({ where: { email: body.email } })).status).toBe('active');
      const session = await postLogin(t, { email: body.email, password: PASSWORD });
      expect(session.status).toBe(200);
      expect(session.body.roles).toEqual([...OPERATOR_RIGHTS].sort().map(toRole));
    });

    it('reusing the activation token answers 400 ACTIVATION_FAILED', async () => {
      const { token } = await signedUp();
      await activate(token).expect(200);

      expectError(await activate(token), 400, 'ACTIVATION_FAILED');
    });

    it('an unknown token answers 400 ACTIVATION_FAILED', async () => {
      expectError(await activate('no-such-token'), 400, 'ACTIVATION_FAILED');
    });

    it('an empty token answers 422 VALIDATION_FAILED on token', async () => {
      const response = await activate('');

      expectError(response, 422, 'VALIDATION_FAILED');
      expect(response.body.fields).toEqual({ token: ['validation:required'] });
    });

    it('a token older than 7 days answers 400 ACTIVATION_FAILED and the account stays pending', async () => {
      const { body, token } = await signedUp();
      t.clock.advance(7 * DAY);

      expectError(await activate(token), 400, 'ACTIVATION_FAILED');
      expect((await t.db.prisma.user.findUniqueOrThrow({ where: { email: body.email } })).status).toBe('pending');
    });

    it('a token still activates just before 7 days', async () => {
      const { token } = await signedUp();
      t.clock.advance(7 * DAY - 1000);

      expect((await activate(token)).status).toBe(200);
    });

    it('cannot reactivate an account deactivated since sign-up', async () => {
      const { body, token } = await signedUp();
      await t.db.prisma.user.update({ where: { email: body.email }, data: { status: 'deactivated' } });

      expectError(await activate(token), 400, 'ACTIVATION_FAILED');
      expect((await t.db.prisma.user.findUniqueOrThrow({ where: { email: body.email } })).status).toBe('deactivated');
    });
  });
});
