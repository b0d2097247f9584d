import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlightConformance } from '../../src/shared/contracts/conformance';
import type { LiveViolation } from '../../src/shared/contracts/traffic';
import { createTestApp, type TestApp } from '../setup/test-app';
import { areaSquare } from './automation-support';
import { missionOperator } from './missions-support';

// The mission flies 1 July 2026 08:00–10:00 UTC over a 0.005° square (about 370 × 555 m), 50 m high at most,
// with 20 m of contingency; no alert exists.
const IN_SLOT = new Date('2026-07-01T08:30:00Z');
const LON = 2.35;
const LAT = 48.74;

describe('flight conformance, with no alert drawn', () => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof missionOperator>>;
  const states: FlightConformance[] = [];
  const episodes: LiveViolation[] = [];

  beforeAll(async () => {
    // A local webhook receiver may be registered (its deliveries are only queued here: no sweep runs).
    t = await createTestApp({ WEBHOOKS_ALLOW_LOCAL: 'true' });
    t.clock.set(IN_SLOT);
    operator = await missionOperator(t);
    t.ctx.trafficBus.subscribe({
      positions: () => undefined,
      violation: (violation) => episodes.push(violation),
      conformance: (state) => states.push(state),
    });
  });
  afterAll(() => t.close());

  async function flyingMission() {
    const mission = await t.db.prisma.mission.create({
      data: {
        userId: operator.user.id,
        title: 'Hangar survey',
        status: 'validated',
        referentPilotId: operator.pilot.id,
        areas: areaSquare(LON, LAT, 0.005),
        maxHeightM: 50,
        safetyZones: { contingencyM: 20 },
        startAt: new Date('2026-07-01T08:00:00Z'),
        endAt: new Date('2026-07-01T10:00:00Z'),
      },
    });
    const takeoff = await request(t.app).post('/api/preflights/takeoff').set(operator.auth).send({ preFlightId: mission.id });
    expect(takeoff.status).toBe(200);
    return mission.id;
  }

  let second = 0;
  const post = (lat: number, alt: number | null, ident = 'OP') =>
    request(t.app)
      .post('/api/traffics/')
      .set(operator.auth)
      .send({
        ident,
        lat,
        lon: LON + 0.0025,
        alt,
        time: new Date(IN_SLOT.getTime() + ++second * 1000).toISOString(),
        type: 'user',
        source: 'mo',
      });

  it('answers the pilot warning then violation, opens one episode per rule broken, tells the operator once and lists it to him', async () => {
    const endpoint = await request(t.app)
      .post('/api/webhooks/endpoints')
      .set(operator.auth)
      .send({ url: 'http://127.0.0.1:9/aerogate', events: ['violation.started', 'violation.ended'] });
    expect(endpoint.status, endpoint.text).toBe(201);
    const missionId = await flyingMission();

    const inside = await post(LAT + 0.0025, 20);
    const nearEdge = await post(LAT + 0.005 + 0.0001, 45);
    const out = await post(LAT + 0.0065, 70);
    const further = await post(LAT + 0.008, 60);
    const back = await post(LAT + 0.0025, 30);

    expect([inside, nearEdge, out, further, back].map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    expect(inside.body.conformance).toMatchObject({ missionId, state: 'conforming', heightM: 20, maxHeightM: 50, toleranceM: 20 });
    expect(nearEdge.body.conformance).toMatchObject({ state: 'warning', warnings: ['area', 'height'], violations: [] });
    expect(out.body.conformance).toMatchObject({ state: 'violating', violations: ['area', 'height'] });
    expect(out.body.conformance.edgeDistanceM).toBeLessThan(0);
    expect(back.body.conformance).toMatchObject({ state: 'conforming', violations: [], warnings: [] });

    const rows = await t.db.prisma.violation.findMany({ where: { missionId }, orderBy: { rule: 'asc' } });
    expect(rows).toMatchObject([
      { rule: 'area', alertId: null, ident: expect.stringMatching(/^OP\./), source: 'mo', userId: operator.user.id, positionCount: 2 },
      { rule: 'height', alertId: null, positionCount: 2, worstValue: 20, endedAt: new Date(IN_SLOT.getTime() + 5_000) },
    ]);
    // 0.008° of latitude beyond the area's edge at 0.005°: 0.003° = 334 m, less the 20 m of contingency.
    expect(rows[0]!.worstValue).toBeCloseTo(314, -1);
    expect(await t.db.prisma.outboxMessage.count({ where: { recipient: operator.user.email, channel: 'email' } })).toBe(2);
    const mail = await t.db.prisma.outboxMessage.findFirst({ where: { recipient: operator.user.email, channel: 'email' } });
    expect(mail!.text).toContain(`/backoffice/violations?id=`);

    const listed = await request(t.app).get('/api/violations').query({ missionId }).set(operator.auth);
    expect(listed.body.items.map((v: { rule: string }) => v.rule).sort()).toEqual(['area', 'height']);
    expect(
      episodes.filter((episode) => episode.missionId === missionId).map((episode) => [episode.rule, episode.endedAt !== null]),
    ).toEqual([
      ['area', false],
      ['height', false],
      ['area', false],
      ['area', true],
      ['height', true],
    ]);
    expect(states.filter((state) => state.missionId === missionId).map((state) => state.state)).toEqual([
      'conforming',
      'warning',
      'violating',
      'violating',
      'conforming',
    ]);
    // The operator's software hears each episode start and end, as it hears the alerts' (docs/operations.md).
    const deliveries = await t.db.prisma.webhookDelivery.findMany({ where: { endpointId: endpoint.body.id } });
    expect(
      deliveries
        .map((delivery) => {
          const body = JSON.parse(delivery.payload) as { type: string; data: { rule: string; missionId: string } };
          return `${body.type} ${body.data.rule} ${body.data.missionId}`;
        })
        .sort(),
    ).toEqual([
      `violation.ended area ${missionId}`,
      `violation.ended height ${missionId}`,
      `violation.started area ${missionId}`,
      `violation.started height ${missionId}`,
    ]);
  });

  it("tells the live streams a flight's state when it changes and an episode when it worsens by a step, not at each position", async () => {
    await flyingMission();
    const [statesBefore, episodesBefore] = [states.length, episodes.length];

    // A traffic of its own (other initials), steady in the middle of the area (its nearest edge, east or west, does not
    // move), then a keyframe 30 s later.
    await post(LAT + 0.0025, 30, 'TS');
    await post(LAT + 0.00255, 30, 'TS');
    await post(LAT + 0.0026, 31, 'TS');
    second += 30;
    await post(LAT + 0.0026, 31, 'TS');
    expect(states.slice(statesBefore).map((state) => state.state)).toEqual(['conforming', 'conforming']);

    // Out by 147 m, 153 m (less than a step: a quarter), 258 m, then back in.
    const out = await post(LAT + 0.0065, 30, 'TS');
    await post(LAT + 0.00655, 30, 'TS');
    const further = await post(LAT + 0.0075, 30, 'TS');
    await post(LAT + 0.0025, 30, 'TS');

    expect(states.slice(statesBefore).map((state) => [state.state, Math.round(state.edgeDistanceM!)])).toEqual([
      ['conforming', expect.any(Number)],
      ['conforming', expect.any(Number)],
      ['violating', Math.round(out.body.conformance.edgeDistanceM)],
      ['violating', Math.round(further.body.conformance.edgeDistanceM)],
      ['conforming', expect.any(Number)],
    ]);
    const told = episodes.slice(episodesBefore).map((episode) => [episode.rule, Math.round(episode.worstValue!), episode.endedAt !== null]);
    expect(told).toEqual([
      ['area', Math.round(-out.body.conformance.edgeDistanceM), false],
      ['area', Math.round(-further.body.conformance.edgeDistanceM), false],
      ['area', Math.round(-further.body.conformance.edgeDistanceM), true],
    ]);
  });

  it('raises nothing for a flight inside its area and under its height, and says when a position has no height', async () => {
    const missionId = await flyingMission();

    const flown = [await post(LAT + 0.002, 30), await post(LAT + 0.003, null)];

    expect(flown.map((response) => response.body.conformance.state)).toEqual(['conforming', 'conforming']);
    expect(flown[1]!.body.conformance).toMatchObject({ heightM: null, maxHeightM: 50 });
    expect(await t.db.prisma.violation.count({ where: { missionId } })).toBe(0);
  });

  it('ends the episodes of a flight at its landing, in the list and on the live streams, without waiting for its silence', async () => {
    // Only this flight in the air: the operator's positions are its.
    for (const { id } of await t.db.prisma.mission.findMany({ where: { userId: operator.user.id, status: 'onGoing' } })) {
      const landed = await request(t.app).post('/api/preflights/landing').set(operator.auth).send({ preFlightId: id });
      expect(landed.status, landed.text).toBe(200);
    }
    const missionId = await flyingMission();
    const episodesBefore = episodes.length;
    await post(LAT + 0.0025, 30, 'LD');
    const out = await post(LAT + 0.0065, 70, 'LD');
    expect(out.body.conformance).toMatchObject({ missionId, state: 'violating', violations: ['area', 'height'] });
    const lastOut = new Date(IN_SLOT.getTime() + second * 1000);

    // The pilot lands out of his area and his phone posts nothing more. The clock stands still: no silence ends them.
    const landing = await request(t.app).post('/api/preflights/landing').set(operator.auth).send({ preFlightId: missionId });
    expect(landing.body.status).toBe('validated');

    await expect
      .poll(() => t.db.prisma.violation.findMany({ where: { missionId }, orderBy: { rule: 'asc' } }))
      .toMatchObject([
        { rule: 'area', endedAt: lastOut, lastAt: lastOut },
        { rule: 'height', endedAt: lastOut, lastAt: lastOut },
      ]);
    const listed = await request(t.app).get('/api/violations').query({ missionId }).set(operator.auth);
    expect(listed.body.items.map((v: { rule: string; endedAt: string | null }) => [v.rule, v.endedAt]).sort()).toEqual([
      ['area', lastOut.toISOString()],
      ['height', lastOut.toISOString()],
    ]);
    expect(episodes.slice(episodesBefore).map((episode) => [episode.rule, episode.endedAt])).toEqual([
      ['area', null],
      ['height', null],
      ['area', lastOut.toISOString()],
      ['height', lastOut.toISOString()],
    ]);
  });
});
