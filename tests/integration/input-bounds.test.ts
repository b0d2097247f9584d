import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDroneModel, createMachine } from '../factories/registry';
import { pdfBytes } from '../factories/files';
import { signedInUser, uniqueEmail } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { completeMission, missionOperator, postMission } from './missions-support';
import { file, managedAirspace, operatorWithMission } from './requests-support';
import { expectError } from './support';

const PASSWORD = 'Sky-Pilot-2026!x';
/** Far beyond any text field's bound, within the body budgets (over them a body answers 413: body-budget.test.ts). */
const TEN_KB = 'x'.repeat(10_000);
const HUNDRED_KB = 'x'.repeat(100_000);

function signupBody(overrides: Record<string, unknown> = {}) {
  const email = (overrides.email as string | undefined) ?? uniqueEmail('bounds');
  return {
    firstName: 'Amelia',
    lastName: 'Earhart',
    email,
    emailConfirmation: email,
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
    legalNotice: true,
    ...overrides,
  };
}

describe('bad input answers 4xx with a code and changes nothing', () => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof missionOperator>>;
  beforeAll(async () => {
    t = await createTestApp({ PROHIBITED_EMAIL_DOMAINS: 'mailinator.com' });
    operator = await missionOperator(t);
  });
  afterAll(() => t.close());

  describe('anonymous sign-up', () => {
    it.each([
      ['a 10 kB company name', { companyName: TEN_KB }, 'companyName'],
      ['a 10 kB phone number', { phoneNumber: '1'.repeat(10_000) }, 'phoneNumber'],
      ['a 10 kB first name', { firstName: TEN_KB }, 'firstName'],
    ])('refuses %s with 422 and stores no account', async (_name, change, field) => {
      const before = await t.db.prisma.user.count();
      const response = await request(t.app).post('/api/security/signup').send(signupBody(change));
      expectError(response, 422, 'VALIDATION_FAILED');
      expect(response.body.fields[field]).toEqual(['validation:tooBig']);
      expect(await t.db.prisma.user.count()).toBe(before);
    });

    it('refuses a subdomain of a blocked provider (sub.mailinator.com)', async () => {
      const response = await request(t.app)
        .post('/api/security/signup')
        .send(signupBody({ email: uniqueEmail('x').replace('example.com', 'sub.mailinator.com') }));
      expectError(response, 422, 'EMAIL_PROVIDER_NOT_ALLOWED');
    });
  });

  describe('strings and dates', () => {
    it.each([
      ['a NUL byte', 'Survey\u0000of the hangars', 'validation:invalidCharacters'],
      ['a lone surrogate', 'Survey \ud800 of the hangars', 'validation:invalidCharacters'],
      ['a 100 kB title', HUNDRED_KB, 'validation:tooBig'],
    ])('a mission title with %s answers 422 and stores nothing', async (_name, title, message) => {
      const before = await t.db.prisma.mission.count();
      const response = await postMission(t, operator.auth, completeMission(operator, { title }));
      expectError(response, 422, 'VALIDATION_FAILED');
      expect(response.body.fields.title).toEqual([message]);
      expect(await t.db.prisma.mission.count()).toBe(before);
    });

    it('a NUL byte in a field no contract bounds (a key) is refused too', async () => {
      const response = await postMission(t, operator.auth, { ...completeMission(operator), 'k\u0000': 1 });
      expectError(response, 422, 'VALIDATION_FAILED');
    });

    it.each(['0000-07-01T08:00:00.000Z', '2201-07-01T08:00:00.000Z'])('a start at %s answers 422 dateOutOfRange', async (startAt) => {
      const response = await postMission(t, operator.auth, completeMission(operator, { startAt }));
      expectError(response, 422, 'VALIDATION_FAILED');
      expect(response.body.fields.startAt).toEqual(['validation:dateOutOfRange']);
    });

    it('a NUL byte in a search query answers 422, not 500', async () => {
      const response = await request(t.app).get('/api/preflights').query({ search: 'a\u0000b' }).set(operator.auth);
      expectError(response, 422, 'VALIDATION_FAILED');
    });
  });

  it('an oversized body answers 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await request(t.app)
      .post('/api/preflights')
      .set(operator.auth)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ title: 'x'.repeat(11 * 1024 * 1024) }));
    expectError(response, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('an upload whose file name holds a NUL byte answers 4xx and stores nothing', async () => {
    const before = await t.db.prisma.attachment.count();
    const response = await request(t.app)
      .post('/api/attachments')
      .set(operator.auth)
      .field('recordType', 'user')
      .field('recordId', operator.user.id)
      .field('kind', 'insuranceCertificate')
      .attach('file', pdfBytes(), { filename: 'a\u0000.pdf', contentType: 'application/pdf' });
    expect([400, 422]).toContain(response.status);
    expect(await t.db.prisma.attachment.count()).toBe(before);
  });

  describe('x-request-id', () => {
    it('is echoed when it is a short safe token', async () => {
      const response = await request(t.app).get('/api/status').set('x-request-id', 'client-42.a:b_c');
      expect(response.headers['x-request-id']).toBe('client-42.a:b_c');
    });

    it.each(['a b', 'x'.repeat(65), '<script>', 'id\u00e9'])('is replaced by a fresh id when it is %j', async (given) => {
      const response = await request(t.app).get('/api/status').set('x-request-id', given);
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  it('deleting an airspace that has requests answers 409 AIRSPACE_HAS_REQUESTS and deletes nothing', async () => {
    const { airspace } = await managedAirspace(t);
    const { operator: filer, missionId } = await operatorWithMission(t);
    expect((await file(t, filer.auth, { missionId, airspaceId: airspace.id })).status).toBe(201);
    const admin = await signedInUser(t.app, t.db.prisma, ['AIRSPACE_EDIT_ADMIN']);

    const response = await request(t.app).delete(`/api/airspaces/${airspace.id}`).set(admin.auth);

    expectError(response, 409, 'AIRSPACE_HAS_REQUESTS');
    expect(await t.db.prisma.airspace.count({ where: { id: airspace.id } })).toBe(1);
  });

  it("a write made with a deleted user's token answers 404, not 500", async () => {
    const gone = await signedInUser(t.app, t.db.prisma, ['MACHINE_EDIT']);
    await t.db.prisma.user.delete({ where: { id: gone.user.id } });
    const before = await t.db.prisma.machine.count();

    const response = await request(t.app).post('/api/machines').set(gone.auth).send({ serialNumber: 'SN-1', internalName: 'Kite' });

    expect([401, 404]).toContain(response.status);
    expect(await t.db.prisma.machine.count()).toBe(before);
  });

  it("another operator's personal drone-model names do not appear on the dashboard", async () => {
    const other = await signedInUser(t.app, t.db.prisma, ['MACHINE_EDIT']);
    const secret = await createDroneModel(t.db.prisma, { brand: 'Secret', name: 'Prototype X', personal: true, ownerId: other.user.id });
    await createMachine(t.db.prisma, other.user.id, { droneModelId: secret.id });
    const viewer = await signedInUser(t.app, t.db.prisma, []);

    const seen = await request(t.app).get('/api/dashboard').set(viewer.auth);
    const owner = await request(t.app).get('/api/dashboard').set(other.auth);

    expect(seen.status).toBe(200);
    expect(JSON.stringify(seen.body)).not.toContain('Prototype X');
    expect(owner.body.popularity.models.map((model: { key: string }) => model.key)).toContain('Secret Prototype X');
  });
});
