import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema } from '../../src/shared/contracts/dashboard';
import { createAlert, createViolation } from '../factories/records';
import { login } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { square } from './missions-support';
import { HOUR, MINUTE } from './support';
import { decide, file, managedAirspace, operatorWithMission } from './requests-support';

const FILED_AT = new Date('2026-06-20T08:00:00Z');
/** The missions of operatorWithMission fly on 2026-07-01 from 08:00 to 10:00 UTC. */
const FLIGHT_DAY = new Date('2026-07-01T09:00:00Z');

/** A bearer header signed at the clock's time: the test moves the clock by hours, past a token's life. */
const bearer = async (t: TestApp, email: string) => ({ Authorization: `Bearer ${(await login(t.app, email)).token}` });

describe("GET /api/dashboard for an airspace manager: his day's figures", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('counts the requests to decide with their deadlines, the accepted flights of today, the flights in the air, the open violations and the median decision time', async () => {
    t.clock.set(FILED_AT);
    const mine = await managedAirspace(t, { autoRejectDelayHours: 24 * 30 });
    // Another manager's airspace, east of his.
    const theirs = await managedAirspace(t, {
      autoRejectDelayHours: 24 * 30,
      geometry: square(2.3, 48.68, 0.07),
      minLon: 2.3,
      maxLon: 2.37,
      minLat: 48.68,
      maxLat: 48.75,
    });
    const filed = async (airspaceId: string, after: number) => {
      t.clock.set(new Date(FILED_AT.getTime() + after));
      const { operator, missionId } = await operatorWithMission(
        t,
        airspaceId === theirs.airspace.id ? { areas: square(2.33, 48.7, 0.005) } : {},
      );
      const response = await file(t, await bearer(t, operator.user.email), { missionId, airspaceId });
      if (response.status !== 201) throw new Error(JSON.stringify(response.body));
      return { operator, missionId, id: response.body.id as string, referenceNumber: response.body.referenceNumber as string };
    };
    const decidedAfter = async (id: string, submitted: number, minutes: number, action: string, body: object = {}) => {
      t.clock.set(new Date(FILED_AT.getTime() + submitted + minutes * MINUTE));
      const response = await decide(t, await bearer(t, mine.manager.user.email), id, action, body);
      if (response.status !== 200) throw new Error(JSON.stringify(response.body));
    };

    // Decided by the manager after 30, 60 and 180 minutes: a median of 60.
    const flying = await filed(mine.airspace.id, 0);
    await decidedAfter(flying.id, 0, 60, 'accept');
    const quick = await filed(mine.airspace.id, HOUR);
    await decidedAfter(quick.id, HOUR, 30, 'accept');
    const refused = await filed(mine.airspace.id, 2 * HOUR);
    await decidedAfter(refused.id, 2 * HOUR, 180, 'reject', { reason: 'Crane works' });
    // Decided more than 30 days before the flight day: out of the median.
    const old = await filed(mine.airspace.id, 3 * HOUR);
    await decidedAfter(old.id, 3 * HOUR, 5, 'accept');
    await t.db.prisma.request.update({
      where: { id: old.id },
      data: { submittedAt: new Date('2026-05-01T08:00:00Z'), decidedAt: new Date('2026-05-01T20:00:00Z') },
    });
    await t.db.prisma.mission.update({
      where: { id: old.missionId },
      data: { startAt: new Date('2026-05-02T08:00:00Z'), endAt: new Date('2026-05-02T10:00:00Z') },
    });
    // To decide: the later deadline second.
    const later = await filed(mine.airspace.id, 5 * HOUR);
    const sooner = await filed(mine.airspace.id, 4 * HOUR);
    await t.db.prisma.request.update({ where: { id: later.id }, data: { autoRejectAt: new Date('2026-06-30T12:00:00Z') } });
    await t.db.prisma.request.update({ where: { id: sooner.id }, data: { autoRejectAt: new Date('2026-06-30T08:00:00Z') } });
    // Another manager's airspace: none of his figures.
    const stranger = await filed(theirs.airspace.id, 6 * HOUR);
    t.clock.set(new Date(FILED_AT.getTime() + 6 * HOUR + MINUTE));
    expect((await decide(t, await bearer(t, theirs.manager.user.email), stranger.id, 'accept')).status).toBe(200);

    t.clock.set(FLIGHT_DAY);
    for (const mission of [flying, stranger]) {
      await t.db.prisma.mission.update({ where: { id: mission.missionId }, data: { status: 'validated' } });
      const takeOff = await request(t.app)
        .post('/api/preflights/takeoff')
        .set(await bearer(t, mission.operator.user.email))
        .send({ preFlightId: mission.missionId });
      expect(takeOff.status, JSON.stringify(takeOff.body)).toBeLessThan(300);
    }
    const alert = await createAlert(t.db.prisma, { type: 'missionCompliance' });
    const open = { startedAt: new Date(FLIGHT_DAY.getTime() - MINUTE), endedAt: null };
    await createViolation(t.db.prisma, alert.id, { ...open, missionId: flying.missionId });
    await createViolation(t.db.prisma, alert.id, { startedAt: new Date(FLIGHT_DAY.getTime() - HOUR), missionId: flying.missionId });
    await createViolation(t.db.prisma, alert.id, { ...open, missionId: stranger.missionId });
    await createViolation(t.db.prisma, alert.id, open);

    const response = await request(t.app)
      .get('/api/dashboard')
      .set(await bearer(t, mine.manager.user.email));

    expect(response.status).toBe(200);
    const dashboard = dashboardSchema.parse(response.body);
    expect(dashboard.scope).toBe('manager');
    expect(dashboard.manager).toEqual({
      toDecide: {
        total: 2,
        items: [
          expect.objectContaining({ id: sooner.id, referenceNumber: sooner.referenceNumber, autoRejectAt: '2026-06-30T08:00:00.000Z' }),
          expect.objectContaining({ id: later.id, referenceNumber: later.referenceNumber, autoRejectAt: '2026-06-30T12:00:00.000Z' }),
        ],
      },
      acceptedToday: 2,
      airborneNow: 1,
      openViolations: 1,
      medianDecisionMinutes: 60,
      decisions: 3,
    });
    expect(dashboard.detections.days.at(-1)).toEqual({ day: '2026-07-01', count: 2 });

    const other = dashboardSchema.parse(
      (
        await request(t.app)
          .get('/api/dashboard')
          .set(await bearer(t, theirs.manager.user.email))
      ).body,
    );
    expect(other.manager).toMatchObject({ toDecide: { total: 0, items: [] }, acceptedToday: 1, airborneNow: 1, openViolations: 1 });
  });

  it('gives an operator no manager figures', async () => {
    t.clock.set(FILED_AT);
    const { operator } = await operatorWithMission(t);

    const response = await request(t.app).get('/api/dashboard').set(operator.auth);

    expect(dashboardSchema.parse(response.body)).toMatchObject({ scope: 'operator', manager: null });
  });
});
