import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AGREEMENT_TRANSITIONS, type AgreementAction } from '../../src/shared/domain/agreement-status';
import { AGREEMENT_STATUSES, type AgreementStatus } from '../../src/shared/domain/enums';
import { AGREEMENT_CHECKLIST_ITEMS } from '../../src/shared/domain/agreement-status';
import type { Prisma } from '../../server/generated/prisma/client';
import { createMachine, createPilot } from '../factories/registry';
import { pdfBytes } from '../factories/files';
import { createUser, login, signedInUser } from '../factories/users';
import { MISSION_OPERATOR, postMission, sketchMission } from './missions-support';
import { createTestApp, type TestApp } from '../setup/test-app';
import { bearer, CLOCK_START, DAY, expectError, outboxFor } from './support';

const OPERATOR_FIELDS = {
  companyName: 'Skyworks SAS',
  phoneNumber: '+33 1 23 45 67 89',
  addressLine1: '1 rue des Pilotes',
  postalCode: '75001',
  city: 'Paris',
} satisfies Partial<Prisma.UserCreateInput>;

/** Which HTTP call takes each action the operator or an administrator can take. */
const CALLS: Partial<Record<AgreementAction, { path: (userId: string) => string; who: 'operator' | 'admin'; body?: object }>> = {
  request: { path: () => '/api/agreement/request', who: 'operator' },
  renew: { path: () => '/api/agreement/renew', who: 'operator' },
  validate: { path: (id) => `/api/agreements/${id}/validate`, who: 'admin', body: {} },
  reject: { path: (id) => `/api/agreements/${id}/reject`, who: 'admin', body: { reason: 'Insurance certificate expired' } },
  exempt: { path: (id) => `/api/agreements/${id}/exempt`, who: 'admin' },
  require: { path: (id) => `/api/agreements/${id}/require`, who: 'admin' },
};

