import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_RIGHTS } from '../../src/shared/domain/rights';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { expectError } from './support';

let t: TestApp;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a date of birth in the future is refused (issue 14)', () => {
  it('refuses a pilot born in two days on the birth date field, and creates nothing', async () => {
    const { auth } = await signedInUser(t.app, t.db.prisma, [...OPERATOR_RIGHTS]);
    const pilot = { firstName: 'Futur', lastName: 'Pilot', email: 'futur.pilot@operator.test' };

    const refused = await request(t.app)
      .post('/api/pilots')
      .set(auth)
      .send({ ...pilot, birthDate: day(2) });
    expectError(refused, 422, 'VALIDATION_FAILED');
    expect(refused.body.fields).toEqual({ birthDate: ['validation:birthDateInFuture'] });
    expect(await t.db.prisma.pilot.count({ where: { email: pilot.email } })).toBe(0);

    const created = await request(t.app)
      .post('/api/pilots')
      .set(auth)
      .send({ ...pilot, birthDate: '1990-04-12' });
    expect(created.status).toBe(201);
  });

  it('refuses it on my account, and keeps the stored date', async () => {
    const { auth, user } = await signedInUser(t.app, t.db.prisma, [...OPERATOR_RIGHTS]);

    const refused = await request(t.app)
      .patch('/api/account')
      .set(auth)
      .send({ dateOfBirth: day(30) });
    expectError(refused, 422, 'VALIDATION_FAILED');
    expect(refused.body.fields).toEqual({ dateOfBirth: ['validation:birthDateInFuture'] });
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).dateOfBirth).toBeNull();
  });
});
