import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Prisma } from '../../server/generated/prisma/client';
import { postFlightSchema } from '../../src/shared/contracts/post-flights';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { areaSquare } from './automation-support';
import { missionOperator } from './missions-support';
import { CLOCK_START, MINUTE, expectError } from './support';

const DIARIST = ['PREFLIGHT_LIST', 'PREFLIGHT_EDIT', 'JOURNEY_LIST', 'JOURNEY_EDIT'] as const;

describe('post-flight diaries', () => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof missionOperator>>;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await missionOperator(t, [...DIARIST]);
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  async function mission(status: Prisma.MissionCreateInput['status'] = 'validated', owner = operator) {
    const created = await t.db.prisma.mission.create({
      data: { userId: owner.user.id, title: 'Roof survey', status, areas: areaSquare(2.35, 48.74, 0.005), startAt: CLOCK_START },
    });
    return created.id;
  }

  const get = (id: string, auth = operator.auth) => request(t.app).get(`/api/postflights/${id}`).set(auth);
  const put = (id: string, body: object, auth = operator.auth) => request(t.app).put(`/api/postflights/${id}`).set(auth).send(body);
  const note = (id: string, text: string, auth = operator.auth) =>
    request(t.app).post(`/api/postflights/${id}/notes`).set(auth).send({ text });

  it('proposes the flight time from the take-offs and landings and from the tracks before anything is written', async () => {
    const id = await mission();
    await t.db.prisma.flight.createMany({
      data: [
        {
          missionId: id,
          takenOffBy: operator.user.id,
          takeoffAt: CLOCK_START,
          lastPingAt: CLOCK_START,
          landedAt: new Date(CLOCK_START.getTime() + 12 * MINUTE),
        },
        {
          missionId: id,
          takenOffBy: operator.user.id,
          takeoffAt: new Date(CLOCK_START.getTime() + 30 * MINUTE),
          lastPingAt: CLOCK_START,
          landedAt: new Date(CLOCK_START.getTime() + 48 * MINUTE),
        },
      ],
    });
    const position = { source: 'mo' as const, ident: 'RR', type: 'user' as const, lat: 48.74, lon: 2.35, missionId: id };
    await t.db.prisma.track.createMany({
      data: [
        { ...position, time: new Date(CLOCK_START.getTime() + MINUTE) },
        { ...position, time: new Date(CLOCK_START.getTime() + 46 * MINUTE) },
      ],
    });

    const response = await get(id);

    expect(response.status).toBe(200);
    const diary = postFlightSchema.parse(response.body);
    expect(diary).toMatchObject({ flightTimeMin: null, activity: null, proposedFlightTimeMin: { fromFlights: 30, fromTracks: 45 } });
    expect(diary.flights).toHaveLength(2);
  });

  it('saves the flight time and the activity "other" with its specify text, and keeps who changed what', async () => {
    const id = await mission();

    const first = await put(id, { flightTimeMin: 25, activity: 'other', activityOther: 'Solar panel inspection' });
    t.clock.set(new Date(CLOCK_START.getTime() + 5 * MINUTE));
    const second = await put(id, { flightTimeMin: 27, activity: 'other', activityOther: 'Solar panel inspection' });

    expect(first.status).toBe(200);
    expect(second.body).toMatchObject({ flightTimeMin: 27, activity: 'other', activityOther: 'Solar panel inspection' });
    expect(second.body.history).toEqual([
      expect.objectContaining({ at: '2026-06-15T08:05:00.000Z', changes: [{ field: 'flightTimeMin', from: 25, to: 27 }] }),
      expect.objectContaining({
        at: '2026-06-15T08:00:00.000Z',
        changes: [
          { field: 'flightTimeMin', from: null, to: 25 },
          { field: 'activity', from: null, to: 'other' },
          { field: 'activityOther', from: null, to: 'Solar panel inspection' },
        ],
      }),
    ]);
    expect(second.body.history[0].actorName).toBe(`${operator.user.firstName} ${operator.user.lastName}`);
  });

  it('does not keep a save that changes nothing, and drops the specify text when the activity is not "other"', async () => {
    const id = await mission();
    await put(id, { flightTimeMin: 10, activity: 'other', activityOther: 'Mapping' });
    t.clock.set(new Date(CLOCK_START.getTime() + MINUTE));

    const same = await put(id, { flightTimeMin: 10, activity: 'other', activityOther: 'Mapping' });
    const changed = await put(id, { flightTimeMin: 10, activity: 'top', activityOther: 'Mapping' });

    expect(same.body.history).toHaveLength(1);
    expect(changed.body).toMatchObject({ activity: 'top', activityOther: null });
    expect(changed.body.history[0].changes).toEqual([
      { field: 'activity', from: 'other', to: 'top' },
      { field: 'activityOther', from: 'Mapping', to: null },
    ]);
  });

  it('answers 422 naming activityOther when "other" comes without it, and changes nothing', async () => {
    const id = await mission();

    const response = await put(id, { flightTimeMin: 10, activity: 'other', activityOther: null });

    expectError(response, 422, 'VALIDATION_FAILED');
    expect(response.body.fields.activityOther).toEqual(['validation:required']);
    expect(await t.db.prisma.postFlight.count({ where: { missionId: id } })).toBe(0);
  });

  it('refuses an unknown activity, a negative flight time and an unknown field', async () => {
    const id = await mission();
    for (const body of [
      { flightTimeMin: 10, activity: 'fishing', activityOther: null },
      { flightTimeMin: -1, activity: 'top', activityOther: null },
      { flightTimeMin: 10, activity: 'top', activityOther: null, pilot: 'me' },
    ])
      expectError(await put(id, body), 422, 'VALIDATION_FAILED');
  });

  it('signs a note with its author and time, and records it in the history', async () => {
    const id = await mission();

    const response = await note(id, 'Wind picked up at the end; landed early.');

    expect(response.status).toBe(201);
    expect(response.body.notes).toEqual([
      expect.objectContaining({ text: 'Wind picked up at the end; landed early.', createdAt: '2026-06-15T08:00:00.000Z' }),
    ]);
    expect(response.body.history[0].changes).toEqual([{ field: 'note', from: null, to: 'Wind picked up at the end; landed early.' }]);
  });

  it('answers 409 POST_FLIGHT_NOT_FLOWN for a mission still in preparation', async () => {
    const id = await mission('complete');

    expectError(await put(id, { flightTimeMin: 5, activity: 'top', activityOther: null }), 409, 'POST_FLIGHT_NOT_FLOWN');
    expectError(await note(id, 'Too early'), 409, 'POST_FLIGHT_NOT_FLOWN');
  });

  describe('rights', () => {
    it("never lets an operator read or write another operator's diary: 404 as for a missing mission", async () => {
      const id = await mission();
      await put(id, { flightTimeMin: 10, activity: 'top', activityOther: null });
      const other = await missionOperator(t, [...DIARIST]);

      expectError(await get(id, other.auth), 404, 'NOT_FOUND');
      expectError(await put(id, { flightTimeMin: 99, activity: 'log', activityOther: null }, other.auth), 404, 'NOT_FOUND');
      expectError(await note(id, 'mine now', other.auth), 404, 'NOT_FOUND');
      expect((await get(id)).body.flightTimeMin).toBe(10);
    });

    it('reads every diary with JOURNEY_LIST_ADMIN and writes with JOURNEY_EDIT_ADMIN only', async () => {
      const id = await mission();
      const reader = await signedInUser(t.app, t.db.prisma, ['JOURNEY_LIST_ADMIN']);
      const editor = await signedInUser(t.app, t.db.prisma, ['JOURNEY_LIST_ADMIN', 'JOURNEY_EDIT_ADMIN']);

      expect((await get(id, reader.auth)).status).toBe(200);
      expectError(await put(id, { flightTimeMin: 3, activity: 'top', activityOther: null }, reader.auth), 403, 'NOT_ALLOWED');
      expect((await put(id, { flightTimeMin: 3, activity: 'top', activityOther: null }, editor.auth)).status).toBe(200);
    });

    it('answers 403 without JOURNEY_LIST and 401 without a session', async () => {
      const id = await mission();
      const planner = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST', 'PREFLIGHT_EDIT']);

      expectError(await get(id, planner.auth), 403, 'NOT_ALLOWED');
      expectError(await request(t.app).get(`/api/postflights/${id}`), 401, 'UNAUTHENTICATED');
    });
  });
});
