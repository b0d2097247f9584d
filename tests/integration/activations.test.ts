import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Prisma } from '../../server/generated/prisma/client';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { createAirspace, createFiledRequest } from './automation-support';
import { expectError, HOUR } from './support';

// Now is 1 July 2026 06:00 UTC; the mission flies 08:00–18:00 the same day.
const NOW = new Date('2026-07-01T06:00:00Z');
const at = (hoursAfterNow: number) => new Date(NOW.getTime() + hoursAfterNow * HOUR).toISOString();
const SNAPSHOT = { startAt: '2026-07-01T08:00:00.000Z', endAt: '2026-07-01T18:00:00.000Z' };
const SETTINGS = {
  activationTrigger: 'medium',
  activationMinDelayHours: 4,
  activationMaxDelayHours: 10,
  activationMaxDurationHours: 3,
  activationAutoRejectDelayHours: 2,
} as const;

describe('activations of an accepted request', () => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof signedInUser>>;
  let manager: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    // Sessions are opened at the tests' time, so that their tokens are valid then.
    t.clock.set(NOW);
    operator = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST', 'PREFLIGHT_EDIT']);
    manager = await signedInUser(t.app, t.db.prisma, ['PREFLIGHTPROCEDURE_LIST', 'PROCEDURE_ACTIVATION']);
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(NOW));

  async function acceptedRequest(
    airspace: Partial<Prisma.AirspaceCreateInput> = SETTINGS,
    fields: Partial<Prisma.RequestUncheckedCreateInput> = {},
  ) {
    const space = await createAirspace(t.db.prisma, [manager.user.id], airspace);
    return createFiledRequest(
      t.db.prisma,
      { airspaceId: space.id, operatorId: operator.user.id },
      { status: 'accepted', impactLevel: 'medium', snapshot: SNAPSHOT, ...fields },
    );
  }
  const base = (requestId: string) => `/api/requests/${requestId}/activations`;
  const file = (requestId: string, startAt: string, endAt: string) =>
    request(t.app).post(base(requestId)).set(operator.auth).send({ startAt, endAt });

  it('shows both sides whether activations are needed and the filing window', async () => {
    const filed = await acceptedRequest();

    const operatorView = await request(t.app).get(base(filed.id)).set(operator.auth);
    const managerView = await request(t.app).get(base(filed.id)).set(manager.auth);

    expect(operatorView.status).toBe(200);
    expect(operatorView.body).toMatchObject({
      required: true,
      canFile: true,
      viewer: 'operator',
      window: { minDate: at(4), maxDate: at(10), open: true, fileBy: '2026-07-01T14:00:00.000Z' },
      maxDurationHours: 3,
      autoRejectDelayHours: 2,
      activations: [],
    });
    expect(managerView.body.viewer).toBe('manager');
  });

  it.each([
    ['start before the minimum date', at(3), at(5), 'ACTIVATION_START_TOO_EARLY'],
    ['duration over the maximum hours', at(5), at(9), 'ACTIVATION_TOO_LONG'],
    ['end after the maximum date', at(8), at(10.5), 'ACTIVATION_END_TOO_LATE'],
  ])('refuses a slot with its %s', async (_rule, startAt, endAt, code) => {
    const filed = await acceptedRequest();
    expectError(await file(filed.id, startAt, endAt), 422, code);
    expect(await t.db.prisma.activation.count({ where: { requestId: filed.id } })).toBe(0);
  });

  it('refuses a slot that ends before it starts', async () => {
    const filed = await acceptedRequest();
    const response = await file(filed.id, at(6), at(5));
    expectError(response, 422, 'VALIDATION_FAILED');
    expect(response.body.fields.endAt).toEqual(['validation:endBeforeStart']);
  });

  it('files, submits and has a slot accepted by the manager', async () => {
    const filed = await acceptedRequest();
    const created = await file(filed.id, at(5), at(7));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'toSubmit', allowedActions: ['edit', 'submit', 'remove'] });

    const submitted = await request(t.app)
      .post(`${base(filed.id)}/${created.body.id}/submit`)
      .set(operator.auth);
    expect(submitted.body).toMatchObject({ status: 'submitted', submittedAt: NOW.toISOString(), autoRejectAt: at(2) });
    const accepted = await request(t.app)
      .post(`${base(filed.id)}/${created.body.id}/accept`)
      .set(manager.auth);

    expect(accepted.body).toMatchObject({ status: 'accepted', autoRejectAt: null, allowedActions: ['archive'] });
  });

  it('lets the manager reject with a reason, the operator change the slot and submit it again', async () => {
    const filed = await acceptedRequest();
    const created = await file(filed.id, at(5), at(7));
    await request(t.app)
      .post(`${base(filed.id)}/${created.body.id}/submit`)
      .set(operator.auth);

    const rejected = await request(t.app)
      .post(`${base(filed.id)}/${created.body.id}/reject`)
      .set(manager.auth)
      .send({ reason: 'Runway works' });
    const changed = await request(t.app)
      .put(`${base(filed.id)}/${created.body.id}`)
      .set(operator.auth)
      .send({ startAt: at(6), endAt: at(8) });
    const again = await request(t.app)
      .post(`${base(filed.id)}/${created.body.id}/submit`)
      .set(operator.auth);

    expect(rejected.body).toMatchObject({ status: 'rejected', rejectionReason: 'Runway works' });
    expect(changed.body).toMatchObject({ status: 'toUpdate', startAt: at(6) });
    expect(again.body).toMatchObject({ status: 'submitted', rejectionReason: null });
  });

  it('refuses transitions the status does not allow, and each side’s actions to the other side', async () => {
    const filed = await acceptedRequest();
    const created = await file(filed.id, at(5), at(7));
    const slot = `${base(filed.id)}/${created.body.id}`;

    expectError(await request(t.app).post(`${slot}/accept`).set(manager.auth), 409, 'ACTIVATION_TRANSITION_NOT_ALLOWED');
    expectError(await request(t.app).post(`${slot}/cancel`).set(operator.auth), 409, 'ACTIVATION_TRANSITION_NOT_ALLOWED');
    await request(t.app).post(`${slot}/submit`).set(operator.auth);
    expectError(await request(t.app).delete(slot).set(operator.auth), 409, 'ACTIVATION_TRANSITION_NOT_ALLOWED');
    expectError(await request(t.app).post(`${slot}/submit`).set(operator.auth), 409, 'ACTIVATION_TRANSITION_NOT_ALLOWED');

    const managerWithEdit = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_EDIT', 'PROCEDURE_ACTIVATION']);
    await t.db.prisma.airspace.update({
      where: { id: filed.airspaceId },
      data: { managers: { connect: { id: managerWithEdit.user.id } } },
    });
    expectError(await request(t.app).post(`${slot}/cancel`).set(managerWithEdit.auth), 403, 'NOT_ALLOWED');
    expectError(await request(t.app).post(`${slot}/accept`).set(operator.auth), 403, 'NOT_ALLOWED');
  });

  it('withdraws an accepted slot through toDelete to archived, and deletes a slot never sent', async () => {
    const filed = await acceptedRequest();
    const kept = await file(filed.id, at(5), at(7));
    const dropped = await file(filed.id, at(7), at(8));
    await request(t.app)
      .post(`${base(filed.id)}/${kept.body.id}/submit`)
      .set(operator.auth);
    await request(t.app)
      .post(`${base(filed.id)}/${kept.body.id}/accept`)
      .set(manager.auth);

    const cancelled = await request(t.app)
      .post(`${base(filed.id)}/${kept.body.id}/cancel`)
      .set(operator.auth);
    const archived = await request(t.app)
      .post(`${base(filed.id)}/${kept.body.id}/submit`)
      .set(operator.auth);
    const removed = await request(t.app)
      .delete(`${base(filed.id)}/${dropped.body.id}`)
      .set(operator.auth);

    expect(cancelled.body.status).toBe('toDelete');
    expect(archived.body.status).toBe('archived');
    expect(removed.status).toBe(204);
    expect((await request(t.app).get(base(filed.id)).set(operator.auth)).body.activations.map((a: { id: string }) => a.id)).toEqual([
      kept.body.id,
    ]);
  });

  it('rejects a submitted slot nobody answered once its auto-reject delay has passed (job activations-auto-reject)', async () => {
    const filed = await acceptedRequest();
    const created = await file(filed.id, at(5), at(7));
    await request(t.app)
      .post(`${base(filed.id)}/${created.body.id}/submit`)
      .set(operator.auth);

    t.clock.advance(2 * HOUR - 1000);
    await t.ctx.jobs.runNow('activations-auto-reject');
    expect((await t.db.prisma.activation.findUniqueOrThrow({ where: { id: created.body.id } })).status).toBe('submitted');

    t.clock.advance(1000);
    await t.ctx.jobs.runNow('activations-auto-reject');
    const swept = await t.db.prisma.activation.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(swept).toMatchObject({ status: 'rejected', decidedById: null, autoRejectAt: null });
    expect(swept.decidedAt).toEqual(t.clock.now());
  });

  it.each([
    ['never', 'high', false],
    ['always', 'low', true],
    ['medium', 'low', false],
    ['high', 'high', true],
  ] as const)('trigger %s with a %s impact request → activations needed: %s', async (trigger, impactLevel, required) => {
    const filed = await acceptedRequest({ ...SETTINGS, activationTrigger: trigger }, { impactLevel });

    const view = await request(t.app).get(base(filed.id)).set(operator.auth);
    const filing = await file(filed.id, at(5), at(7));

    expect(view.body.required).toBe(required);
    if (required) expect(filing.status).toBe(201);
    else expectError(filing, 409, 'ACTIVATION_NOT_REQUIRED');
  });

  it('takes no activation on a request that is not accepted', async () => {
    const filed = await acceptedRequest(SETTINGS, { status: 'submitted' });
    expect((await request(t.app).get(base(filed.id)).set(operator.auth)).body.canFile).toBe(false);
    expectError(await file(filed.id, at(5), at(7)), 409, 'ACTIVATION_NOT_REQUIRED');
  });

  it('hides a request from another operator and another airspace’s manager (404)', async () => {
    const filed = await acceptedRequest();
    const stranger = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST', 'PREFLIGHT_EDIT']);
    const otherManager = await signedInUser(t.app, t.db.prisma, ['PROCEDURE_ACTIVATION']);
    await createAirspace(t.db.prisma, [otherManager.user.id]);

    expectError(await request(t.app).get(base(filed.id)).set(stranger.auth), 404, 'NOT_FOUND');
    expectError(
      await request(t.app)
        .post(base(filed.id))
        .set(stranger.auth)
        .send({ startAt: at(5), endAt: at(7) }),
      404,
      'NOT_FOUND',
    );
    expectError(await request(t.app).get(base(filed.id)).set(otherManager.auth), 404, 'NOT_FOUND');
    const noRight = await signedInUser(t.app, t.db.prisma, []);
    expectError(await request(t.app).get(base(filed.id)).set(noRight.auth), 403, 'NOT_ALLOWED');
  });
});
