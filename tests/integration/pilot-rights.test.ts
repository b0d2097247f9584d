import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { act, completeMission, missionOperator, postMission } from './missions-support';
import { ALL_PILOT_RIGHTS, supervisedPilot } from './supervision-support';
import { CLOCK_START, expectError, postLogin } from './support';

// Issue 13 point 4: a supervised pilot's level and rights (spec domain §3) hold on the server (docs/security.md).
describe('supervised pilots: levels and rights', () => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof missionOperator>>;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await missionOperator(t, ['PREFLIGHT_LIST', 'PREFLIGHT_EDIT', 'MACHINE_LIST', 'MACHINE_EDIT', 'PILOT_LIST', 'PILOT_EDIT']);
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  /** A mission of the operator flown by `pilotId`. */
  async function missionOf(pilotId: string) {
    const response = await postMission(t, operator.auth, completeMission({ pilot: { id: pilotId }, machine: operator.machine }));
    expect(response.status).toBe(201);
    return response.body.id as string;
  }

  it('level 0 (disabled) cannot sign in, even with every right; the answer comes only after the right password', async () => {
    const { user } = await supervisedPilot(t, operator.user.id, 0, ALL_PILOT_RIGHTS);

    expectError(await postLogin(t, { email: user.email, password: 'Wrong-Password-1!' }), 401, 'INVALID_CREDENTIALS');
    expectError(await postLogin(t, { email: user.email, password: TEST_PASSWORD }), 403, 'ACCOUNT_DEACTIVATED');
  });

  it('setting the level to 0 ends the pilot’s session at the next request', async () => {
    const pilot = await supervisedPilot(t, operator.user.id, 1, ['missionPreparation']);
    await request(t.app).get('/api/preflights').set(pilot.auth!).expect(200);

    await t.db.prisma.pilot.update({ where: { id: pilot.pilot.id }, data: { supervisionLevel: 0 } });

    expectError(await request(t.app).get('/api/preflights').set(pilot.auth!), 401, 'UNAUTHENTICATED');
  });

  it('without "other pilots’ pre-flights" a pilot neither reads nor touches another pilot’s mission, and does his own', async () => {
    const pilot = await supervisedPilot(t, operator.user.id, 3, ['missionPreparation', 'viewOperatorMachines']);
    const own = await missionOf(pilot.pilot.id);
    const other = await missionOf(operator.pilot.id);

    const list = await request(t.app).get('/api/preflights?pageSize=100').set(pilot.auth!);
    expect(list.body.items.map((m: { id: string }) => m.id)).toEqual([own]);
    expectError(await request(t.app).get(`/api/preflights/${other}`).set(pilot.auth!), 404, 'NOT_FOUND');
    const body = completeMission({ pilot: operator.pilot, machine: operator.machine }, { title: 'Taken over' });
    expectError(await request(t.app).put(`/api/preflights/${other}`).set(pilot.auth!).send(body), 404, 'NOT_FOUND');
    for (const action of ['sendForValidation', 'cancel', 'duplicate'])
      expectError(await act(t, pilot.auth!, other, action), 404, 'NOT_FOUND');
    expectError(await request(t.app).delete(`/api/preflights/${other}`).set(pilot.auth!), 404, 'NOT_FOUND');
    expect((await t.db.prisma.mission.findUniqueOrThrow({ where: { id: other } })).status).toBe('complete');

    await request(t.app).get(`/api/preflights/${own}`).set(pilot.auth!).expect(200);
    expect((await act(t, pilot.auth!, own, 'sendForValidation')).status).toBe(200);
  });

  it('with "other pilots’ pre-flights", a reader (level 2) reads them but does not change them; an administrator (3) does', async () => {
    const reader = await supervisedPilot(t, operator.user.id, 2, ['missionPreparation', 'editOtherPilotsPreflights']);
    const admin = await supervisedPilot(t, operator.user.id, 3, ['missionPreparation', 'editOtherPilotsPreflights']);
    const other = await missionOf(operator.pilot.id);

    await request(t.app).get(`/api/preflights/${other}`).set(reader.auth!).expect(200);
    expectError(await act(t, reader.auth!, other, 'cancel'), 404, 'NOT_FOUND');
    await request(t.app).get(`/api/preflights/${other}`).set(admin.auth!).expect(200);
    expect((await act(t, admin.auth!, other, 'cancel')).status).toBe(200);
  });

  it('without "mission preparation" no mission is created or changed, even his own', async () => {
    const pilot = await supervisedPilot(t, operator.user.id, 3, ['viewOperatorMachines']);
    const own = await missionOf(pilot.pilot.id);

    expect(pilot.session!.roles).not.toContain('ROLE_PREFLIGHT_EDIT');
    expectError(await postMission(t, pilot.auth!, completeMission({ pilot: pilot.pilot, machine: operator.machine })), 403, 'NOT_ALLOWED');
    expectError(await act(t, pilot.auth!, own, 'cancel'), 403, 'NOT_ALLOWED');
    expectError(await request(t.app).get('/api/preflights').set(pilot.auth!), 403, 'NOT_ALLOWED');
  });

  it('machines: listed with "view operator’s drones", written only with "create/modify/delete drones" at level 3', async () => {
    const viewer = await supervisedPilot(t, operator.user.id, 3, ['viewOperatorMachines']);
    const basicEditor = await supervisedPilot(t, operator.user.id, 1, ['viewOperatorMachines', 'editMachines']);
    const editor = await supervisedPilot(t, operator.user.id, 3, ['editMachines']);
    const blind = await supervisedPilot(t, operator.user.id, 3, []);
    const machine = { serialNumber: 'SN-RIGHTS-1', internalName: 'Rights drone', classes: ['C1'] };

    await request(t.app).get('/api/machines').set(viewer.auth!).expect(200);
    expectError(await request(t.app).get('/api/machines').set(blind.auth!), 403, 'NOT_ALLOWED');
    expectError(await request(t.app).post('/api/machines').set(viewer.auth!).send(machine), 403, 'NOT_ALLOWED');
    expectError(await request(t.app).post('/api/machines').set(basicEditor.auth!).send(machine), 403, 'NOT_ALLOWED');
    expectError(await request(t.app).delete(`/api/machines/${operator.machine.id}`).set(viewer.auth!), 403, 'NOT_ALLOWED');
    const created = await request(t.app).post('/api/machines').set(editor.auth!).send(machine);
    expect(created.status).toBe(201);
    expect((await t.db.prisma.machine.findUniqueOrThrow({ where: { id: created.body.id } })).userId).toBe(operator.user.id);
  });

  it('the own account is changed only with "personal account"; the password always', async () => {
    const without = await supervisedPilot(t, operator.user.id, 1, ['missionPreparation']);
    const withRight = await supervisedPilot(t, operator.user.id, 1, ['personalAccount']);

    await request(t.app).get('/api/account').set(without.auth!).expect(200);
    expectError(await request(t.app).patch('/api/account').set(without.auth!).send({ newsletter: true }), 403, 'NOT_ALLOWED');
    await request(t.app).patch('/api/account').set(withRight.auth!).send({ newsletter: true }).expect(200);
  });

  it('the operator account is reached only with "edit operator account" at level 3', async () => {
    const basic = await supervisedPilot(t, operator.user.id, 2, ['editOperatorAccount']);
    const full = await supervisedPilot(t, operator.user.id, 3, ['editOperatorAccount']);

    expect(basic.session!.roles).not.toContain('ROLE_SUPERVISION_ACCOUNT_EDIT');
    expect(full.session!.roles).toContain('ROLE_SUPERVISION_ACCOUNT_EDIT');
  });

  describe('a supervised pilot validates only as the operator’s deputy (level 3, other pilots’ pre-flights)', () => {
    it('a Basic or Reader pilot cannot validate even the mission he flies: 403 MISSION_VALIDATION_NOT_ALLOWED, with the reason', async () => {
      for (const [level, rights] of [
        [1, ['missionPreparation', 'viewOperatorMachines']],
        [2, ['missionPreparation', 'editOtherPilotsPreflights']],
        [3, ['missionPreparation']],
      ] as const) {
        const pilot = await supervisedPilot(t, operator.user.id, level, [...rights]);
        const id = await missionOf(pilot.pilot.id);
        await act(t, operator.auth, id, 'sendForValidation').expect(200);

        expectError(await act(t, pilot.auth!, id, 'validate'), 403, 'MISSION_VALIDATION_NOT_ALLOWED');
        const detail = (await request(t.app).get(`/api/preflights/${id}`).set(pilot.auth!)).body;
        expect(detail.allowedActions).not.toContain('validate');
        expect(detail.validationRefused).toBe('MISSION_VALIDATION_NOT_ALLOWED');
        expect((await t.db.prisma.mission.findUniqueOrThrow({ where: { id } })).status).toBe('toBeValidated');
      }
    });

    it('the deputy validates the operator’s missions, and the operator those the deputy sent', async () => {
      const deputy = await supervisedPilot(t, operator.user.id, 3, ['missionPreparation', 'editOtherPilotsPreflights']);
      const operators = await missionOf(operator.pilot.id);
      await act(t, operator.auth, operators, 'sendForValidation').expect(200);
      const deputys = await missionOf(deputy.pilot.id);
      await act(t, deputy.auth!, deputys, 'sendForValidation').expect(200);

      expect((await request(t.app).get(`/api/preflights/${operators}`).set(deputy.auth!)).body.validationRefused).toBeUndefined();
      expect((await act(t, deputy.auth!, operators, 'validate')).body.status).toBe('validated');
      expect((await act(t, operator.auth, deputys, 'validate')).body.status).toBe('validated');
    });
  });

  describe('the operator sets the second person on his account', () => {
    it('PATCH /api/account turns it on and off for the operator; a supervised pilot may not set it', async () => {
      const on = await request(t.app).patch('/api/account').set(operator.auth).send({ secondPersonValidation: true });
      expect(on.status).toBe(200);
      expect(on.body.secondPersonValidation).toBe(true);
      expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: operator.user.id } })).secondPersonValidation).toBe(true);
      const off = await request(t.app).patch('/api/account').set(operator.auth).send({ secondPersonValidation: false });
      expect(off.body.secondPersonValidation).toBe(false);

      const pilot = await supervisedPilot(t, operator.user.id, 3, ['personalAccount']);
      expectError(await request(t.app).patch('/api/account').set(pilot.auth!).send({ secondPersonValidation: true }), 403, 'NOT_ALLOWED');
    });
  });

  describe('a second person validates only where the operator asks for one', () => {
    const secondPerson = (on: boolean) =>
      t.db.prisma.user.update({ where: { id: operator.user.id }, data: { secondPersonValidation: on } });

    it('by default the operator validates the mission he sent himself', async () => {
      await secondPerson(false);
      const id = await missionOf(operator.pilot.id);
      await act(t, operator.auth, id, 'sendForValidation').expect(200);

      expect((await request(t.app).get(`/api/preflights/${id}`).set(operator.auth)).body.allowedActions).toContain('validate');
      expect((await act(t, operator.auth, id, 'validate')).body.status).toBe('validated');
    });

    it('with the setting on, the sender cannot validate: 403 MISSION_SELF_VALIDATION, and validate is not offered', async () => {
      await secondPerson(true);
      const id = await missionOf(operator.pilot.id);
      await act(t, operator.auth, id, 'sendForValidation').expect(200);

      expectError(await act(t, operator.auth, id, 'validate'), 403, 'MISSION_SELF_VALIDATION');
      expect((await t.db.prisma.mission.findUniqueOrThrow({ where: { id } })).status).toBe('toBeValidated');
      const detail = (await request(t.app).get(`/api/preflights/${id}`).set(operator.auth)).body;
      expect(detail.allowedActions).not.toContain('validate');
      expect(detail.validationRefused).toBe('MISSION_SELF_VALIDATION');
      await secondPerson(false);
    });

    it('with the setting on, a pilot’s submission is validated by the operator, not by the pilot', async () => {
      await secondPerson(true);
      // The operator's deputy, who would validate without the setting.
      const pilot = await supervisedPilot(t, operator.user.id, 3, ['missionPreparation', 'editOtherPilotsPreflights']);
      const id = await missionOf(pilot.pilot.id);
      await act(t, pilot.auth!, id, 'sendForValidation').expect(200);

      expectError(await act(t, pilot.auth!, id, 'validate'), 403, 'MISSION_SELF_VALIDATION');
      expect((await act(t, operator.auth, id, 'validate')).body.status).toBe('validated');
      await secondPerson(false);
    });
  });
});
