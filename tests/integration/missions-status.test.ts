import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MISSION_ACTIONS,
  MISSION_STATUSES,
  MISSION_TRANSITIONS,
  allowedActions,
  type MissionAction,
  type MissionStatus,
} from '../../src/shared/domain/mission-status';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { CLOCK_START, MINUTE, expectError } from './support';
import { act, completeMission, missionOperator, postMission } from './missions-support';

// Every allowed transition but duplicate (tested on its own: it leaves the mission as it is and answers a copy).
const ALLOWED = MISSION_STATUSES.flatMap((status) =>
  allowedActions(status)
    .filter((action) => action !== 'duplicate')
    .map((action) => [status, action, MISSION_TRANSITIONS[status][action] as MissionStatus] as const),
);
// One refused action per status: the first action of the list the status does not allow.
const REFUSED = MISSION_STATUSES.map(
  (status) => [status, MISSION_ACTIONS.find((action) => !allowedActions(status).includes(action)) as MissionAction] as const,
);

describe('mission statuses', () => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof missionOperator>>;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await missionOperator(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.set(CLOCK_START);
    await t.db.prisma.user.update({ where: { id: operator.user.id }, data: { agreementStatus: 'validated' } });
  });

  async function missionIn(status: MissionStatus) {
    const created = await postMission(t, operator.auth, completeMission(operator));
    await t.db.prisma.mission.update({ where: { id: created.body.id }, data: { status } });
    return created.body.id as string;
  }

  it.each(ALLOWED)('a mission in %s, on %s, goes to %s and the change is recorded', async (from, action, to) => {
    const id = await missionIn(from);
    t.clock.advance(MINUTE);

    const response = await act(t, operator.auth, id, action, { reason: 'checked' });

    expect(response.status).toBe(200);
    expect(response.body.status).toBe(to);
    // An operator may validate the mission he sent (no "second person" asked by default, docs/security.md).
    expect(response.body.allowedActions).toEqual(allowedActions(to));
    const history = await t.db.prisma.missionHistory.findMany({ where: { missionId: id, action } });
    expect(history).toEqual([
      expect.objectContaining({
        from,
        to,
        action,
        actorId: operator.user.id,
        reason: 'checked',
        at: new Date(CLOCK_START.getTime() + MINUTE),
      }),
    ]);
  });

  it.each(REFUSED)('a mission in %s refuses %s with 409 MISSION_TRANSITION_NOT_ALLOWED and keeps its status', async (status, action) => {
    const id = await missionIn(status);

    expectError(await act(t, operator.auth, id, action), 409, 'MISSION_TRANSITION_NOT_ALLOWED');
    expect((await t.db.prisma.mission.findUniqueOrThrow({ where: { id } })).status).toBe(status);
    expect(await t.db.prisma.missionHistory.count({ where: { missionId: id, action } })).toBe(0);
  });

  it('POST /api/preflights/takeoff and /landing (spec §7, body preFlightId) take off and land the mission', async () => {
    const id = await missionIn('validated');

    const takeOff = await request(t.app).post('/api/preflights/takeoff').set(operator.auth).send({ preFlightId: id });
    expect(takeOff.status).toBe(200);
    expect(takeOff.body.status).toBe('onGoing');
    t.clock.advance(MINUTE);
    const landing = await request(t.app).post('/api/preflights/landing').set(operator.auth).send({ preFlightId: id });
    expect(landing.body.status).toBe('validated');
    expectError(
      await request(t.app).post('/api/preflights/landing').set(operator.auth).send({ preFlightId: id }),
      409,
      'LANDING_NOT_FLYING',
    );
  });

  it('an unknown action answers 422 VALIDATION_FAILED', async () => {
    const id = await missionIn('complete');

    expectError(await act(t, operator.auth, id, 'fly'), 422, 'VALIDATION_FAILED');
  });

  it('a mission goes from complete to archived through validation, flight and end, with its whole history', async () => {
    const id = await missionIn('complete');
    // Whoever sends it for validation does not validate it: an administrator does.
    const admin = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST_ADMIN', 'PREFLIGHT_EDIT_ADMIN']);
    for (const action of ['sendForValidation', 'validate', 'takeOff', 'land', 'takeOff', 'requestEnd']) {
      t.clock.advance(MINUTE);
      expect((await act(t, action === 'validate' ? admin.auth : operator.auth, id, action)).status).toBe(200);
    }

    const history = await request(t.app).get(`/api/preflights/${id}/history`).set(operator.auth);

    expect(history.body.map((h: { from: string; to: string; action: string }) => `${h.from}-${h.action}-${h.to}`)).toEqual([
      'null-create-complete',
      'complete-sendForValidation-toBeValidated',
      'toBeValidated-validate-validated',
      'validated-takeOff-onGoing',
      'onGoing-land-validated',
      'validated-takeOff-onGoing',
      'onGoing-requestEnd-archived',
    ]);
  });

  it.each(['notValidated', 'toBeValidated', 'expired', 'rejected'] as const)(
    'when the owner’s agreement is %s, sendForValidation answers 403 AGREEMENT_STATUS_FORBIDS and the mission stays complete',
    async (agreementStatus) => {
      const id = await missionIn('complete');
      await t.db.prisma.user.update({ where: { id: operator.user.id }, data: { agreementStatus } });

      expectError(await act(t, operator.auth, id, 'sendForValidation'), 403, 'AGREEMENT_STATUS_FORBIDS');
      expect((await t.db.prisma.mission.findUniqueOrThrow({ where: { id } })).status).toBe('complete');
    },
  );

  it.each(['updated', 'nearlyExpired', 'renewValidation', 'noNeedAgreement'] as const)(
    'when the owner’s agreement is %s, sendForValidation is accepted',
    async (agreementStatus) => {
      const id = await missionIn('complete');
      await t.db.prisma.user.update({ where: { id: operator.user.id }, data: { agreementStatus } });

      expect((await act(t, operator.auth, id, 'sendForValidation')).body.status).toBe('toBeValidated');
    },
  );

  it.each(MISSION_STATUSES)('duplicating a mission in %s creates a draft copy and leaves the original as it is', async (status) => {
    const id = await missionIn(status);

    const response = await act(t, operator.auth, id, 'duplicate');

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'draft',
      duplicatedFromId: id,
      title: 'Survey of the hangars',
      ownerId: operator.user.id,
      referentPilot: { id: operator.pilot.id },
      maxHeightM: 50,
    });
    // The copy is saved like any mission: the server classifies it at once.
    expect(response.body.lastVerdict).toMatchObject({ country: 'FR' });
    expect(response.body.id).not.toBe(id);
    expect(response.body.areas).toEqual((await request(t.app).get(`/api/preflights/${id}`).set(operator.auth)).body.areas);
    expect((await t.db.prisma.mission.findUniqueOrThrow({ where: { id } })).status).toBe(status);
    const history = await request(t.app).get(`/api/preflights/${response.body.id}/history`).set(operator.auth);
    expect(history.body).toEqual([expect.objectContaining({ from: null, to: 'draft', action: 'duplicate', actorId: operator.user.id })]);
  });

  it('a duplicate is refused with 403 AGREEMENT_STATUS_FORBIDS when the agreement forbids creating missions', async () => {
    const id = await missionIn('archived');
    await t.db.prisma.user.update({ where: { id: operator.user.id }, data: { agreementStatus: 'notValidated' } });

    expectError(await act(t, operator.auth, id, 'duplicate'), 403, 'AGREEMENT_STATUS_FORBIDS');
  });

  it('saving a duplicated draft derives its status from its completeness', async () => {
    const id = await missionIn('archived');
    const copy = await act(t, operator.auth, id, 'duplicate');
    t.clock.advance(MINUTE);

    const saved = await request(t.app).put(`/api/preflights/${copy.body.id}`).set(operator.auth).send(completeMission(operator));

    expect(saved.body.status).toBe('complete');
  });
});
