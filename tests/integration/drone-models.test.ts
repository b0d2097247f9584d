import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, signedInUser } from '../factories/users';
import { createDroneModel } from '../factories/registry';
import { createTestApp, type TestApp } from '../setup/test-app';
import { CLOCK_START, expectError } from './support';

const validModel = () => ({
  brand: 'DJI',
  name: 'Mavic 3',
  representation: 'Quadcopter, foldable arms',
  marketingDate: '2021-11-05',
  geoAwarenessSystem: true,
  materials: ['plastic', 'carbon'],
  expectedPerformances: '46 min flight time',
  engineType: 'Brushless',
  propellerType: 'Quick release',
  remoteControlBrand: 'DJI',
  frequencyMinGHz: '2.400',
  frequencyMaxGHz: '5.850',
  alphaTangoMachineNumber: 'AT-0001',
  personal: false,
});

describe('drone models', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let operator: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t.app, t.db.prisma, ['DRONEMODEL_LIST_ADMIN', 'DRONEMODEL_EDIT_ADMIN']);
    operator = await signedInUser(t.app, t.db.prisma, ['MACHINE_LIST', 'MACHINE_EDIT']);
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    expectError(await request(t.app).get('/api/drone-models'), 401, 'UNAUTHENTICATED');
    expectError(await request(t.app).post('/api/drone-models').send(validModel()), 401, 'UNAUTHENTICATED');
  });

  it('an administrator adds a shared model; frequencies come back with their three decimals', async () => {
    const response = await request(t.app).post('/api/drone-models').set(admin.auth).send(validModel());

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      brand: 'DJI',
      name: 'Mavic 3',
      personal: false,
      ownerId: null,
      marketingDate: '2021-11-05',
      materials: ['plastic', 'carbon'],
      frequencyMinGHz: '2.400',
      frequencyMaxGHz: '5.850',
    });
  });

  it.each([
    ['a frequency with two decimals', { frequencyMinGHz: '2.40' }, 'frequencyMinGHz', 'validation:frequency'],
    ['a frequency with two integer digits', { frequencyMaxGHz: '10.000' }, 'frequencyMaxGHz', 'validation:frequency'],
    ['a frequency sent as a number', { frequencyMinGHz: 2.4 }, 'frequencyMinGHz', 'validation:invalidType'],
    ['a maximum below the minimum', { frequencyMinGHz: '5.800', frequencyMaxGHz: '2.400' }, 'frequencyMaxGHz', 'validation:frequencyRange'],
    ['a missing brand', { brand: '' }, 'brand', 'validation:required'],
    ['an unknown material', { materials: ['steel'] }, 'materials.0', 'validation:invalidValue'],
  ])('refuses %s with 422 VALIDATION_FAILED', async (_case, change, field, message) => {
    const response = await request(t.app)
      .post('/api/drone-models')
      .set(admin.auth)
      .send({ ...validModel(), ...change });

    expectError(response, 422, 'VALIDATION_FAILED');
    expect(response.body.fields[field]).toContain(message);
  });

  it('an operator cannot add, edit or delete a shared model (403), but declares and edits a personal one', async () => {
    const shared = await createDroneModel(t.db.prisma);

    expectError(await request(t.app).post('/api/drone-models').set(operator.auth).send(validModel()), 403, 'NOT_ALLOWED');
    expectError(await request(t.app).put(`/api/drone-models/${shared.id}`).set(operator.auth).send(validModel()), 403, 'NOT_ALLOWED');
    expectError(await request(t.app).delete(`/api/drone-models/${shared.id}`).set(operator.auth), 403, 'NOT_ALLOWED');

    const personal = await request(t.app)
      .post('/api/drone-models')
      .set(operator.auth)
      .send({ ...validModel(), name: 'Home made', personal: true });
    const edited = await request(t.app)
      .put(`/api/drone-models/${personal.body.id}`)
      .set(operator.auth)
      .send({ ...validModel(), name: 'Home made 2', personal: false });

    expect(personal.body).toMatchObject({ personal: true, ownerId: operator.user.id });
    expect(edited.body).toMatchObject({ name: 'Home made 2', personal: true });
  });

  it('lists the shared catalogue and your own personal models to any signed-in user; others’ personal models answer 404', async () => {
    const mark = `Brand-${Date.now()}`;
    const { user, auth } = await signedInUser(t.app, t.db.prisma, []);
    const stranger = await createUser(t.db.prisma);
    await createDroneModel(t.db.prisma, { brand: mark, name: 'Shared' });
    await createDroneModel(t.db.prisma, { brand: mark, name: 'Mine', personal: true, ownerId: user.id });
    const theirs = await createDroneModel(t.db.prisma, { brand: mark, name: 'Theirs', personal: true, ownerId: stranger.id });
    await createDroneModel(t.db.prisma, { brand: mark, name: 'Deleted', deletedAt: CLOCK_START });

    const mine = await request(t.app).get('/api/drone-models').query({ brand: mark, sort: 'name' }).set(auth);
    const everything = await request(t.app).get('/api/drone-models').query({ brand: mark, sort: 'name' }).set(admin.auth);
    const onlyPersonal = await request(t.app).get('/api/drone-models').query({ brand: mark, personal: 'true' }).set(auth);

    expect(mine.body.items.map((m: { name: string }) => m.name)).toEqual(['Mine', 'Shared']);
    expect(everything.body.items.map((m: { name: string }) => m.name)).toEqual(['Mine', 'Shared', 'Theirs']);
    expect(onlyPersonal.body).toMatchObject({ total: 1, items: [{ name: 'Mine' }] });
    expectError(await request(t.app).get(`/api/drone-models/${theirs.id}`).set(auth), 404, 'NOT_FOUND');
    expectError(await request(t.app).put(`/api/drone-models/${theirs.id}`).set(operator.auth).send(validModel()), 404, 'NOT_FOUND');
  });

  it('an administrator deletes a model softly: it leaves the list, machines keep it', async () => {
    const model = await createDroneModel(t.db.prisma);

    const response = await request(t.app).delete(`/api/drone-models/${model.id}`).set(admin.auth);

    expect(response.status).toBe(204);
    expectError(await request(t.app).get(`/api/drone-models/${model.id}`).set(admin.auth), 404, 'NOT_FOUND');
    expect((await t.db.prisma.droneModel.findUniqueOrThrow({ where: { id: model.id } })).deletedAt).toEqual(CLOCK_START);
  });
});
