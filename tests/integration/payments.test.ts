import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RIGHTS, type Right } from '../../src/shared/domain/rights';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { CLOCK_START, MINUTE, expectError } from './support';

const NO_ID = '00000000-0000-4000-8000-000000000000';

describe('payments', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let operator: Awaited<ReturnType<typeof signedInUser>>;
  let other: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t.app, t.db.prisma, ['USER_EDIT_ADMIN']);
    operator = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_EDIT']);
    other = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_EDIT']);
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  const validPayment = (extra: Record<string, unknown> = {}) => ({
    reference: 'INV-2026-0042',
    label: 'Subscription June 2026',
    amountCents: 4990,
    periodStart: '2026-06-01',
    periodEnd: '2026-06-30',
    dueDate: '2026-06-15',
    ...extra,
  });
  const base = (userId: string) => `/api/users/${userId}/payments`;
  const create = (userId: string, extra: Record<string, unknown> = {}) =>
    request(t.app).post(base(userId)).set(admin.auth).send(validPayment(extra));

  describe('authentication and rights', () => {
    const endpoints: [string, string, Right[]][] = [
      ['get', base(NO_ID), ['USER_EDIT_ADMIN', 'PREFLIGHT_EDIT']],
      ['post', base(NO_ID), ['USER_EDIT_ADMIN']],
      ['get', `${base(NO_ID)}/${NO_ID}`, ['USER_EDIT_ADMIN', 'PREFLIGHT_EDIT']],
      ['put', `${base(NO_ID)}/${NO_ID}`, ['USER_EDIT_ADMIN']],
      ['delete', `${base(NO_ID)}/${NO_ID}`, ['USER_EDIT_ADMIN']],
    ];
    it.each(endpoints)('%s %s answers 401 UNAUTHENTICATED without a token', async (method, path) => {
      expectError(await request(t.app)[method as 'get'](path), 401, 'UNAUTHENTICATED');
    });
    it.each(endpoints)('%s %s answers 403 NOT_ALLOWED to a user holding every right but %j', async (method, path, rights) => {
      const { auth } = await signedInUser(t.app, t.db.prisma, RIGHTS.filter((r) => !rights.includes(r)) as Right[]);
      expectError(await request(t.app)[method as 'get'](path).set(auth).send(validPayment()), 403, 'NOT_ALLOWED');
    });
  });

  it('adds an unpaid payment to a user; marking it paid stamps paidAt, which stays until it is unpaid again', async () => {
    const created = await create(operator.user.id);
    t.clock.advance(MINUTE);
    const paid = await request(t.app)
      .put(`${base(operator.user.id)}/${created.body.id}`)
      .set(admin.auth)
      .send(validPayment({ status: 'paid' }));
    t.clock.advance(MINUTE);
    const editedPaid = await request(t.app)
      .put(`${base(operator.user.id)}/${created.body.id}`)
      .set(admin.auth)
      .send(validPayment({ status: 'paid', label: 'Renamed' }));
    const unpaid = await request(t.app)
      .put(`${base(operator.user.id)}/${created.body.id}`)
      .set(admin.auth)
      .send(validPayment({ status: 'unpaid' }));

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...validPayment(), userId: operator.user.id, status: 'unpaid', paidAt: null });
    expect(paid.body.paidAt).toBe(new Date(CLOCK_START.getTime() + MINUTE).toISOString());
    expect(editedPaid.body).toMatchObject({ label: 'Renamed', paidAt: paid.body.paidAt });
    expect(unpaid.body.paidAt).toBeNull();
  });

  it.each([
    ['reference', { reference: ' ' }, 'validation:required'],
    ['label', { label: '' }, 'validation:required'],
    ['amountCents', { amountCents: 12.5 }, 'validation:payment.amount'],
    ['amountCents', { amountCents: -1 }, 'validation:tooSmall'],
    ['periodStart', { periodStart: '2026-13-01' }, 'validation:date'],
    ['periodEnd', { periodEnd: '2026-05-31' }, 'validation:endBeforeStart'],
    ['status', { status: 'refunded' }, 'validation:invalidValue'],
  ])('refuses %s (%j) with %s', async (field, extra, message) => {
    const response = await create(operator.user.id, extra);

    expectError(response, 422, 'VALIDATION_FAILED');
    expect(response.body.fields[field]).toContain(message);
  });

  it('lets an operator read its own payments with the unpaid and paid totals, filtered and sorted', async () => {
    const user = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_EDIT']);
    await create(user.user.id, { reference: 'A-1', amountCents: 1000, periodStart: '2026-01-01', periodEnd: '2026-01-31' });
    await create(user.user.id, { reference: 'A-2', amountCents: 2500, periodStart: '2026-02-01', periodEnd: '2026-02-28', status: 'paid' });
    await create(user.user.id, { reference: 'A-3', amountCents: 700, periodStart: '2026-03-01', periodEnd: '2026-03-31' });

    const all = await request(t.app).get(base(user.user.id)).set(user.auth);
    const unpaid = await request(t.app)
      .get(base(user.user.id))
      .query({ status: 'unpaid', sort: 'amountCents', order: 'asc' })
      .set(user.auth);
    const searched = await request(t.app).get(base(user.user.id)).query({ search: 'a-2' }).set(user.auth);

    expect(all.body).toMatchObject({ total: 3, unpaidCents: 1700, paidCents: 2500 });
    expect(all.body.items.map((p: { reference: string }) => p.reference)).toEqual(['A-3', 'A-2', 'A-1']);
    expect(unpaid.body.items.map((p: { reference: string }) => p.reference)).toEqual(['A-3', 'A-1']);
    expect(searched.body.items.map((p: { reference: string }) => p.reference)).toEqual(['A-2']);
  });

  it("answers 404 to an operator asking for another operator's payments or one of them", async () => {
    const payment = (await create(other.user.id)).body;

    expectError(await request(t.app).get(base(other.user.id)).set(operator.auth), 404, 'NOT_FOUND');
    expectError(
      await request(t.app)
        .get(`${base(other.user.id)}/${payment.id}`)
        .set(operator.auth),
      404,
      'NOT_FOUND',
    );
    expectError(
      await request(t.app)
        .get(`${base(operator.user.id)}/${payment.id}`)
        .set(operator.auth),
      404,
      'NOT_FOUND',
    );
  });

  it('answers 404 to the administrator for an unknown user or a payment under another user', async () => {
    const payment = (await create(other.user.id)).body;

    expectError(await create(NO_ID), 404, 'NOT_FOUND');
    expectError(
      await request(t.app)
        .get(`${base(operator.user.id)}/${payment.id}`)
        .set(admin.auth),
      404,
      'NOT_FOUND',
    );
    expectError(
      await request(t.app)
        .delete(`${base(operator.user.id)}/${payment.id}`)
        .set(admin.auth),
      404,
      'NOT_FOUND',
    );
  });

  it('deletes a payment', async () => {
    const payment = (await create(operator.user.id)).body;

    expect(
      (
        await request(t.app)
          .delete(`${base(operator.user.id)}/${payment.id}`)
          .set(admin.auth)
      ).status,
    ).toBe(204);
    expect(await t.db.prisma.payment.count({ where: { id: payment.id } })).toBe(0);
  });
});
