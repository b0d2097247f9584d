import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SUPERVISED_PILOT_RIGHTS, toRole, type Right } from '../../src/shared/domain/rights';
import { createUser, signedInUser, uniqueEmail } from '../factories/users';
import { createMachine, createPilot } from '../factories/registry';
import { createTestApp, type TestApp } from '../setup/test-app';
import { CLOCK_START, DAY, NEW_PASSWORD, expectError, onlyMessageTo, outboxFor, postLogin, tokenOfLink, waitForMessages } from './support';

const OPERATOR: Right[] = ['PILOT_LIST', 'PILOT_EDIT', 'MACHINE_LIST', 'MACHINE_EDIT'];

describe('POST /api/pilots/:id/supervision', () => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await signedInUser(t.app, t.db.prisma, OPERATOR, { lang: 'fr' });
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  const enable = (pilotId: string, auth = operator.auth) => request(t.app).post(`/api/pilots/${pilotId}/supervision`).set(auth);

  it('answers 401 without a token and 403 without PILOT_EDIT', async () => {
    const pilot = await createPilot(t.db.prisma, operator.user.id);
    const reader = await signedInUser(t.app, t.db.prisma, ['PILOT_LIST']);

    expectError(await request(t.app).post(`/api/pilots/${pilot.id}/supervision`), 401, 'UNAUTHENTICATED');
    expectError(await enable(pilot.id, reader.auth), 403, 'NOT_ALLOWED');
  });

  it("creates a pending account for the pilot's e-mail, child of the operator, in the supervised pilots' group, and e-mails it a link", async () => {
    const email = uniqueEmail('paula');
    const pilot = await createPilot(t.db.prisma, operator.user.id, {
      email,
      firstName: 'Paula',
      lastName: 'Pilot',
      phone: '+33 6 00 00 00 00',
    });

    const response = await enable(pilot.id);

    expect(response.status).toBe(201);
    const account = await t.db.prisma.user.findUniqueOrThrow({ where: { email }, include: { groups: true } });
    expect(response.body).toMatchObject({ id: pilot.id, supervised: true, supervisedUserId: account.id });
    expect(account).toMatchObject({
      status: 'pending',
      parentId: operator.user.id,
      firstName: 'Paula',
      lastName: 'Pilot',
      phoneNumber: '+33 6 00 00 00 00',
      lang: 'fr',
    });
    expect(account.groups.map((g) => g.name)).toEqual(['Supervised pilots']);
    expect([...account.groups[0]!.rights].sort()).toEqual([...SUPERVISED_PILOT_RIGHTS].sort());
    const message = await onlyMessageTo(t, email);
    expect(message.subject).toBe('Votre compte pilote Aerogate');
    expect(message.text).toContain('http://aerogate.test/reset-password/');
  });

  it('the pilot sets a password with the link, signs in with supervision = the pilot id, and sees the operator’s machines', async () => {
    const email = uniqueEmail('pierre');
    // Level 1 with "view operator's drones": level 0 (the default) cannot sign in (docs/security.md "Rights").
    const pilot = await createPilot(t.db.prisma, operator.user.id, { email, supervisionLevel: 1, rights: ['viewOperatorMachines'] });
    const machine = await createMachine(t.db.prisma, operator.user.id);
    await enable(pilot.id);
    const token = tokenOfLink((await onlyMessageTo(t, email)).text, 'reset-password');
    expectError(await postLogin(t, { email, password: NEW_PASSWORD }), 401, 'INVALID_CREDENTIALS');
    t.clock.advance(6 * DAY);

    const reset = await request(t.app)
      .post('/api/security/reset-password')
      .send({ token, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });
    const session = await postLogin(t, { email, password: NEW_PASSWORD });

    expect(reset.status).toBe(200);
    expect(session.status).toBe(200);
    expect(session.body.supervision).toBe(pilot.id);
    expect(session.body.roles).toContain(toRole('SUPERVISION_PILOT'));
    const machines = await request(t.app)
      .get('/api/machines')
      .set({ Authorization: `Bearer ${session.body.token}` });
    expect(machines.body).toMatchObject({ total: 1, items: [{ id: machine.id }] });
  });

  it('the link expires after 7 days', async () => {
    const email = uniqueEmail('late');
    const pilot = await createPilot(t.db.prisma, operator.user.id, { email });
    await enable(pilot.id);
    const token = tokenOfLink((await onlyMessageTo(t, email)).text, 'reset-password');
    t.clock.advance(7 * DAY + 1);

    const reset = await request(t.app)
      .post('/api/security/reset-password')
      .send({ token, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });

    expectError(reset, 400, 'RESET_TOKEN_EXPIRED');
  });

  it('answers 409 SUPERVISION_EMAIL_TAKEN when an account exists for the e-mail, whatever its case, and creates nothing', async () => {
    const existing = await createUser(t.db.prisma);
    const pilot = await createPilot(t.db.prisma, operator.user.id, { email: existing.email.toUpperCase() });
    const users = await t.db.prisma.user.count();

    expectError(await enable(pilot.id), 409, 'SUPERVISION_EMAIL_TAKEN');
    expect(await t.db.prisma.user.count()).toBe(users);
    expect((await t.db.prisma.pilot.findUniqueOrThrow({ where: { id: pilot.id } })).supervisedUserId).toBeNull();
  });

  it("answers 409 SUPERVISION_NOT_NEEDED when the pilot uses the operator's own e-mail", async () => {
    const pilot = await createPilot(t.db.prisma, operator.user.id, { email: operator.user.email });

    expectError(await enable(pilot.id), 409, 'SUPERVISION_NOT_NEEDED');
    expect(await outboxFor(t, operator.user.email)).toHaveLength(0);
  });

  it('answers 409 SUPERVISION_ALREADY_ENABLED the second time', async () => {
    const pilot = await createPilot(t.db.prisma, operator.user.id, { email: uniqueEmail('twice') });
    await enable(pilot.id);

    expectError(await enable(pilot.id), 409, 'SUPERVISION_ALREADY_ENABLED');
  });

  it("answers 404 for another operator's pilot and for a deleted pilot", async () => {
    const foreign = await createPilot(t.db.prisma, (await createUser(t.db.prisma)).id);
    const deleted = await createPilot(t.db.prisma, operator.user.id, { deletedAt: CLOCK_START });

    expectError(await enable(foreign.id), 404, 'NOT_FOUND');
    expectError(await enable(deleted.id), 404, 'NOT_FOUND');
  });

  describe('the supervised account afterwards', () => {
    async function supervisedPilot() {
      const email = uniqueEmail('sup');
      const pilot = await createPilot(t.db.prisma, operator.user.id, { email, supervisionLevel: 1, rights: ['viewOperatorMachines'] });
      await enable(pilot.id);
      const token = tokenOfLink((await onlyMessageTo(t, email)).text, 'reset-password');
      await request(t.app).post('/api/security/reset-password').send({ token, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });
      const session = (await postLogin(t, { email, password: NEW_PASSWORD })).body;
      return { pilot, email, auth: { Authorization: `Bearer ${session.token}` } };
    }

    it("reads its own pilot record (its 'my account' page), not the operator's other pilots, and cannot list them", async () => {
      const { pilot, auth } = await supervisedPilot();
      const colleague = await createPilot(t.db.prisma, operator.user.id);

      const own = await request(t.app).get(`/api/pilots/${pilot.id}`).set(auth);

      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ id: pilot.id, ownerId: operator.user.id, supervised: true });
      expectError(await request(t.app).get(`/api/pilots/${colleague.id}`).set(auth), 404, 'NOT_FOUND');
      expectError(await request(t.app).get('/api/pilots').set(auth), 403, 'NOT_ALLOWED');
    });

    it('is closed when the pilot is deleted, a password reset does not reopen it, restoring the pilot does', async () => {
      const { pilot, email } = await supervisedPilot();
      const admin = await signedInUser(t.app, t.db.prisma, ['PILOT_EDIT_DELETED_ADMIN']);

      expect((await request(t.app).delete(`/api/pilots/${pilot.id}`).set(operator.auth)).status).toBe(204);
      expectError(await postLogin(t, { email, password: NEW_PASSWORD }), 403, 'ACCOUNT_DEACTIVATED');

      const sent = (await outboxFor(t, email)).length;
      await request(t.app).post('/api/security/forgotten-password').send({ email });
      const resetToken = tokenOfLink((await waitForMessages(t, email, sent + 1)).at(-1)!.text, 'reset-password');
      const otherPassword = `${NEW_PASSWORD}-2`;
      await request(t.app)
        .post('/api/security/reset-password')
        .send({ token: resetToken, password: otherPassword, passwordConfirmation: otherPassword });
      expectError(await postLogin(t, { email, password: otherPassword }), 403, 'ACCOUNT_DEACTIVATED');

      expect((await request(t.app).post(`/api/users/${operator.user.id}/pilots/${pilot.id}/restore`).set(admin.auth)).status).toBe(200);
      expect((await postLogin(t, { email, password: otherPassword })).status).toBe(200);
    });
  });
});
