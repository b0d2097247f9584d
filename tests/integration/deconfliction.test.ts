import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { booleanWithin } from '@turf/turf';
import type { RequestConflict } from '../../src/shared/contracts/requests';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { completeMission, postMission, square } from './missions-support';
import { CLOCK_START, expectError } from './support';
import { INSIDE, decide, file, managedAirspace, operatorWithMission } from './requests-support';

/** Overlaps INSIDE (2.15–2.155 E, 48.7–48.705 N) on its north-east quarter. */
const NORTH_EAST = square(2.1525, 48.7025, 0.005);
/** In the same airspace, 2 km west of INSIDE. */
const ELSEWHERE = square(2.12, 48.7, 0.005);

describe('strategic deconfliction (4D) of permission requests', () => {
  let t: TestApp;
  let space: Awaited<ReturnType<typeof managedAirspace>>;
  beforeAll(async () => {
    t = await createTestApp();
    space = await managedAirspace(t);
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  async function filed(change: Record<string, unknown>, accept = true) {
    const { operator, missionId } = await operatorWithMission(t, change);
    const response = await file(t, operator.auth, { missionId, airspaceId: space.airspace.id });
    if (response.status !== 201) throw new Error(JSON.stringify(response.body));
    const id = response.body.id as string;
    if (accept) expect((await decide(t, space.manager.auth, id, 'accept')).status).toBe(200);
    return { operator, missionId, id, referenceNumber: response.body.referenceNumber as string };
  }

  async function conflicts(auth: Record<string, string>, id: string): Promise<RequestConflict[]> {
    const response = await request(t.app).get(`/api/procedures/${id}`).set(auth);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.conflicts;
  }

  it('two accepted missions overlapping in area, height and time are listed as conflicting on both sides', async () => {
    const first = await filed({ title: 'Roof survey', areas: INSIDE, maxHeightM: 50 });
    const second = await filed({
      title: 'Mast inspection',
      areas: NORTH_EAST,
      minHeightM: 20,
      maxHeightM: 90,
      startAt: '2026-07-01T09:00:00.000Z',
      endAt: '2026-07-01T11:00:00.000Z',
    });

    const ofFirst = await conflicts(space.manager.auth, first.id);
    const ofSecond = await conflicts(space.manager.auth, second.id);
    const toOperator = await conflicts(first.operator.auth, first.id);

    expect(ofFirst).toEqual([
      expect.objectContaining({
        requestId: second.id,
        referenceNumber: second.referenceNumber,
        missionTitle: 'Mast inspection',
        status: 'accepted',
        overlap: expect.objectContaining({
          minHeightM: 20,
          maxHeightM: 50,
          startAt: '2026-07-01T09:00:00.000Z',
          endAt: '2026-07-01T10:00:00.000Z',
        }),
      }),
    ]);
    const shared = ofFirst[0]!.overlap.areas;
    expect(
      booleanWithin(
        shared.coordinates.length === 1 ? { type: 'Polygon', coordinates: shared.coordinates[0]! } : shared,
        square(2.15, 48.7, 0.0051),
      ),
    ).toBe(true);
    expect(ofSecond).toEqual([
      expect.objectContaining({ requestId: first.id, referenceNumber: first.referenceNumber, missionTitle: 'Roof survey' }),
    ]);
    expect(toOperator).toEqual([
      expect.objectContaining({ requestId: second.id, referenceNumber: second.referenceNumber, missionTitle: null }),
    ]);
  });

  it('two missions overlapping in area and time but not in height are not listed, nor those apart in time or place', async () => {
    const low = await filed({ areas: INSIDE, maxHeightM: 40, startAt: '2026-08-01T08:00:00.000Z', endAt: '2026-08-01T10:00:00.000Z' });
    const high = await filed(
      { areas: NORTH_EAST, minHeightM: 60, maxHeightM: 110, startAt: '2026-08-01T08:30:00.000Z', endAt: '2026-08-01T09:30:00.000Z' },
      false,
    );
    const later = await filed({ areas: INSIDE, maxHeightM: 40, startAt: '2026-08-01T10:00:00.000Z', endAt: '2026-08-01T12:00:00.000Z' });
    const apart = await filed({ areas: ELSEWHERE, maxHeightM: 40, startAt: '2026-08-01T08:00:00.000Z', endAt: '2026-08-01T10:00:00.000Z' });

    expect(await conflicts(space.manager.auth, low.id)).toEqual([]);
    expect(await conflicts(space.manager.auth, high.id)).toEqual([]);
    expect(await conflicts(space.manager.auth, later.id)).toEqual([]);
    expect(await conflicts(space.manager.auth, apart.id)).toEqual([]);
  });

  it('a pending request is listed, and the granted volume counts: a lowered ceiling takes a mission out of the band', async () => {
    const window = { startAt: '2026-09-01T08:00:00.000Z', endAt: '2026-09-01T10:00:00.000Z' };
    const pending = await filed({ areas: INSIDE, minHeightM: 45, maxHeightM: 80, ...window }, false);
    const lowered = await filed({ areas: NORTH_EAST, maxHeightM: 100, ...window }, false);

    expect((await conflicts(space.manager.auth, pending.id)).map((conflict) => conflict.status)).toEqual(['submitted']);
    const decision = await decide(t, space.manager.auth, lowered.id, 'acceptWithRestrictions', {
      restrictions: [{ kind: 'maxHeight', maxHeightM: 40 }],
    });

    expect(decision.status).toBe(200);
    expect(decision.body.conflicts).toEqual([]);
    expect(await conflicts(space.manager.auth, pending.id)).toEqual([]);
  });

  it("the map's Deconfliction layer draws the volumes active at the map's time in its view: titles to managers and their own operator", async () => {
    const roof = await filed({
      title: 'Layer roof',
      areas: INSIDE,
      startAt: '2026-07-03T08:00:00.000Z',
      endAt: '2026-07-03T10:00:00.000Z',
    });
    const mast = await filed(
      { title: 'Layer mast', areas: NORTH_EAST, startAt: '2026-07-03T09:00:00.000Z', endAt: '2026-07-03T11:00:00.000Z' },
      false,
    );
    const view = '2.1,48.68,2.17,48.75';
    const volumes = async (auth: Record<string, string>, query: Record<string, string>) => {
      const response = await request(t.app).get('/api/deconfliction/volumes').query(query).set(auth);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.volumes as { requestId: string; missionTitle: string | null; status: string }[];
    };

    const both = await volumes(space.manager.auth, { bbox: view, at: '2026-07-03T09:30:00.000Z' });
    expect(both).toEqual([
      expect.objectContaining({ requestId: roof.id, missionTitle: 'Layer roof', status: 'accepted', minHeightM: 0, maxHeightM: 50 }),
      expect.objectContaining({
        requestId: mast.id,
        missionTitle: 'Layer mast',
        status: 'submitted',
        startAt: '2026-07-03T09:00:00.000Z',
        endAt: '2026-07-03T11:00:00.000Z',
      }),
    ]);
    expect((await volumes(space.manager.auth, { bbox: view, at: '2026-07-03T08:30:00.000Z' })).map((v) => v.requestId)).toEqual([roof.id]);
    expect((await volumes(space.manager.auth, { bbox: view, at: '2026-07-03T10:00:00.000Z' })).map((v) => v.requestId)).toEqual([mast.id]);
    const others = await volumes(space.manager.auth, { bbox: view, at: '2026-07-03T09:30:00.000Z', missionId: roof.missionId });
    expect(others.map((v) => v.requestId)).toEqual([mast.id]);
    expect(await volumes(space.manager.auth, { bbox: '2.3,48.68,2.4,48.75', at: '2026-07-03T09:30:00.000Z' })).toEqual([]);

    // The roof's operator reads both volumes, the title of his own only; another airspace's manager reads none.
    const ofOperator = await volumes(roof.operator.auth, { bbox: view, at: '2026-07-03T09:30:00.000Z' });
    expect(ofOperator.map((v) => [v.requestId, v.missionTitle])).toEqual([
      [roof.id, 'Layer roof'],
      [mast.id, null],
    ]);
    const other = await managedAirspace(t);
    expect(await volumes(other.manager.auth, { bbox: view, at: '2026-07-03T09:30:00.000Z' })).toEqual([]);

    const bad = (query: Record<string, string>) => request(t.app).get('/api/deconfliction/volumes').query(query).set(space.manager.auth);
    expectError(await bad({ bbox: '0,40,5,45', at: '2026-07-03T09:30:00.000Z' }), 422, 'VALIDATION_FAILED');
    expectError(await bad({ bbox: view }), 422, 'VALIDATION_FAILED');
    expectError(await bad({ bbox: view, at: 'tomorrow' }), 422, 'VALIDATION_FAILED');
    expectError(
      await request(t.app).get('/api/deconfliction/volumes').query({ bbox: view, at: '2026-07-03T09:30:00.000Z' }),
      401,
      'UNAUTHENTICATED',
    );
    const stranger = await signedInUser(t.app, t.db.prisma, ['ALERT_LIST_ADMIN']);
    expectError(
      await request(t.app).get('/api/deconfliction/volumes').query({ bbox: view, at: '2026-07-03T09:30:00.000Z' }).set(stranger.auth),
      403,
      'NOT_ALLOWED',
    );
  });

  it('a lowest height above the maximum is refused with its field named', async () => {
    const { operator } = await operatorWithMission(t);

    const response = await postMission(t, operator.auth, completeMission(operator, { areas: INSIDE, minHeightM: 60, maxHeightM: 50 }));

    expectError(response, 422, 'VALIDATION_FAILED');
    expect(response.body.fields).toEqual({ minHeightM: ['validation:minAboveMax'] });
  });
});
