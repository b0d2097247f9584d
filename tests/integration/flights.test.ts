import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Prisma } from '../../server/generated/prisma/client';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { areaSquare, createAirspace, createFiledRequest } from './automation-support';
import { act, missionOperator } from './missions-support';
import { expectError, MINUTE } from './support';

// The filed mission flies 1 July 2026 08:00–10:00 UTC, inside its airspace.
const IN_SLOT = new Date('2026-07-01T08:30:00Z');

describe('take-off and landing', () => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof missionOperator>>;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(IN_SLOT);
    operator = await missionOperator(t);
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(IN_SLOT));

  const takeOff = (auth: Record<string, string>, preFlightId: string) =>
    request(t.app).post('/api/preflights/takeoff').set(auth).send({ preFlightId });
  const land = (auth: Record<string, string>, preFlightId: string) =>
    request(t.app).post('/api/preflights/landing').set(auth).send({ preFlightId });

  /** A mission of the operator away from any airspace, in `status`. */
  async function mission(
    status: Prisma.MissionCreateInput['status'] = 'validated',
    fields: Partial<Prisma.MissionUncheckedCreateInput> = {},
  ) {
    const created = await t.db.prisma.mission.create({
      data: {
        userId: operator.user.id,
        title: 'Hangar survey',
        status,
        referentPilotId: operator.pilot.id,
        areas: areaSquare(2.35, 48.74, 0.005),
        startAt: new Date('2026-07-01T08:00:00Z'),
        endAt: new Date('2026-07-01T10:00:00Z'),
        ...fields,
      },
    });
    return created.id;
  }

  // Each airspace of these tests lies apart from the others (0.1° squares, one every 0.2° of longitude).
  let airspaces = 0;
  async function airspace(fields: Partial<Prisma.AirspaceCreateInput>) {
    const lon = 3 + 0.2 * airspaces++;
    const bounds = { minLon: lon, maxLon: lon + 0.1, minLat: 45, maxLat: 45.1 };
    const space = await createAirspace(t.db.prisma, [], { geometry: areaSquare(lon, 45, 0.1), ...bounds, ...fields });
    return { space, inside: areaSquare(lon + 0.04, 45.04, 0.01) };
  }

  /** A validated mission filed to its own airspace and answered `fields.status`. */
  async function filedMission(settings: Partial<Prisma.AirspaceCreateInput>, fields: Partial<Prisma.RequestUncheckedCreateInput>) {
    const { space, inside } = await airspace(settings);
    const filed = await createFiledRequest(t.db.prisma, { airspaceId: space.id, operatorId: operator.user.id }, fields);
    await t.db.prisma.mission.update({ where: { id: filed.missionId }, data: { areas: inside } });
    return filed;
  }

  const flightsOf = (missionId: string) => t.db.prisma.flight.findMany({ where: { missionId }, orderBy: { takeoffAt: 'asc' } });
  const statusOf = async (missionId: string) => (await t.db.prisma.mission.findUniqueOrThrow({ where: { id: missionId } })).status;

  it('opens one flight at take-off; a repeated take-off answers 2xx and only refreshes its last ping; landing closes it', async () => {
    const id = await mission();

    const first = await takeOff(operator.auth, id);
    t.clock.advance(15_000);
    const again = await takeOff(operator.auth, id);

    expect([first.status, first.body.status, again.status, again.body.status]).toEqual([200, 'onGoing', 200, 'onGoing']);
    expect(await flightsOf(id)).toEqual([
      expect.objectContaining({
        takenOffBy: operator.user.id,
        takeoffAt: IN_SLOT,
        lastPingAt: new Date(IN_SLOT.getTime() + 15_000),
        landedAt: null,
      }),
    ]);
    t.clock.advance(10 * MINUTE);
    const landed = await land(operator.auth, id);

    expect([landed.status, landed.body.status]).toEqual([200, 'validated']);
    const landedAt = new Date(IN_SLOT.getTime() + 15_000 + 10 * MINUTE);
    expect(await flightsOf(id)).toEqual([expect.objectContaining({ takeoffAt: IN_SLOT, landedAt })]);
    expect((await t.db.prisma.missionHistory.findMany({ where: { missionId: id }, orderBy: { at: 'asc' } })).map((h) => h.action)).toEqual([
      'takeOff',
      'land',
    ]);
    expectError(await land(operator.auth, id), 409, 'LANDING_NOT_FLYING');
  });

  it('a second take-off after landing opens a second flight', async () => {
    const id = await mission();
    await takeOff(operator.auth, id);
    t.clock.advance(MINUTE);
    await land(operator.auth, id);
    t.clock.advance(MINUTE);
    await takeOff(operator.auth, id);

    expect((await flightsOf(id)).map((flight) => flight.landedAt === null)).toEqual([false, true]);
  });

  it('the mission actions takeOff and land go through the same flights', async () => {
    const id = await mission();

    const flying = await act(t, operator.auth, id, 'takeOff');
    expect([flying.status, flying.body.status, (await flightsOf(id)).length]).toEqual([200, 'onGoing', 1]);
    const landed = await act(t, operator.auth, id, 'land');
    expect([landed.body.status, (await flightsOf(id))[0]!.landedAt]).toEqual(['validated', IN_SLOT]);
  });

  it('requesting the end of a flying mission archives it and lands its open flight then', async () => {
    const id = await mission();
    await takeOff(operator.auth, id);
    t.clock.advance(7 * MINUTE);

    const ended = await act(t, operator.auth, id, 'requestEnd');

    expect([ended.status, ended.body.status]).toEqual([200, 'archived']);
    expect(await flightsOf(id)).toEqual([
      expect.objectContaining({ takeoffAt: IN_SLOT, landedAt: new Date(IN_SLOT.getTime() + 7 * MINUTE) }),
    ]);
  });

  it('a pilot of the mission takes off with the supervised account of its pilot record', async () => {
    const pilotAccount = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST', 'PREFLIGHT_EDIT', 'SUPERVISION_PILOT'], {
      parent: { connect: { id: operator.user.id } },
    });
    const extra = await t.db.prisma.pilot.create({
      data: {
        userId: operator.user.id,
        firstName: 'Ada',
        lastName: 'Extra',
        email: 'ada@example.test',
        supervisedUserId: pilotAccount.user.id,
      },
    });
    const id = await mission('validated', { referentPilotId: operator.pilot.id });
    await t.db.prisma.mission.update({ where: { id }, data: { additionalPilots: { connect: { id: extra.id } } } });

    const response = await takeOff(pilotAccount.auth, id);

    expect(response.status).toBe(200);
    expect((await flightsOf(id)).map((flight) => flight.takenOffBy)).toEqual([pilotAccount.user.id]);
    expect((await land(pilotAccount.auth, id)).body.status).toBe('validated');
  });

  it('refuses someone who is neither the operator nor a pilot of the mission, and changes nothing', async () => {
    const stranger = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST', 'PREFLIGHT_EDIT', 'PREFLIGHT_EDIT_ADMIN']);
    const id = await mission();

    expectError(await takeOff(stranger.auth, id), 403, 'TAKEOFF_NOT_A_PILOT');
    expect([await statusOf(id), (await flightsOf(id)).length]).toEqual(['validated', 0]);
    await takeOff(operator.auth, id);
    expectError(await land(stranger.auth, id), 403, 'TAKEOFF_NOT_A_PILOT');
    expect(await statusOf(id)).toBe('onGoing');
  });

  it.each(['complete', 'toBeValidated', 'archived', 'canceled'] as const)(
    'refuses a mission in %s with 409 TAKEOFF_MISSION_NOT_VALIDATED',
    async (status) => {
      const id = await mission(status);

      expectError(await takeOff(operator.auth, id), 409, 'TAKEOFF_MISSION_NOT_VALIDATED');
      expect([await statusOf(id), (await flightsOf(id)).length]).toEqual([status, 0]);
    },
  );

  it('an unknown mission answers 404', async () => {
    expectError(await takeOff(operator.auth, '00000000-0000-4000-8000-00000000abcd'), 404, 'NOT_FOUND');
  });

  describe('in an airspace that asks for a permission request', () => {
    it('refuses a mission whose request is not accepted (or was never filed)', async () => {
      const filed = await filedMission({}, { status: 'submitted' });
      const unfiled = await mission('validated', { areas: (await airspace({})).inside });

      expectError(await takeOff(operator.auth, filed.missionId), 409, 'TAKEOFF_REQUEST_NOT_ACCEPTED');
      expectError(await takeOff(operator.auth, unfiled), 409, 'TAKEOFF_REQUEST_NOT_ACCEPTED');
      expect(await statusOf(filed.missionId)).toBe('validated');
    });

    it('takes off within the accepted time slot only', async () => {
      const filed = await filedMission({}, { status: 'accepted' });

      t.clock.set('2026-07-01T07:59:00Z');
      expectError(await takeOff(operator.auth, filed.missionId), 409, 'TAKEOFF_OUTSIDE_SLOT');
      t.clock.set('2026-07-01T10:01:00Z');
      expectError(await takeOff(operator.auth, filed.missionId), 409, 'TAKEOFF_OUTSIDE_SLOT');
      t.clock.set('2026-07-01T09:59:00Z');
      expect((await takeOff(operator.auth, filed.missionId)).body.status).toBe('onGoing');
    });

    it('a timeSlot restriction narrows the slot to what was granted', async () => {
      const filed = await filedMission(
        {},
        {
          status: 'acceptedWithRestrictions',
          restrictions: [{ kind: 'timeSlot', startAt: '2026-07-01T09:00:00.000Z', endAt: '2026-07-01T09:30:00.000Z' }],
        },
      );

      expectError(await takeOff(operator.auth, filed.missionId), 409, 'TAKEOFF_OUTSIDE_SLOT');
      t.clock.set('2026-07-01T09:10:00Z');
      expect((await takeOff(operator.auth, filed.missionId)).body.status).toBe('onGoing');
    });

    it('needs an accepted activation covering now when the airspace takes activations', async () => {
      const filed = await filedMission({ activationTrigger: 'always' }, { status: 'accepted', impactLevel: 'low' });
      const slot = { requestId: filed.id, startAt: new Date('2026-07-01T08:15:00Z'), endAt: new Date('2026-07-01T08:45:00Z') };
      await t.db.prisma.activation.create({ data: { ...slot, status: 'submitted' } });

      expectError(await takeOff(operator.auth, filed.missionId), 409, 'TAKEOFF_NO_ACTIVATION');
      await t.db.prisma.activation.create({ data: { ...slot, status: 'accepted' } });
      t.clock.set('2026-07-01T08:50:00Z');
      expectError(await takeOff(operator.auth, filed.missionId), 409, 'TAKEOFF_NO_ACTIVATION');
      t.clock.set('2026-07-01T08:20:00Z');
      expect((await takeOff(operator.auth, filed.missionId)).body.status).toBe('onGoing');
    });
  });
});