describe('operator agreement', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  // Cloning the template database can take longer than the default 10 s on a busy machine.
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t.app, t.db.prisma, ['USER_LIST_ADMIN', 'USER_EDIT_ADMIN'], { firstName: 'Alice', lastName: 'Admin' });
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  async function addDocument(userId: string, kind: 'operationsManual' | 'idDocument' | 'insuranceCertificate') {
    await t.db.prisma.attachment.create({
      data: {
        ownerId: userId,
        recordType: 'user',
        recordId: userId,
        kind,
        originalName: `${kind}.pdf`,
        storedName: randomUUID(),
        mime: 'application/pdf',
        size: 10,
        sha256: '0'.repeat(64),
      },
    });
  }

  /** An operator whose checklist is complete, in `status`. */
  async function operatorWithCompleteFile(status: AgreementStatus = 'notValidated', fields: Partial<Prisma.UserCreateInput> = {}) {
    const operator = await signedInUser(t.app, t.db.prisma, ['PILOT_LIST', 'PILOT_EDIT', 'MACHINE_LIST', 'MACHINE_EDIT'], {
      ...OPERATOR_FIELDS,
      agreementStatus: status,
      ...fields,
    });
    const pilot = await createPilot(t.db.prisma, operator.user.id, {
      documents: {
        create: [
          { skillType: 'idDocument', reference: 'ID-1' },
          { skillType: 'licence', reference: 'LIC-1' },
        ],
      },
    });
    const machine = await createMachine(t.db.prisma, operator.user.id);
    for (const kind of ['operationsManual', 'idDocument', 'insuranceCertificate'] as const) await addDocument(operator.user.id, kind);
    return { ...operator, pilot, machine };
  }

  const status = async (userId: string) => (await t.db.prisma.user.findUniqueOrThrow({ where: { id: userId } })).agreementStatus;

  describe('checklist (spec domain §5)', () => {
    it('is shown to the operator and to the administrator, every item done for a complete file', async () => {
      const operator = await operatorWithCompleteFile();
      const mine = await request(t.app).get('/api/agreement').set(operator.auth);
      expect(mine.status).toBe(200);
      expect(mine.body).toMatchObject({ status: 'notValidated', complete: true, actions: ['request'], companyName: 'Skyworks SAS' });
      expect(mine.body.checklist).toEqual(AGREEMENT_CHECKLIST_ITEMS.map((item) => ({ item, done: true })));
      expect(mine.body.documents).toHaveLength(3);
      const ofUser = await request(t.app).get(`/api/agreements/${operator.user.id}`).set(admin.auth);
      expect(ofUser.body).toMatchObject({ complete: true, actions: ['exempt'] });
    });

    it('an empty account misses every item', async () => {
      const operator = await signedInUser(t.app, t.db.prisma, []);
      const mine = await request(t.app).get('/api/agreement').set(operator.auth);
      expect(mine.body.complete).toBe(false);
      expect(mine.body.checklist.filter((entry: { done: boolean }) => entry.done)).toEqual([]);
    });

    const breakers: [string, (userId: string) => Promise<unknown>][] = [
      ['companyName', (id) => t.db.prisma.user.update({ where: { id }, data: { companyName: '  ' } })],
      ['pilot', (id) => t.db.prisma.pilotDocument.deleteMany({ where: { pilot: { userId: id }, skillType: 'licence' } })],
      ['pilot', (id) => t.db.prisma.pilot.updateMany({ where: { userId: id }, data: { deletedAt: new Date() } })],
      ['machine', (id) => t.db.prisma.machine.updateMany({ where: { userId: id }, data: { deletedAt: new Date() } })],
      ['phone', (id) => t.db.prisma.user.update({ where: { id }, data: { phoneNumber: null } })],
      ['address', (id) => t.db.prisma.user.update({ where: { id }, data: { city: null } })],
      ['operationsManual', (id) => t.db.prisma.attachment.deleteMany({ where: { recordId: id, kind: 'operationsManual' } })],
      [
        'idDocument',
        (id) => t.db.prisma.attachment.updateMany({ where: { recordId: id, kind: 'idDocument' }, data: { status: 'rejected' } }),
      ],
      ['insuranceCertificate', (id) => t.db.prisma.attachment.deleteMany({ where: { recordId: id, kind: 'insuranceCertificate' } })],
    ];
    it.each(breakers)(
      'without %s the request is refused (409 AGREEMENT_CHECKLIST_INCOMPLETE) and the status stays',
      async (item, breakIt) => {
        const operator = await operatorWithCompleteFile();
        await breakIt(operator.user.id);
        const mine = await request(t.app).get('/api/agreement').set(operator.auth);
        expect(mine.body.checklist.filter((entry: { done: boolean }) => !entry.done)).toEqual([{ item, done: false }]);
        const response = await request(t.app).post('/api/agreement/request').set(operator.auth);
        expectError(response, 409, 'AGREEMENT_CHECKLIST_INCOMPLETE');
        expect(response.body.message).toContain(item);
        expect(await status(operator.user.id)).toBe('notValidated');
      },
    );
  });

  describe('transitions', () => {
    const allowed = AGREEMENT_STATUSES.flatMap((from) =>
      (Object.keys(CALLS) as AgreementAction[])
        .filter((action) => AGREEMENT_TRANSITIONS[from][action])
        .map((action) => [from, action, AGREEMENT_TRANSITIONS[from][action]!] as const),
    );
    it.each(allowed)('%s → %s gives %s, recorded in the history with who and why', async (from, action, to) => {
      const operator = await operatorWithCompleteFile(from, { agreementExpiresAt: new Date(CLOCK_START.getTime() + 30 * DAY) });
      const call = CALLS[action]!;
      const response = await request(t.app)
        .post(call.path(operator.user.id))
        .set(call.who === 'admin' ? admin.auth : operator.auth)
        .send(call.body ?? {});
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.status).toBe(to);
      expect(response.body.history[0]).toMatchObject({
        action,
        fromStatus: from,
        toStatus: to,
        actorName: call.who === 'admin' ? 'Alice Admin' : 'Test User',
        createdAt: CLOCK_START.toISOString(),
        reason: action === 'reject' ? 'Insurance certificate expired' : null,
      });
    });

    const refused = AGREEMENT_STATUSES.flatMap((from) =>
      (Object.keys(CALLS) as AgreementAction[])
        .filter((action) => !AGREEMENT_TRANSITIONS[from][action])
        .map((action) => [from, action] as const),
    );
    it.each(refused)('%s refuses %s: 409 AGREEMENT_TRANSITION_NOT_ALLOWED, nothing recorded', async (from, action) => {
      const operator = await operatorWithCompleteFile(from);
      const call = CALLS[action]!;
      const response = await request(t.app)
        .post(call.path(operator.user.id))
        .set(call.who === 'admin' ? admin.auth : operator.auth)
        .send(call.body ?? {});
      expectError(response, 409, 'AGREEMENT_TRANSITION_NOT_ALLOWED');
      expect(await status(operator.user.id)).toBe(from);
      expect(await t.db.prisma.agreementHistory.count({ where: { userId: operator.user.id } })).toBe(0);
    });

    it('a request for validation or renewal e-mails every active administrator who decides agreements, in his language', async () => {
      const french = await createUser(t.db.prisma, { rights: ['USER_EDIT_ADMIN'], lang: 'fr' });
      const reader = await createUser(t.db.prisma, { rights: ['USER_LIST_ADMIN'] });
      const away = await createUser(t.db.prisma, { rights: ['USER_EDIT_ADMIN'], status: 'deactivated' });
      const operator = await operatorWithCompleteFile('notValidated', { companyName: 'Skyline Survey' });
      expect((await request(t.app).post('/api/agreement/request').set(operator.auth)).status).toBe(200);

      const toAdmin = (await outboxFor(t, admin.user.email)).find((mail) => mail.subject?.startsWith('Skyline Survey'));
      expect(toAdmin?.subject).toBe('Skyline Survey asks for the validation of its operator agreement');
      expect(toAdmin?.text).toContain(`/backoffice/myagreement?userId=${operator.user.id}`);
      const [toFrench] = await outboxFor(t, french.email);
      expect(toFrench?.subject).toBe('Skyline Survey demande la validation de son agrément d’exploitant');
      expect(await outboxFor(t, reader.email)).toEqual([]);
      expect(await outboxFor(t, away.email)).toEqual([]);

      const renewing = await operatorWithCompleteFile('nearlyExpired', { companyName: 'Renewal Air' });
      expect((await request(t.app).post('/api/agreement/renew').set(renewing.auth)).status).toBe(200);
      expect((await outboxFor(t, french.email)).map((m) => m.subject)).toContain(
        'Renewal Air demande le renouvellement de son agrément d’exploitant',
      );
    });

    it('validation lasts one year by default, clears the rejection reason and e-mails the operator', async () => {
      const operator = await operatorWithCompleteFile('toBeValidated', { adminMessage: 'old reason' });
      const response = await request(t.app).post(`/api/agreements/${operator.user.id}/validate`).set(admin.auth).send({});
      expect(response.body).toMatchObject({
        status: 'validated',
        expiresAt: new Date(CLOCK_START.getTime() + 365 * DAY).toISOString(),
        adminMessage: null,
      });
      const mails = await outboxFor(t, operator.user.email);
      expect(mails.map((m) => m.subject)).toEqual(['Your Aerogate operator agreement is validated']);
    });

    it('the administrator may choose the expiry date, not one in the past', async () => {
      const operator = await operatorWithCompleteFile('toBeValidated');
      expectError(
        await request(t.app).post(`/api/agreements/${operator.user.id}/validate`).set(admin.auth).send({ expiresAt: '2026-06-01' }),
        422,
        'AGREEMENT_EXPIRY_IN_PAST',
      );
      const response = await request(t.app)
        .post(`/api/agreements/${operator.user.id}/validate`)
        .set(admin.auth)
        .send({ expiresAt: '2027-01-31' });
      expect(response.body.expiresAt).toBe('2027-01-31T00:00:00.000Z');
    });

    it('a rejection needs a reason, stores it as adminMessage and e-mails it', async () => {
      const operator = await operatorWithCompleteFile('toBeValidated');
      expectError(
        await request(t.app).post(`/api/agreements/${operator.user.id}/reject`).set(admin.auth).send({ reason: '' }),
        422,
        'VALIDATION_FAILED',
      );
      const response = await request(t.app)
        .post(`/api/agreements/${operator.user.id}/reject`)
        .set(admin.auth)
        .send({ reason: 'Unreadable manual' });
      expect(response.body).toMatchObject({ status: 'rejected', adminMessage: 'Unreadable manual' });
      const [mail] = await outboxFor(t, operator.user.email);
      expect(mail?.text).toContain('Unreadable manual');
    });

    it('an administrator cannot validate an incomplete file (409 AGREEMENT_CHECKLIST_INCOMPLETE)', async () => {
      const operator = await operatorWithCompleteFile('toBeValidated');
      await t.db.prisma.machine.updateMany({ where: { userId: operator.user.id }, data: { deletedAt: new Date() } });
      expectError(
        await request(t.app).post(`/api/agreements/${operator.user.id}/validate`).set(admin.auth).send({}),
        409,
        'AGREEMENT_CHECKLIST_INCOMPLETE',
      );
    });

    it('decisions need USER_EDIT_ADMIN (403), reading needs USER_LIST_ADMIN or USER_EDIT_ADMIN (403), without a token 401', async () => {
      const operator = await operatorWithCompleteFile('toBeValidated');
      const lister = await signedInUser(t.app, t.db.prisma, ['USER_LIST_ADMIN']);
      expect((await request(t.app).get(`/api/agreements/${operator.user.id}`).set(lister.auth)).status).toBe(200);
      expectError(await request(t.app).post(`/api/agreements/${operator.user.id}/validate`).set(lister.auth).send({}), 403, 'NOT_ALLOWED');
      expectError(await request(t.app).get(`/api/agreements/${admin.user.id}`).set(operator.auth), 403, 'NOT_ALLOWED');
      expectError(await request(t.app).get('/api/agreement'), 401, 'UNAUTHENTICATED');
      expectError(await request(t.app).get(`/api/agreements/${randomUUID()}`).set(admin.auth), 404, 'NOT_FOUND');
    });
  });

  describe('an update of validated data forces revalidation', () => {
    it('uploading an operator document moves validated to updated', async () => {
      const operator = await operatorWithCompleteFile('validated');
      const response = await request(t.app)
        .post('/api/attachments')
        .set(operator.auth)
        .field('recordType', 'user')
        .field('recordId', operator.user.id)
        .field('kind', 'insuranceCertificate')
        .attach('file', pdfBytes(), { filename: 'new-insurance.pdf', contentType: 'application/pdf' });
      expect(response.status).toBe(201);
      expect(await status(operator.user.id)).toBe('updated');
      const [entry] = await t.db.prisma.agreementHistory.findMany({ where: { userId: operator.user.id } });
      expect(entry).toMatchObject({
        action: 'update',
        fromStatus: 'validated',
        toStatus: 'updated',
        reason: 'document:insuranceCertificate',
        actorId: operator.user.id,
      });
    });

    it('changing the company name moves validated to updated; changing the newsletter opt-in does not', async () => {
      const operator = await operatorWithCompleteFile('validated');
      await request(t.app).patch('/api/account').set(operator.auth).send({ newsletter: true }).expect(200);
      expect(await status(operator.user.id)).toBe('validated');
      await request(t.app).patch('/api/account').set(operator.auth).send({ companyName: 'Skyworks Group' }).expect(200);
      expect(await status(operator.user.id)).toBe('updated');
    });

    it('an administrator changing the company information in the users screens also moves validated to updated', async () => {
      const operator = await operatorWithCompleteFile('validated', { agreementExpiresAt: new Date(CLOCK_START.getTime() + 90 * DAY) });
      const { body: detail } = await request(t.app).get(`/api/users/${operator.user.id}`).set(admin.auth).expect(200);
      const input = {
        firstName: detail.firstName,
        lastName: detail.lastName,
        email: detail.email,
        groupIds: detail.groups.map((group: { id: string }) => group.id),
        companyName: detail.companyName,
        phoneNumber: detail.phoneNumber,
        addressLine1: detail.addressLine1,
        postalCode: detail.postalCode,
        city: detail.city,
        agreementStatus: detail.agreementStatus,
        agreementExpiresAt: detail.agreementExpiresAt.slice(0, 10),
      };
      await request(t.app)
        .put(`/api/users/${operator.user.id}`)
        .set(admin.auth)
        .send({ ...input, newsletter: true })
        .expect(200);
      expect(await status(operator.user.id)).toBe('validated');
      await request(t.app)
        .put(`/api/users/${operator.user.id}`)
        .set(admin.auth)
        .send({ ...input, city: 'Lyon' })
        .expect(200);
      expect(await status(operator.user.id)).toBe('updated');
      const [entry] = await t.db.prisma.agreementHistory.findMany({ where: { userId: operator.user.id } });
      expect(entry).toMatchObject({ action: 'update', toStatus: 'updated', reason: 'companyInfo', actorId: admin.user.id });
    });

    it('a status with nothing validated (toBeValidated) stays as it is', async () => {
      const operator = await operatorWithCompleteFile('toBeValidated');
      await request(t.app).patch('/api/account').set(operator.auth).send({ city: 'Lyon' }).expect(200);
      expect(await status(operator.user.id)).toBe('toBeValidated');
    });
  });

  describe('missions follow the agreement', () => {
    it('an operator validated through this workflow may create a mission, not before', async () => {
      const operator = await operatorWithCompleteFile('notValidated');
      await t.db.prisma.group.updateMany({
        where: { members: { some: { id: operator.user.id } } },
        data: { rights: { push: MISSION_OPERATOR } },
      });
      const auth = bearer((await login(t.app, operator.user.email)).token);
      const mission = sketchMission(operator, { title: 'Roof survey' });
      expectError(await postMission(t, auth, mission), 403, 'AGREEMENT_STATUS_FORBIDS');
      await request(t.app).post('/api/agreement/request').set(auth).expect(200);
      expectError(await postMission(t, auth, mission), 403, 'AGREEMENT_STATUS_FORBIDS');
      await request(t.app).post(`/api/agreements/${operator.user.id}/validate`).set(admin.auth).send({}).expect(200);
      expect((await postMission(t, auth, mission)).status).toBe(201);
    });
  });

  describe('expiry job', () => {
    const runJob = () => t.ctx.jobs.runNow('agreement-expiry');
    const EXPIRES = new Date('2026-12-31T00:00:00.000Z');
    const daysBefore = (days: number) => new Date(EXPIRES.getTime() - days * DAY);
    const subjects = async (email: string) => (await outboxFor(t, email)).map((m) => m.subject);

    it('is scheduled on the job queue', () => {
      expect(t.ctx.jobs.definitions.map((job) => job.name)).toContain('agreement-expiry');
    });

    it('moves a validated agreement to nearlyExpired 60 days before, reminds at 60, 30, 10 and 1 days once each, then expires it', async () => {
      const operator = await operatorWithCompleteFile('validated', { agreementExpiresAt: EXPIRES });
      t.clock.set(daysBefore(61));
      await runJob();
      expect([await status(operator.user.id), await subjects(operator.user.email)]).toEqual(['validated', []]);

      t.clock.set(daysBefore(60));
      await runJob();
      await runJob();
      expect(await status(operator.user.id)).toBe('nearlyExpired');
      expect(await subjects(operator.user.email)).toEqual(['Your Aerogate operator agreement expires in 60 days']);

      for (const days of [30, 10, 1]) {
        t.clock.set(daysBefore(days));
        await runJob();
        t.clock.advance(DAY / 2);
        await runJob();
      }
      expect(await subjects(operator.user.email)).toEqual([
        'Your Aerogate operator agreement expires in 60 days',
        'Your Aerogate operator agreement expires in 30 days',
        'Your Aerogate operator agreement expires in 10 days',
        'Your Aerogate operator agreement expires in 1 day',
      ]);
      expect(await t.db.prisma.agreementReminder.count({ where: { userId: operator.user.id } })).toBe(4);

      t.clock.set(EXPIRES);
      await runJob();
      await runJob();
      expect(await status(operator.user.id)).toBe('expired');
      expect((await subjects(operator.user.email)).slice(4)).toEqual(['Your Aerogate operator agreement has expired']);
      const history = await t.db.prisma.agreementHistory.findMany({ where: { userId: operator.user.id }, orderBy: { createdAt: 'asc' } });
      expect(history.map((h) => [h.action, h.fromStatus, h.toStatus, h.actorId])).toEqual([
        ['nearExpiry', 'validated', 'nearlyExpired', null],
        ['expire', 'nearlyExpired', 'expired', null],
      ]);
    });

    it('a run that comes late sends one reminder with the days left and counts the passed thresholds', async () => {
      const operator = await operatorWithCompleteFile('validated', { agreementExpiresAt: EXPIRES });
      t.clock.set(daysBefore(5));
      await runJob();
      expect(await subjects(operator.user.email)).toEqual(['Your Aerogate operator agreement expires in 5 days']);
      t.clock.set(daysBefore(3));
      await runJob();
      expect(await subjects(operator.user.email)).toHaveLength(1);
      t.clock.set(daysBefore(1));
      await runJob();
      expect(await subjects(operator.user.email)).toHaveLength(2);
    });

    it('an updated agreement also becomes nearlyExpired; a renewal request keeps its status, gets no reminder, and expires at the date', async () => {
      const updated = await operatorWithCompleteFile('updated', { agreementExpiresAt: EXPIRES });
      const renewing = await operatorWithCompleteFile('renewValidation', { agreementExpiresAt: EXPIRES });
      t.clock.set(daysBefore(30));
      await runJob();
      expect([await status(updated.user.id), await status(renewing.user.id)]).toEqual(['nearlyExpired', 'renewValidation']);
      expect(await subjects(renewing.user.email)).toEqual([]);
      t.clock.set(EXPIRES);
      await runJob();
      expect([await status(updated.user.id), await status(renewing.user.id)]).toEqual(['expired', 'expired']);
    });

    it('a renewal validated before expiry starts a new period with fresh reminders', async () => {
      const operator = await operatorWithCompleteFile('validated', { agreementExpiresAt: EXPIRES });
      t.clock.set(daysBefore(60));
      await runJob();
      // Tokens issued at the start of the test have expired by now.
      const [operatorAuth, adminAuth] = [
        bearer((await login(t.app, operator.user.email)).token),
        bearer((await login(t.app, admin.user.email)).token),
      ];
      await request(t.app).post('/api/agreement/renew').set(operatorAuth).expect(200);
      await request(t.app).post(`/api/agreements/${operator.user.id}/validate`).set(adminAuth).send({}).expect(200);
      const renewed = await t.db.prisma.user.findUniqueOrThrow({ where: { id: operator.user.id } });
      expect(renewed.agreementStatus).toBe('validated');
      t.clock.set(new Date(renewed.agreementExpiresAt!.getTime() - 60 * DAY));
      await runJob();
      expect((await subjects(operator.user.email)).filter((s) => (s ?? '').includes('60 days'))).toHaveLength(2);
      expect(await status(operator.user.id)).toBe('nearlyExpired');
    });
  });
});
