import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { extentKm, polygonAreasKm2 } from '../../server/modules/requests/requests.limits';
import { createTestApp, type TestApp } from '../setup/test-app';
import { missionAreaKm2, type MissionAreas } from '../../src/shared/contracts/missions';
import { login } from '../factories/users';
import { CLOCK_START, DAY, HOUR, MINUTE, bearer, expectError, outboxFor } from './support';
import { square } from './missions-support';
import { file, managedAirspace, operatorWithMission } from './requests-support';

const START = new Date('2026-07-01T08:00:00.000Z');
const polygonOf = (lon: number, lat: number, side: number) => square(lon, lat, side).coordinates[0] as MissionAreas['coordinates'][number];
const TWO_SQUARES: MissionAreas = { type: 'MultiPolygon', coordinates: [polygonOf(2.15, 48.7, 0.005), polygonOf(2.16, 48.71, 0.01)] };
const THREE_SQUARES = { ...TWO_SQUARES, coordinates: [...TWO_SQUARES.coordinates, polygonOf(2.12, 48.72, 0.002)] };

describe('filing a permission request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  it('lists the airspaces the mission touches with their general conditions, and not those it misses', async () => {
    const { airspace } = await managedAirspace(t);
    const { airspace: far } = await managedAirspace(t, { geometry: square(5, 45, 0.1), minLon: 5, maxLon: 5.1, minLat: 45, maxLat: 45.1 });
    const { operator, missionId } = await operatorWithMission(t);

    const response = await request(t.app).get('/api/procedures/airspaces').query({ missionId }).set(operator.auth);

    expect(response.status).toBe(200);
    const ids = response.body.map((a: { id: string }) => a.id);
    expect(ids).toContain(airspace.id);
    expect(ids).not.toContain(far.id);
    expect(response.body.find((a: { id: string }) => a.id === airspace.id)).toMatchObject({
      generalConditions: 'Weekdays only.',
      legalInformation: false,
      pendingRequestId: null,
    });
  });

  it('files a request with a reference number, the mission snapshot and the auto-reject deadline, and e-mails the managers', async () => {
    const { airspace, manager } = await managedAirspace(t, { autoRejectDelayHours: 48 });
    const { operator, missionId } = await operatorWithMission(t);

    const response = await file(t, operator.auth, {
      missionId,
      airspaceId: airspace.id,
      firstMessage: 'Survey for the campus',
      operatorPhone: '+33 6 12 34 56 78',
    });

    expect(response.status).toBe(201);
    expect(response.headers.location).toBe(`/api/procedures/${response.body.id}`);
    expect(response.headers['preference-applied']).toBeUndefined();
    expect((await request(t.app).get(`/api/procedures/${response.body.id}`).set(operator.auth)).body).toEqual(response.body);
    expect(response.body).toMatchObject({
      status: 'submitted',
      viewer: 'operator',
      operatorPhone: '+33 6 12 34 56 78',
      autoRejectAt: new Date(CLOCK_START.getTime() + 48 * HOUR).toISOString(),
      missionSnapshot: { id: missionId, title: 'Survey of the hangars', startAt: START.toISOString(), maxHeightM: 50 },
    });
    const mission = await t.db.prisma.mission.findUniqueOrThrow({ where: { id: missionId } });
    expect(response.body.missionSnapshot.areas).toEqual(mission.areas);
    expect(response.body.referenceNumber).toMatch(/^AG-2026-\d{6}$/);
    expect(response.body.messages).toEqual([expect.objectContaining({ body: 'Survey for the campus', fromOperator: true })]);
    expect(response.body.events).toEqual([expect.objectContaining({ from: null, to: 'submitted', action: 'submit' })]);
    const mails = await outboxFor(t, manager.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([`New request ${response.body.referenceNumber}`]);
  });

  it("answers the filing's outcome alone to Prefer: return=minimal, the summary and the automatic answer, the detail at its Location", async () => {
    const { airspace } = await managedAirspace(t);
    const rule = await t.db.prisma.automationRule.create({
      data: {
        airspaceId: airspace.id,
        title: 'Weekdays with an observer',
        mode: 'acceptAuto',
        impactLevels: ['low', 'medium', 'high'],
        range: { weekdays: [1, 2, 3, 4, 5] },
        restrictions: [{ kind: 'observerRequired' }],
        enabled: true,
        version: 3,
      },
    });
    const { operator, missionId } = await operatorWithMission(t, { title: 'Roof inspection' });
    const { operator: other, missionId: otherId } = await operatorWithMission(t);
    expect((await file(t, other.auth, { missionId: otherId, airspaceId: airspace.id })).status).toBe(201);

    const response = await file(t, operator.auth, { missionId, airspaceId: airspace.id }).set('Prefer', 'respond-async, return=minimal');

    expect(response.status).toBe(201);
    expect(response.headers['preference-applied']).toBe('return=minimal');
    const detail = await request(t.app).get(response.headers.location!).set(operator.auth);
    expect(detail.status).toBe(200);
    expect(detail.body.activeMissions).toHaveLength(1);
    const { id, referenceNumber, status, automatic, missionTitle, startAt, endAt, operator: owner, impactLevel, submittedAt } = detail.body;
    expect(response.body).toEqual({
      id,
      referenceNumber,
      status,
      automatic,
      missionId,
      missionTitle,
      startAt,
      endAt,
      airspace: { id: airspace.id, name: airspace.name, internalCode: airspace.internalCode },
      operator: owner,
      impactLevel,
      submittedAt,
      autoRejectAt: null,
      restrictions: [{ kind: 'observerRequired' }],
      rejectionReason: null,
      automationRule: { id: rule.id, title: 'Weekdays with an observer', version: 3 },
    });
    expect(status).toBe('autoAcceptedWithRestrictions');

    const { operator: third, missionId: thirdId } = await operatorWithMission(t);
    const represented = await file(t, third.auth, { missionId: thirdId, airspaceId: airspace.id }).set('Prefer', 'return=representation');
    expect(represented.status).toBe(201);
    expect(represented.headers['preference-applied']).toBeUndefined();
    expect(represented.body.activeMissions).toHaveLength(2);
  });

  it("shows the airspace's other requests at the same time as active missions, not those of another day", async () => {
    const { airspace } = await managedAirspace(t);
    const { operator, missionId } = await operatorWithMission(t, { title: 'Roof inspection' });
    const { operator: other, missionId: otherId } = await operatorWithMission(t, { areas: TWO_SQUARES });
    const { operator: later, missionId: laterId } = await operatorWithMission(t, {
      startAt: new Date(START.getTime() + DAY).toISOString(),
      endAt: new Date(START.getTime() + DAY + HOUR).toISOString(),
    });
    const first = await file(t, operator.auth, { missionId, airspaceId: airspace.id });
    expect((await file(t, later.auth, { missionId: laterId, airspaceId: airspace.id })).status).toBe(201);

    const response = await file(t, other.auth, { missionId: otherId, airspaceId: airspace.id });

    expect(response.status).toBe(201);
    const mission = await t.db.prisma.mission.findUniqueOrThrow({ where: { id: missionId } });
    expect(response.body.activeMissions).toEqual([
      {
        requestId: first.body.id,
        referenceNumber: first.body.referenceNumber,
        missionTitle: 'Roof inspection',
        status: 'submitted',
        startAt: mission.startAt!.toISOString(),
        endAt: mission.endAt!.toISOString(),
        areas: mission.areas,
      },
    ]);
  });

  it('keeps a filed mission: deleting it answers 409 MISSION_HAS_REQUESTS and deletes nothing', async () => {
    const { airspace } = await managedAirspace(t);
    const { operator, missionId } = await operatorWithMission(t);
    expect((await file(t, operator.auth, { missionId, airspaceId: airspace.id })).status).toBe(201);

    expectError(await request(t.app).delete(`/api/preflights/${missionId}`).set(operator.auth), 409, 'MISSION_HAS_REQUESTS');

    expect(await t.db.prisma.mission.count({ where: { id: missionId } })).toBe(1);
  });

  it('is refused until the general conditions are accepted', async () => {
    const { airspace } = await managedAirspace(t);
    const { operator, missionId } = await operatorWithMission(t);

    expectError(
      await file(t, operator.auth, { missionId, airspaceId: airspace.id, conditionsAccepted: false }),
      422,
      'REQUEST_CONDITIONS_NOT_ACCEPTED',
    );
    expect(await t.db.prisma.request.count({ where: { missionId } })).toBe(0);
  });

  it('refuses a contact suggestion while an earlier request of the mission is under analysis, and allows it once decided', async () => {
    const { airspace, manager } = await managedAirspace(t);
    const { operator, missionId } = await operatorWithMission(t);
    const first = await file(t, operator.auth, { missionId, airspaceId: airspace.id });

    expectError(await file(t, operator.auth, { missionId, airspaceId: airspace.id }), 409, 'REQUEST_UNDER_ANALYSIS');
    await request(t.app).post(`/api/procedures/${first.body.id}/actions/askInformation`).set(manager.auth).send({});
    expectError(await file(t, operator.auth, { missionId, airspaceId: airspace.id }), 409, 'REQUEST_UNDER_ANALYSIS');
    await request(t.app)
      .post(`/api/procedures/${first.body.id}/actions/reject`)
      .set(manager.auth)
      .send({ reason: 'Too close to the runway' });

    expect((await file(t, operator.auth, { missionId, airspaceId: airspace.id })).status).toBe(201);
  });

  it('refuses a mission still in preparation (initiated) and one that has started', async () => {
    const { airspace } = await managedAirspace(t);
    const { operator, missionId } = await operatorWithMission(t, { maxHeightM: null });
    expectError(await file(t, operator.auth, { missionId, airspaceId: airspace.id }), 409, 'REQUEST_MISSION_NOT_READY');

    const { operator: other, missionId: started } = await operatorWithMission(t);
    t.clock.set(new Date(START.getTime() + HOUR));
    const session = await login(t.app, other.user.email);
    expectError(await file(t, bearer(session.token), { missionId: started, airspaceId: airspace.id }), 422, 'REQUEST_MISSION_IN_PAST');
  });

  it('refuses an airspace the mission does not touch', async () => {
    const { airspace } = await managedAirspace(t, { geometry: square(5, 45, 0.1), minLon: 5, maxLon: 5.1, minLat: 45, maxLat: 45.1 });
    const { operator, missionId } = await operatorWithMission(t);

    expectError(await file(t, operator.auth, { missionId, airspaceId: airspace.id }), 422, 'REQUEST_AIRSPACE_NOT_TOUCHED');
  });

  it("answers 404 for another operator's mission", async () => {
    const { airspace } = await managedAirspace(t);
    const { missionId } = await operatorWithMission(t);
    const { operator: other } = await operatorWithMission(t);

    expectError(await file(t, other.auth, { missionId, airspaceId: airspace.id }), 404, 'NOT_FOUND');
  });

  describe('airspace limits: a mission exactly at the limit is filed, one beyond it is refused', () => {
    const NOTICE_DAYS = 16; // CLOCK_START to START
    const totalKm2 = missionAreaKm2(TWO_SQUARES);
    const largestKm2 = Math.max(...polygonAreasKm2(TWO_SQUARES));
    const extent = extentKm(TWO_SQUARES);
    const cases: {
      limit: string;
      code: string;
      field: string;
      value: number;
      beyond: { mission?: Record<string, unknown>; clockMs?: number; value?: number };
    }[] = [
      {
        limit: 'minimum notice days',
        code: 'REQUEST_NOTICE_TOO_SHORT',
        field: 'minNoticeDays',
        value: NOTICE_DAYS,
        beyond: { clockMs: MINUTE },
      },
      {
        limit: 'maximum notice days',
        code: 'REQUEST_NOTICE_TOO_LONG',
        field: 'maxNoticeDays',
        value: NOTICE_DAYS,
        beyond: { clockMs: -MINUTE },
      },
      {
        limit: 'maximum duration hours',
        code: 'REQUEST_DURATION_TOO_LONG',
        field: 'maxDurationHours',
        value: 2,
        beyond: { mission: { endAt: '2026-07-01T10:01:00.000Z' } },
      },
      {
        limit: 'maximum polygons',
        code: 'REQUEST_TOO_MANY_POLYGONS',
        field: 'maxPolygons',
        value: 2,
        beyond: { mission: { areas: THREE_SQUARES } },
      },
      { limit: 'maximum area', code: 'REQUEST_AREA_TOO_LARGE', field: 'maxAreaKm2', value: totalKm2, beyond: { value: totalKm2 * 0.999 } },
      {
        limit: 'maximum area per polygon',
        code: 'REQUEST_POLYGON_TOO_LARGE',
        field: 'maxAreaPerPolygonKm2',
        value: largestKm2,
        beyond: { value: largestKm2 * 0.999 },
      },
      { limit: 'maximum extent', code: 'REQUEST_EXTENT_TOO_LARGE', field: 'maxExtentKm', value: extent, beyond: { value: extent * 0.999 } },
    ];

    it.each(cases)('$limit ($code)', async ({ code, field, value, beyond }) => {
      const { airspace } = await managedAirspace(t, { [field]: value });
      const atLimit = await operatorWithMission(t, { areas: TWO_SQUARES });
      const pastLimit = await operatorWithMission(t, { areas: TWO_SQUARES, ...beyond.mission });

      const accepted = await file(t, atLimit.operator.auth, { missionId: atLimit.missionId, airspaceId: airspace.id });
      if (beyond.clockMs) t.clock.advance(beyond.clockMs);
      if (beyond.value !== undefined) await t.db.prisma.airspace.update({ where: { id: airspace.id }, data: { [field]: beyond.value } });
      const refused = await file(t, pastLimit.operator.auth, { missionId: pastLimit.missionId, airspaceId: airspace.id });

      expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
      expectError(refused, 422, code);
      // The figures the translated message names: the airspace's limit and the mission's value, rounded to 0.01.
      expect(refused.body.params).toEqual({ limit: Math.round((beyond.value ?? value) * 100) / 100, actual: expect.any(Number) });
    });

    it('the airspaces list says the notice before filing: the first possible start, and whether the mission breaks it', async () => {
      const { airspace } = await managedAirspace(t, { minNoticeDays: NOTICE_DAYS, maxNoticeDays: 30 });
      const { operator, missionId } = await operatorWithMission(t);
      const touched = async () =>
        (await request(t.app).get('/api/procedures/airspaces').query({ missionId }).set(operator.auth)).body.find(
          (a: { id: string }) => a.id === airspace.id,
        );

      expect(await touched()).toMatchObject({
        minNoticeDays: NOTICE_DAYS,
        maxNoticeDays: 30,
        earliestStartAt: new Date(CLOCK_START.getTime() + NOTICE_DAYS * DAY).toISOString(),
        noticeProblem: null,
      });
      t.clock.advance(MINUTE);
      expect(await touched()).toMatchObject({ noticeProblem: 'tooShort' });
      t.clock.set(new Date(CLOCK_START.getTime() - 15 * DAY));
      expect(await touched()).toMatchObject({ noticeProblem: 'tooLong' });
    });
  });
});
