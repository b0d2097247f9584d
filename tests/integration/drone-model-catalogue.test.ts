import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDroneModelCatalogue, seedDroneModelCatalogue } from '../../prisma/seed-drone-models';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { expectError } from './support';

describe('the shared drone-model catalogue seeded with the common models (data-seed/drone-models)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let operator: Awaited<ReturnType<typeof signedInUser>>;
  const catalogue = readDroneModelCatalogue();
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t.app, t.db.prisma, ['DRONEMODEL_LIST_ADMIN', 'DRONEMODEL_EDIT_ADMIN']);
    operator = await signedInUser(t.app, t.db.prisma, ['MACHINE_LIST', 'MACHINE_EDIT']);
  });
  afterAll(() => t.close());

  const listed = async (brand: string) =>
    (await request(t.app).get('/api/drone-models').query({ brand, pageSize: 100, sort: 'name' }).set(operator.auth)).body as {
      items: { id: string; name: string }[];
    };

  it('adds every model once, with its mass, class mark and remote-ID rule; a second run adds nothing', async () => {
    expect(await seedDroneModelCatalogue(t.db.prisma)).toBe(catalogue.length);
    expect(await seedDroneModelCatalogue(t.db.prisma)).toBe(0);

    const dji = await listed('DJI');
    expect(dji.items.map((model) => model.name)).toEqual(
      expect.arrayContaining(['Mini 2', 'Mini 4 Pro', 'Mavic 3', 'Air 2S', 'Air 3', 'Matrice 30', 'Matrice 350 RTK', 'Phantom 4 Pro V2.0']),
    );
    expect((await listed('Parrot')).items.map((model) => model.name)).toEqual(['ANAFI Ai', 'ANAFI USA']);
    expect((await listed('Autel Robotics')).items).toHaveLength(2);
    expect((await listed('Skydio')).items).toHaveLength(2);
    const mavic = dji.items.find((model) => model.name === 'Mavic 3')!;
    const detail = await request(t.app).get(`/api/drone-models/${mavic.id}`).set(operator.auth);
    expect(detail.body).toMatchObject({ brand: 'DJI', personal: false, massGrams: 895, classMark: 'C1', remoteIdRule: 'DJI' });
  });

  it('never brings back a model an administrator deleted, nor changes one an administrator edited', async () => {
    const { items } = await listed('DJI');
    const [mini2, air2s] = ['Mini 2', 'Air 2S'].map((name) => items.find((model) => model.name === name)!);
    expect((await request(t.app).delete(`/api/drone-models/${mini2.id}`).set(admin.auth)).status).toBe(204);
    const edited = await request(t.app)
      .put(`/api/drone-models/${air2s.id}`)
      .set(admin.auth)
      .send({ brand: 'DJI', name: 'Air 2S', representation: 'Renamed nothing, described' });

    expect(await seedDroneModelCatalogue(t.db.prisma)).toBe(0);

    expect(edited.status).toBe(200);
    // An update from the form, which does not send the specifications, keeps them.
    expect(edited.body).toMatchObject({ massGrams: 595, classMark: null, remoteIdRule: 'DJI' });
    expect((await listed('DJI')).items.map((model) => model.name)).not.toContain('Mini 2');
  });

  it('a machine on a seeded DJI model follows the DJI remote-ID rule', async () => {
    const mini4 = (await listed('DJI')).items.find((model) => model.name === 'Mini 4 Pro')!;
    const machine = (remoteIdentificationNumber: string) =>
      request(t.app)
        .post('/api/machines')
        .set(operator.auth)
        .send({
          serialNumber: `SN-${remoteIdentificationNumber}`,
          internalName: 'Mini',
          droneModelId: mini4.id,
          remoteIdentificationNumber,
        });

    expect((await machine('1581F6Z9C23420123456')).status).toBe(201);
    const refused = await machine('FRA1234ABCD');
    expectError(refused, 422, 'VALIDATION_FAILED');
    expect(refused.body.fields).toEqual({ remoteIdentificationNumber: ['validation:remoteId.dji'] });
  });
});
