import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Prisma } from '../../server/generated/prisma/client';
import { createPilot } from '../factories/registry';
import { createTestApp, type TestApp } from '../setup/test-app';
import { areaSquare, createAirspace, createFiledRequest } from './automation-support';
import { act, missionOperator } from './missions-support';
import { expectError } from './support';

// The filed missions fly 1 July 2026 08:00–10:00 UTC.
const IN_SLOT = new Date('2026-07-01T08:30:00Z');

describe('the take-off go/no-go check', () => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof missionOperator>>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(IN_SLOT);
    operator = await missionOperator(t);
    admin = (await missionOperator(t, ['ALERT_EDIT_ADMIN', 'ALERT_LIST_ADMIN'])).auth;
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(IN_SLOT));

  const check = (auth: Record<string, string>, id: string) => request(t.app).get(`/api/preflights/${id}/takeoff-check`).set(auth);
  const takeOff = (auth: Record<string, string>, preFlightId: string, reason?: string) =>
    request(t.app).post('/api/preflights/takeoff').set(auth).send({ preFlightId, reason });
  const statusOf = async (id: string) => (await t.db.prisma.mission.findUniqueOrThrow({ where: { id } })).status;

  /** A validated mission of the operator in the Indre, away from any airspace and aerodrome forecast. */
  let missions = 0;
  async function mission(fields: Partial<Prisma.MissionUncheckedCreateInput> = {}) {
    const created = await t.db.prisma.mission.create({
      data: {
        userId: operator.user.id,
        title: 'Field survey',
        status: 'validated',
        referentPilotId: operator.pilot.id,
        mainMachineId: operator.machine.id,
        areas: areaSquare(1.5 + 0.01 * missions++, 46.5, 0.002),
        startAt: new Date('2026-07-01T08:00:00Z'),
        endAt: new Date('2026-07-01T10:00:00Z'),
        ...fields,
      },
    });
    return created.id;
  }

  it('shows every item and lets a mission with nothing against it take off', async () => {
    const id = await mission();

    const answer = await check(operator.auth, id);

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ at: IN_SLOT.toISOString(), blocked: false, needsReason: false });
    expect(
      answer.body.items.map((item: { item: string; level: string; code: string | null }) => [item.item, item.level, item.code]),
    ).toEqual([
      ['mission', 'ok', null],
      ['pilot', 'info', 'TAKEOFF_PILOT_NO_DOCUMENT'],
      ['machine', 'ok', null],
      ['weather', 'info', 'TAKEOFF_NO_WEATHER'],
      ['alerts', 'ok', null],
    ]);
    expect((await takeOff(operator.auth, id)).status).toBe(200);
    expect(await statusOf(id)).toBe('onGoing');
  });

  it('refuses the take-off of a pilot whose only document of a kind expired yesterday, with its code, and changes nothing', async () => {
    const pilot = await createPilot(t.db.prisma, operator.user.id, {
      firstName: 'Eve',
      lastName: 'Expired',
      documents: {
        create: [
          { skillType: 'openA2', reference: 'A2-OLD', validFrom: new Date('2021-01-01'), validUntil: new Date('2026-06-30') },
          { skillType: 'openA1A3', reference: 'A1A3', validFrom: new Date('2021-01-01'), validUntil: new Date('2030-12-31') },
        ],
      },
    });
    const id = await mission({ referentPilotId: pilot.id });

    const answer = await check(operator.auth, id);
    expect(answer.body.blocked).toBe(true);
    expect(answer.body.items).toContainEqual({
      item: 'pilot',
      level: 'blocking',
      code: 'TAKEOFF_PILOT_DOCUMENT_EXPIRED',
      params: { pilot: 'Eve Expired', skillType: 'openA2', validUntil: '2026-06-30' },
    });
    expectError(await takeOff(operator.auth, id), 409, 'TAKEOFF_PILOT_DOCUMENT_EXPIRED');
    expectError(await act(t, operator.auth, id, 'takeOff', { reason: 'I know' }), 409, 'TAKEOFF_PILOT_DOCUMENT_EXPIRED');
    expect(await statusOf(id)).toBe('validated');
    expect(await t.db.prisma.flight.count({ where: { missionId: id } })).toBe(0);

    // The document still valid on its last day lets him fly.
    t.clock.set(new Date('2026-06-30T21:00:00Z'));
    expect((await check(operator.auth, id)).body.blocked).toBe(false);
  });

  it('refuses a withdrawn machine', async () => {
    const id = await mission();
    await t.db.prisma.machine.update({ where: { id: operator.machine.id }, data: { deletedAt: IN_SLOT } });
    try {
      expectError(await takeOff(operator.auth, id), 409, 'TAKEOFF_MACHINE_WITHDRAWN');
    } finally {
      await t.db.prisma.machine.update({ where: { id: operator.machine.id }, data: { deletedAt: null } });
    }
  });

  it('refuses without a held activation where the airspace asks for one, with the airspace named', async () => {
    const space = await createAirspace(t.db.prisma, [], {
      geometry: areaSquare(3, 45, 0.1),
      minLon: 3,
      maxLon: 3.1,
      minLat: 45,
      maxLat: 45.1,
      activationTrigger: 'always',
    });
    const filed = await createFiledRequest(t.db.prisma, { airspaceId: space.id, operatorId: operator.user.id }, { status: 'accepted' });
    await t.db.prisma.mission.update({ where: { id: filed.missionId }, data: { areas: areaSquare(3.04, 45.04, 0.01) } });

    const answer = await check(operator.auth, filed.missionId);

    expect(answer.body.items).toContainEqual({
      item: 'authorisation',
      level: 'blocking',
      code: 'TAKEOFF_NO_ACTIVATION',
      params: { airspaceId: space.id, airspace: space.name },
    });
    expectError(await takeOff(operator.auth, filed.missionId), 409, 'TAKEOFF_NO_ACTIVATION');
  });

  it('asks a reason to take off past an alert touching the area, and writes it with the warning into the diary history', async () => {
    const id = await mission();
    const area = (await t.db.prisma.mission.findUniqueOrThrow({ where: { id } })).areas as { coordinates: number[][][][] };
    const alert = await request(t.app)
      .post('/api/alerts')
      .set(admin)
      .send({
        name: 'Crop spraying',
        type: 'doNotEnter',
        geometry: { type: 'MultiPolygon', coordinates: area.coordinates },
        geometrySources: ['drawn'],
      });
    expect(alert.status, JSON.stringify(alert.body)).toBe(201);
    try {
      const answer = await check(operator.auth, id);
      expect(answer.body).toMatchObject({ blocked: false, needsReason: true });
      expect(answer.body.items).toContainEqual({
        item: 'alerts',
        level: 'warning',
        code: 'TAKEOFF_ALERTS_TOUCHING',
        params: { count: 1, names: 'Crop spraying' },
      });

      expectError(await takeOff(operator.auth, id), 409, 'TAKEOFF_REASON_REQUIRED');
      expect(await statusOf(id)).toBe('validated');

      const flown = await takeOff(operator.auth, id, 'Spraying ended at 08:00, confirmed by the farmer');
      expect(flown.status).toBe(200);
      expect(await statusOf(id)).toBe('onGoing');
      const diary = await t.db.prisma.postFlight.findUniqueOrThrow({ where: { missionId: id }, include: { history: true } });
      expect(diary.history).toEqual([
        expect.objectContaining({
          actorId: operator.user.id,
          at: IN_SLOT,
          changes: [{ field: 'takeoffOverride', from: 'TAKEOFF_ALERTS_TOUCHING', to: 'Spraying ended at 08:00, confirmed by the farmer' }],
        }),
      ]);
      const history = await t.db.prisma.missionHistory.findFirstOrThrow({ where: { missionId: id, action: 'takeOff' } });
      expect(history.reason).toBe('Spraying ended at 08:00, confirmed by the farmer');
    } finally {
      await request(t.app).delete(`/api/alerts/${alert.body.id}`).set(admin);
    }
  });

  it('is for those who may fly the mission only', async () => {
    const id = await mission();
    const stranger = await missionOperator(t);
    expectError(await check(stranger.auth, id), 403, 'TAKEOFF_NOT_A_PILOT');
    expectError(await request(t.app).get('/api/preflights/not-a-uuid/takeoff-check').set(operator.auth), 422, 'VALIDATION_FAILED');
  });
});
