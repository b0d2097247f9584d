import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RIGHTS, SUPERVISED_PILOT_RIGHTS, type Right } from '../../src/shared/domain/rights';
import { createUser, signedInUser } from '../factories/users';
import { createDroneModel, createMachine } from '../factories/registry';
import { createTestApp, type TestApp } from '../setup/test-app';
import { CLOCK_START, expectError } from './support';

const OPERATOR: Right[] = ['MACHINE_LIST', 'MACHINE_EDIT'];
const NO_ID = '00000000-0000-4000-8000-000000000000';

describe('machines', () => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof signedInUser>>;
  let parrot: { id: string };
  let dji: { id: string };
  beforeAll(async () => {
    t = await createTestApp();
    operator = await signedInUser(t.app, t.db.prisma, OPERATOR);
    parrot = await createDroneModel(t.db.prisma, { brand: 'Parrot', name: 'Anafi USA' });
    dji = await createDroneModel(t.db.prisma, { brand: 'DJI', name: 'Mini 4 Pro' });
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  // Each machine its own serial number: an operator's serial numbers are unique.
  let serials = 0;
  const validMachine = () => ({
    serialNumber: `PI040416AA9B0087${String((serials += 1)).padStart(2, '0')}`,
    remoteIdentificationNumber: 'FRA1234ABCD',
    registrationNumber: 'UAS-FR-123456',
    internalName: 'Survey 1',
    classes: ['C1', 'C1'],
    parachute: 'Skycat X55',
    security: 'Geofencing on',
    equipments: { camera: true, barometricSensor: true, lightOrSoundIdentification: true },
    droneModelId: parrot.id,
    massGrams: 895,
  });
  const post = (body: unknown, auth = operator.auth) =>
    request(t.app)
      .post('/api/machines')
      .set(auth)
      .send(body as object);

  describe('authentication and rights', () => {
    const endpoints: [string, string, Right][] = [
      ['get', '/api/machines', 'MACHINE_LIST'],
      ['post', '/api/machines', 'MACHINE_EDIT'],
      ['get', `/api/machines/${NO_ID}`, 'MACHINE_LIST'],
      ['put', `/api/machines/${NO_ID}`, 'MACHINE_EDIT'],
      ['delete', `/api/machines/${NO_ID}`, 'MACHINE_EDIT'],
      ['get', `/api/users/${NO_ID}/machines`, 'USER_EDIT_ADMIN'],
      ['post', `/api/users/${NO_ID}/machines`, 'USER_EDIT_ADMIN'],
      ['put', `/api/users/${NO_ID}/machines/${NO_ID}`, 'USER_EDIT_ADMIN'],
      ['delete', `/api/users/${NO_ID}/machines/${NO_ID}`, 'USER_EDIT_ADMIN'],
      ['post', `/api/users/${NO_ID}/machines/${NO_ID}/restore`, 'MACHINE_EDIT_DELETED_ADMIN'],
    ];

    it.each(endpoints)('%s %s answers 401 UNAUTHENTICATED without a token', async (method, path) => {
      expectError(await request(t.app)[method as 'get'](path), 401, 'UNAUTHENTICATED');
    });

    it.each(endpoints)('%s %s answers 403 NOT_ALLOWED to a user holding every right but %s', async (method, path, right) => {
      const { auth } = await signedInUser(t.app, t.db.prisma, RIGHTS.filter((r) => r !== right) as Right[]);

      expectError(await request(t.app)[method as 'get'](path).set(auth).send(validMachine()), 403, 'NOT_ALLOWED');
    });
  });

  describe('POST /api/machines', () => {
    it('declares a machine of the signed-in operator with its model, classes once each and unsent equipments off', async () => {
      const response = await post(validMachine());

      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        ownerId: operator.user.id,
        serialNumber: expect.stringMatching(/^PI040416AA9B0087\d{2}$/),
        remoteIdentificationNumber: 'FRA1234ABCD',
        internalName: 'Survey 1',
        classes: ['C1'],
        droneModel: { id: parrot.id, brand: 'Parrot', name: 'Anafi USA' },
        massGrams: 895,
        alphaTangoSyncState: null,
        equipments: {
          camera: true,
          barometricSensor: true,
          forcedLandingDevice: false,
          lightOrSoundIdentification: true,
          parachutes: false,
          circuitBreakers: false,
        },
      });
    });

    it.each([
      ['1581F4QWB2398010Y0CA', '1581F + 15 characters'],
      ['1581E4QWB2398010Y0C', '1581E + 14 characters'],
    ])('accepts the DJI remote identification %s (%s)', async (remoteIdentificationNumber) => {
      const response = await post({ ...validMachine(), droneModelId: dji.id, remoteIdentificationNumber });

      expect(response.status).toBe(201);
      expect(response.body.remoteIdentificationNumber).toBe(remoteIdentificationNumber);
    });

    it.each([
      ['one character short', '1581F4QWB2398010Y0C'],
      ['one character too many after 1581E', '1581E4QWB2398010Y0CA'],
      ['a mistyped prefix', '1518F4QWB2398010Y0CA'],
      ['no prefix at all', 'FRA1234ABCD'],
    ])(
      'refuses a DJI remote identification with %s: 422 validation:remoteId.dji, nothing stored',
      async (_case, remoteIdentificationNumber) => {
        const before = await t.db.prisma.machine.count();

        const response = await post({ ...validMachine(), droneModelId: dji.id, remoteIdentificationNumber });

        expectError(response, 422, 'VALIDATION_FAILED');
        expect(response.body.fields).toEqual({ remoteIdentificationNumber: ['validation:remoteId.dji'] });
        expect(await t.db.prisma.machine.count()).toBe(before);
      },
    );

    it.each([
      [
        'lower-case letters in the remote identification',
        { remoteIdentificationNumber: 'fra1234' },
        'remoteIdentificationNumber',
        'validation:remoteId.format',
      ],
      [
        'a dash in the remote identification',
        { remoteIdentificationNumber: 'FRA-1234' },
        'remoteIdentificationNumber',
        'validation:remoteId.format',
      ],
      ['a missing serial number', { serialNumber: '' }, 'serialNumber', 'validation:required'],
      ['a missing internal name', { internalName: undefined }, 'internalName', 'validation:required'],
      ['an unknown class', { classes: ['C7'] }, 'classes.0', 'validation:invalidValue'],
      ['a mass of zero', { massGrams: 0 }, 'massGrams', 'validation:tooSmall'],
      ['a decimal mass', { massGrams: 12.5 }, 'massGrams', 'validation:invalidType'],
      ['an unknown drone model', { droneModelId: NO_ID }, 'droneModelId', 'validation:invalidValue'],
    ])('refuses %s with 422 VALIDATION_FAILED', async (_case, change, field, message) => {
      const response = await post({ ...validMachine(), ...change });

      expectError(response, 422, 'VALIDATION_FAILED');
      expect(response.body.fields[field]).toContain(message);
    });

    it("refuses another user's personal drone model as if it did not exist, and accepts one's own", async () => {
      const stranger = await createUser(t.db.prisma);
      const theirs = await createDroneModel(t.db.prisma, { personal: true, ownerId: stranger.id });
      const mine = await createDroneModel(t.db.prisma, { personal: true, ownerId: operator.user.id });

      const refused = await post({ ...validMachine(), droneModelId: theirs.id });
      const accepted = await post({ ...validMachine(), droneModelId: mine.id });

      expect(refused.body.fields).toEqual({ droneModelId: ['validation:invalidValue'] });
      expect(accepted.status).toBe(201);
    });
  });

  describe('GET /api/machines', () => {
    it("lists the operator's current machines only, paginated, searched, sorted and filtered", async () => {
      const { user, auth } = await signedInUser(t.app, t.db.prisma, OPERATOR);
      await createMachine(t.db.prisma, (await createUser(t.db.prisma)).id, { internalName: 'Alpha' });
      await createMachine(t.db.prisma, user.id, { internalName: 'Bravo', classes: ['C2'], droneModelId: dji.id });
      await createMachine(t.db.prisma, user.id, { internalName: 'Alpha', serialNumber: 'FINDME-1' });
      await createMachine(t.db.prisma, user.id, { internalName: 'Charlie', classes: ['C2'] });
      await createMachine(t.db.prisma, user.id, { internalName: 'Deleted', deletedAt: CLOCK_START });
      const list = (query: Record<string, string | number>) => request(t.app).get('/api/machines').query(query).set(auth);

      const page1 = await list({ pageSize: 2 });
      const desc = await list({ order: 'desc' });
      const searched = await list({ search: 'findme' });
      const byClass = await list({ class: 'C2' });
      const byModel = await list({ droneModelId: dji.id });

      expect(page1.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
      expect(page1.body.items.map((m: { internalName: string }) => m.internalName)).toEqual(['Alpha', 'Bravo']);
      expect(desc.body.items.map((m: { internalName: string }) => m.internalName)).toEqual(['Charlie', 'Bravo', 'Alpha']);
      expect(searched.body).toMatchObject({ total: 1, items: [{ serialNumber: 'FINDME-1' }] });
      expect(byClass.body.total).toBe(2);
      expect(byModel.body).toMatchObject({ total: 1, items: [{ internalName: 'Bravo', droneModel: { brand: 'DJI' } }] });
    });
  });

  describe("another operator's machine", () => {
    it('answers 404 NOT_FOUND to GET, PUT and DELETE, never the data, and changes nothing', async () => {
      const machine = await createMachine(t.db.prisma, (await createUser(t.db.prisma)).id, { internalName: 'Secret' });

      const got = await request(t.app).get(`/api/machines/${machine.id}`).set(operator.auth);
      const put = await request(t.app).put(`/api/machines/${machine.id}`).set(operator.auth).send(validMachine());
      const deleted = await request(t.app).delete(`/api/machines/${machine.id}`).set(operator.auth);

      for (const response of [got, put, deleted]) expectError(response, 404, 'NOT_FOUND');
      expect(JSON.stringify(got.body)).not.toContain('Secret');
      expect(await t.db.prisma.machine.findUniqueOrThrow({ where: { id: machine.id } })).toEqual(machine);
    });
  });

  describe('serial numbers, unique per operator', () => {
    it('refuses a second machine with a serial number the operator already has, in any case, with 409 and a code', async () => {
      const first = validMachine();
      expect((await post(first)).status).toBe(201);
      const before = await t.db.prisma.machine.count({ where: { userId: operator.user.id } });

      const again = await post({ ...validMachine(), serialNumber: first.serialNumber.toLowerCase() });

      expectError(again, 409, 'MACHINE_SERIAL_NUMBER_TAKEN');
      expect(again.body.fields).toEqual({ serialNumber: ['validation:serialNumberTaken'] });
      expect(await t.db.prisma.machine.count({ where: { userId: operator.user.id } })).toBe(before);
    });

    it('refuses an update onto another machine’s serial number, and keeps a machine’s own', async () => {
      const first = validMachine();
      await post(first);
      const second = (await post(validMachine())).body;

      const onto = await request(t.app)
        .put(`/api/machines/${second.id}`)
        .set(operator.auth)
        .send({ ...validMachine(), serialNumber: first.serialNumber });
      const own = await request(t.app)
        .put(`/api/machines/${second.id}`)
        .set(operator.auth)
        .send({ ...validMachine(), serialNumber: second.serialNumber });

      expectError(onto, 409, 'MACHINE_SERIAL_NUMBER_TAKEN');
      expect(own.status).toBe(200);
    });

    it('lets another operator, or a deleted machine, keep the same serial number', async () => {
      const first = validMachine();
      const created = (await post(first)).body;
      const other = await signedInUser(t.app, t.db.prisma, OPERATOR);

      expect((await post(first, other.auth)).status).toBe(201);
      await request(t.app).delete(`/api/machines/${created.id}`).set(operator.auth);
      expect((await post(first)).status).toBe(201);
    });
  });

  describe('PUT and DELETE /api/machines/:id', () => {
    it('replaces the machine; the DJI rule applies to the model chosen in the update', async () => {
      const created = (await post(validMachine())).body;

      const updated = await request(t.app)
        .put(`/api/machines/${created.id}`)
        .set(operator.auth)
        .send({ ...validMachine(), internalName: 'Survey 2', equipments: {} });
      const toDji = await request(t.app)
        .put(`/api/machines/${created.id}`)
        .set(operator.auth)
        .send({ ...validMachine(), droneModelId: dji.id });

      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ internalName: 'Survey 2', equipments: { camera: false } });
      expect(toDji.body.fields).toEqual({ remoteIdentificationNumber: ['validation:remoteId.dji'] });
    });

    it('keeps a machine on a drone model deleted since it was declared', async () => {
      const model = await createDroneModel(t.db.prisma);
      const created = (await post({ ...validMachine(), droneModelId: model.id })).body;
      await t.db.prisma.droneModel.update({ where: { id: model.id }, data: { deletedAt: CLOCK_START } });

      const updated = await request(t.app)
        .put(`/api/machines/${created.id}`)
        .set(operator.auth)
        .send({ ...validMachine(), droneModelId: model.id, internalName: 'Still here' });
      const other = await post({ ...validMachine(), droneModelId: model.id });

      expect(updated.status).toBe(200);
      expect(other.body.fields).toEqual({ droneModelId: ['validation:invalidValue'] });
    });

    it('deletes softly: the machine leaves the list and answers 404, the row stays with deletedAt', async () => {
      const created = (await post(validMachine())).body;

      const response = await request(t.app).delete(`/api/machines/${created.id}`).set(operator.auth);

      expect(response.status).toBe(204);
      expectError(await request(t.app).get(`/api/machines/${created.id}`).set(operator.auth), 404, 'NOT_FOUND');
      expect((await t.db.prisma.machine.findUniqueOrThrow({ where: { id: created.id } })).deletedAt).toEqual(CLOCK_START);
    });
  });

  describe('deleted machines', () => {
    it('deleted=true is refused with 403 without MACHINE_LIST_DELETED_ADMIN', async () => {
      expectError(await request(t.app).get('/api/machines').query({ deleted: 'true' }).set(operator.auth), 403, 'NOT_ALLOWED');
    });

    it('are listed and read with MACHINE_LIST_DELETED_ADMIN, and restored with MACHINE_EDIT_DELETED_ADMIN', async () => {
      const owner = await createUser(t.db.prisma);
      const gone = await createMachine(t.db.prisma, owner.id, { deletedAt: CLOCK_START });
      await createMachine(t.db.prisma, owner.id);
      const admin = await signedInUser(t.app, t.db.prisma, ['USER_EDIT_ADMIN', 'MACHINE_LIST_DELETED_ADMIN', 'MACHINE_EDIT_DELETED_ADMIN']);
      const base = `/api/users/${owner.id}/machines`;

      const list = await request(t.app).get(base).query({ deleted: 'true' }).set(admin.auth);
      const detail = await request(t.app).get(`${base}/${gone.id}`).set(admin.auth);
      const restored = await request(t.app).post(`${base}/${gone.id}/restore`).set(admin.auth);
      const current = await request(t.app).get(base).set(admin.auth);

      expect(list.body).toMatchObject({ total: 1, items: [{ id: gone.id, deletedAt: CLOCK_START.toISOString() }] });
      expect(detail.body).toMatchObject({ id: gone.id, deletedAt: CLOCK_START.toISOString() });
      expect(restored.body).toMatchObject({ id: gone.id, deletedAt: null });
      expect(current.body.total).toBe(2);
    });
  });

  describe("an administrator on a user's machines", () => {
    it('declares and edits machines for that user; an unknown user answers 404', async () => {
      const owner = await createUser(t.db.prisma);
      const admin = await signedInUser(t.app, t.db.prisma, ['USER_EDIT_ADMIN']);
      const base = `/api/users/${owner.id}/machines`;

      const created = await request(t.app).post(base).set(admin.auth).send(validMachine());
      const updated = await request(t.app)
        .put(`${base}/${created.body.id}`)
        .set(admin.auth)
        .send({ ...validMachine(), internalName: 'By admin' });

      expect(created.body.ownerId).toBe(owner.id);
      expect(updated.body.internalName).toBe('By admin');
      expectError(await request(t.app).get(`/api/users/${NO_ID}/machines`).set(admin.auth), 404, 'NOT_FOUND');
    });
  });

  describe('a supervised pilot account', () => {
    it("with the supervised pilots' rights (MACHINE_LIST) sees its operator's machines, not its own nor others'", async () => {
      const { user: boss } = await signedInUser(t.app, t.db.prisma, OPERATOR);
      const fleet = await createMachine(t.db.prisma, boss.id, { internalName: 'Operator drone' });
      const foreign = await createMachine(t.db.prisma, (await createUser(t.db.prisma)).id);
      const pilot = await signedInUser(t.app, t.db.prisma, [...SUPERVISED_PILOT_RIGHTS], { parent: { connect: { id: boss.id } } });

      const list = await request(t.app).get('/api/machines').set(pilot.auth);
      const detail = await request(t.app).get(`/api/machines/${fleet.id}`).set(pilot.auth);

      expect(list.body).toMatchObject({ total: 1, items: [{ id: fleet.id }] });
      expect(detail.body.ownerId).toBe(boss.id);
      expectError(await request(t.app).get(`/api/machines/${foreign.id}`).set(pilot.auth), 404, 'NOT_FOUND');
      expectError(await post(validMachine(), pilot.auth), 403, 'NOT_ALLOWED');
    });

    it('without MACHINE_LIST is refused with 403', async () => {
      const { user: boss } = await signedInUser(t.app, t.db.prisma, OPERATOR);
      const pilot = await signedInUser(t.app, t.db.prisma, ['SUPERVISION_PILOT'], { parent: { connect: { id: boss.id } } });

      expectError(await request(t.app).get('/api/machines').set(pilot.auth), 403, 'NOT_ALLOWED');
    });
  });
});
