import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AGREEMENT_STATUSES, type AgreementStatus } from '../../src/shared/domain/enums';
import { RIGHTS, type Right } from '../../src/shared/domain/rights';
import { createMachine, createPilot } from '../factories/registry';
import { createUser, login, signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { AGREEMENT_STATUSES_ALLOWING_MISSIONS } from '../../server/modules/missions/missions.service';
import { CLOCK_START, MINUTE, bearer, expectError } from './support';
import { importJson, readSeedFile } from './zones-support';
import { MISSION_OPERATOR, NEAR_ORLY, completeMission, missionOperator, postMission, sketchMission, square } from './missions-support';

const ZERO = '00000000-0000-4000-8000-000000000000';

describe('missions', () => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof missionOperator>>;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await missionOperator(t);
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  const post = (body: unknown, auth = operator.auth) => postMission(t, auth, body);

  describe('authentication and rights', () => {
    const endpoints: [string, string, Right][] = [
      ['get', '/api/preflights', 'PREFLIGHT_LIST'],
      ['post', '/api/preflights', 'PREFLIGHT_EDIT'],
      ['get', `/api/preflights/${ZERO}`, 'PREFLIGHT_LIST'],
      ['put', `/api/preflights/${ZERO}`, 'PREFLIGHT_EDIT'],
      ['delete', `/api/preflights/${ZERO}`, 'PREFLIGHT_EDIT'],
      ['post', `/api/preflights/${ZERO}/actions/cancel`, 'PREFLIGHT_EDIT'],
      ['post', '/api/preflights/takeoff', 'PREFLIGHT_EDIT'],
      ['post', '/api/preflights/landing', 'PREFLIGHT_EDIT'],
      ['get', `/api/preflights/${ZERO}/history`, 'PREFLIGHT_LIST'],
      ['get', `/api/preflights/${ZERO}/regulation`, 'PREFLIGHT_LIST'],
      ['get', `/api/preflights/${ZERO}/export`, 'PREFLIGHT_LIST'],
      ['get', '/api/preflights/choices', 'PREFLIGHT_LIST'],
    ];

    it.each(endpoints)('%s %s answers 401 UNAUTHENTICATED without a token', async (method, path) => {
      expectError(await request(t.app)[method as 'get'](path), 401, 'UNAUTHENTICATED');
    });

    it.each(endpoints)('%s %s answers 403 NOT_ALLOWED without %s nor its administrator variant', async (method, path, right) => {
      const excluded = [right, `${right}_ADMIN`];
      const { auth } = await signedInUser(t.app, t.db.prisma, RIGHTS.filter((r) => !excluded.includes(r)) as Right[]);

      expectError(await request(t.app)[method as 'get'](path).set(auth).send(completeMission(operator)), 403, 'NOT_ALLOWED');
    });
  });

  describe('POST /api/preflights', () => {
    it('creates a complete mission of the operator, area measured, history recorded; no altitude without the operator or terrain', async () => {
      const response = await post({ ...completeMission(operator), additionalPilotIds: [], description: 'Roof check' });

      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        ownerId: operator.user.id,
        title: 'Survey of the hangars',
        status: 'complete',
        referentPilot: { id: operator.pilot.id },
        mainMachine: { id: operator.machine.id },
        maxHeightM: 50,
        maxAltitudeFt: null,
        groundElevationM: null,
        startAt: '2026-07-01T08:00:00.000Z',
        description: 'Roof check',
        allowedActions: ['sendForValidation', 'duplicate', 'cancel'],
      });
      expect(response.body.areaKm2).toBeGreaterThan(0.1);
      expect(response.body.areaKm2).toBeLessThan(0.3);
      const history = await request(t.app).get(`/api/preflights/${response.body.id}/history`).set(operator.auth);
      expect(history.body).toEqual([expect.objectContaining({ from: null, to: 'complete', action: 'create', actorId: operator.user.id })]);
    });

    it('a mission with a title, an area, a pilot and a machine only is initiated', async () => {
      const response = await post(sketchMission(operator));

      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        status: 'initiated',
        referentPilot: expect.objectContaining({ id: operator.pilot.id }),
        maxHeightM: null,
        maxAltitudeFt: null,
      });
    });

    it.each([
      ['without a pilot', { referentPilotId: null }, ['referentPilotId']],
      ['without a machine', { mainMachineId: null }, ['mainMachineId']],
      ['without either', { referentPilotId: null, mainMachineId: null }, ['referentPilotId', 'mainMachineId']],
    ])('refuses a mission %s with 422 MISSION_CREW_REQUIRED, naming the fields, and stores nothing', async (_, change, fields) => {
      const before = await t.db.prisma.mission.count();

      const response = await post(completeMission(operator, change));

      expectError(response, 422, 'MISSION_CREW_REQUIRED');
      expect(Object.keys(response.body.fields).sort()).toEqual([...fields].sort());
      expect(await t.db.prisma.mission.count()).toBe(before);
    });

    it('an additional pilot and an additional machine are enough to create a mission', async () => {
      const response = await post(
        sketchMission(operator, {
          referentPilotId: null,
          mainMachineId: null,
          additionalPilotIds: [operator.pilot.id],
          additionalMachineIds: [operator.machine.id],
        }),
      );

      expect(response.status).toBe(201);
      expect(response.body.status).toBe('initiated');
    });

    it('keeps the altitude above sea level apart from the height above ground, and derives the ground from both', async () => {
      const altitudeOnly = await post(sketchMission(operator, { title: 'Feet', maxAltitudeFt: 400 }));
      const both = await post(sketchMission(operator, { title: 'Both', maxHeightM: 40, maxAltitudeFt: 400 }));

      expect(altitudeOnly.body).toMatchObject({
        maxHeightM: null,
        maxAltitudeFt: 400,
        maxAltitudeSource: 'operator',
        groundElevationM: null,
      });
      // 400 ft = 121.9 m AMSL, 40 m above the ground: the ground is at 81.9 m AMSL.
      expect(both.body).toMatchObject({
        maxHeightM: 40,
        maxAltitudeFt: 400,
        maxAltitudeSource: 'operator',
        groundElevationM: 81.9,
        groundElevationSource: 'operator',
      });
    });

    it('keeps additional pilots and machines of the operator', async () => {
      const pilot = await createPilot(t.db.prisma, operator.user.id, { lastName: 'Second' });
      const machine = await createMachine(t.db.prisma, operator.user.id);

      const response = await post(completeMission(operator, { additionalPilotIds: [pilot.id], additionalMachineIds: [machine.id] }));

      expect(response.status).toBe(201);
      expect(response.body.additionalPilots).toEqual([{ id: pilot.id, firstName: pilot.firstName, lastName: 'Second' }]);
      expect(response.body.additionalMachines.map((m: { id: string }) => m.id)).toEqual([machine.id]);
    });

    it('when the area exceeds 10 km², answers 422 MISSION_AREA_TOO_LARGE and stores nothing', async () => {
      const before = await t.db.prisma.mission.count();

      expectError(await post(completeMission(operator, { areas: square(2.3, 48.7, 0.05) })), 422, 'MISSION_AREA_TOO_LARGE');
      expect(await t.db.prisma.mission.count()).toBe(before);
    });

    it.each([
      ['no areas', { areas: undefined }],
      ['null areas', { areas: null }],
      ['an empty MultiPolygon', { areas: { type: 'MultiPolygon', coordinates: [] } }],
    ])('with %s, answers 422 MISSION_NO_AREA and stores nothing', async (_case, change) => {
      const before = await t.db.prisma.mission.count();

      expectError(await post(completeMission(operator, change)), 422, 'MISSION_NO_AREA');
      expect(await t.db.prisma.mission.count()).toBe(before);
    });

    it.each([
      ['a blank title', { title: ' ' }, 'title', 'validation:required'],
      ['an end before the start', { endAt: '2026-07-01T07:00:00.000Z' }, 'endAt', 'validation:endBeforeStart'],
      ['a start in the past', { startAt: '2026-06-15T07:00:00.000Z' }, 'startAt', 'validation:dateInPast'],
      [
        'an unknown marker kind',
        { contextMarkers: [{ kind: 'tree', position: [2.35, 48.74], radiusM: 5 }] },
        'contextMarkers.0.kind',
        'validation:invalidValue',
      ],
      ['an invalid start', { startAt: 'tomorrow' }, 'startAt', 'validation:dateTime'],
    ])('refuses %s with 422 VALIDATION_FAILED and stores nothing', async (_case, change, field, message) => {
      const before = await t.db.prisma.mission.count();

      const response = await post(completeMission(operator, change));

      expectError(response, 422, 'VALIDATION_FAILED');
      expect(response.body.fields[field]).toContain(message);
      expect(await t.db.prisma.mission.count()).toBe(before);
    });

    it("refuses another operator's pilot with 422 MISSION_PILOT_NOT_OWNED and a deleted pilot likewise", async () => {
      const other = await createUser(t.db.prisma);
      const foreign = await createPilot(t.db.prisma, other.id);
      const deleted = await createPilot(t.db.prisma, operator.user.id, { deletedAt: new Date() });

      expectError(await post(completeMission(operator, { referentPilotId: foreign.id })), 422, 'MISSION_PILOT_NOT_OWNED');
      expectError(await post(completeMission(operator, { additionalPilotIds: [foreign.id] })), 422, 'MISSION_PILOT_NOT_OWNED');
      expectError(await post(completeMission(operator, { referentPilotId: deleted.id })), 422, 'MISSION_PILOT_NOT_OWNED');
    });

    it("refuses another operator's machine with 422 MISSION_MACHINE_NOT_OWNED", async () => {
      const other = await createUser(t.db.prisma);
      const foreign = await createMachine(t.db.prisma, other.id);

      expectError(await post(completeMission(operator, { mainMachineId: foreign.id })), 422, 'MISSION_MACHINE_NOT_OWNED');
      expectError(await post(completeMission(operator, { additionalMachineIds: [foreign.id] })), 422, 'MISSION_MACHINE_NOT_OWNED');
    });
  });

  describe('agreement status', () => {
    const refused = AGREEMENT_STATUSES.filter((status) => !AGREEMENT_STATUSES_ALLOWING_MISSIONS.includes(status));

    it('the allowed list is validated, updated, nearlyExpired, renewValidation and noNeedAgreement', () => {
      expect([...AGREEMENT_STATUSES_ALLOWING_MISSIONS].sort()).toEqual(
        ['nearlyExpired', 'noNeedAgreement', 'renewValidation', 'updated', 'validated'].sort(),
      );
    });

    it.each(refused)('an operator whose agreement is %s cannot create a mission: 403 AGREEMENT_STATUS_FORBIDS', async (status) => {
      const { auth } = await signedInUser(t.app, t.db.prisma, MISSION_OPERATOR, { agreementStatus: status as AgreementStatus });
      const before = await t.db.prisma.mission.count();

      expectError(await post({ title: 'Blocked', areas: NEAR_ORLY }, auth), 403, 'AGREEMENT_STATUS_FORBIDS');
      expect(await t.db.prisma.mission.count()).toBe(before);
    });

    it.each([...AGREEMENT_STATUSES_ALLOWING_MISSIONS])('an operator whose agreement is %s creates missions', async (status) => {
      const allowed = await missionOperator(t, MISSION_OPERATOR, status);

      expect((await post(sketchMission(allowed), allowed.auth)).status).toBe(201);
    });
  });

  describe('reading and ownership', () => {
    it("another operator's mission answers 404 to GET, PUT, DELETE, actions, history, regulation and export", async () => {
      const created = await post(completeMission(operator));
      const other = await missionOperator(t);
      const path = `/api/preflights/${created.body.id}`;

      expectError(await request(t.app).get(path).set(other.auth), 404, 'NOT_FOUND');
      expectError(await request(t.app).put(path).set(other.auth).send(completeMission(other)), 404, 'NOT_FOUND');
      expectError(await request(t.app).delete(path).set(other.auth), 404, 'NOT_FOUND');
      expectError(await request(t.app).post(`${path}/actions/cancel`).set(other.auth).send({}), 404, 'NOT_FOUND');
      expectError(await request(t.app).get(`${path}/history`).set(other.auth), 404, 'NOT_FOUND');
      expectError(await request(t.app).get(`${path}/regulation`).set(other.auth), 404, 'NOT_FOUND');
      expectError(await request(t.app).get(`${path}/export`).set(other.auth), 404, 'NOT_FOUND');
      const list = await request(t.app).get('/api/preflights').set(other.auth);
      expect(list.body.items.map((m: { id: string }) => m.id)).not.toContain(created.body.id);
    });

    it('an administrator with PREFLIGHT_LIST_ADMIN reads and lists any mission, filtered by owner', async () => {
      const created = await post(completeMission(operator));
      const { auth } = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST_ADMIN']);

      expect((await request(t.app).get(`/api/preflights/${created.body.id}`).set(auth)).status).toBe(200);
      const list = await request(t.app).get('/api/preflights').query({ ownerId: operator.user.id, pageSize: 100 }).set(auth);
      expect(list.body.items.every((m: { ownerId: string }) => m.ownerId === operator.user.id)).toBe(true);
      expect(list.body.items.map((m: { id: string }) => m.id)).toContain(created.body.id);
    });

    it("a supervised pilot account with PREFLIGHT_LIST and PREFLIGHT_EDIT works on its operator's missions", async () => {
      const created = await post(completeMission(operator));
      const account = await createUser(t.db.prisma, {
        rights: ['SUPERVISION_PILOT', 'PREFLIGHT_LIST', 'PREFLIGHT_EDIT'],
        parent: { connect: { id: operator.user.id } },
      });
      const auth = bearer((await login(t.app, account.email)).token);

      expect((await request(t.app).get(`/api/preflights/${created.body.id}`).set(auth)).status).toBe(200);
      const own = await post(sketchMission(operator, { title: 'By the pilot' }), auth);
      expect(own.status).toBe(201);
      expect(own.body.ownerId).toBe(operator.user.id);
    });

    it("GET /api/preflights/choices: the owner's current pilots and machines, read through the mission by an administrator and a supervised pilot", async () => {
      const mine = await missionOperator(t);
      const gone = await createPilot(t.db.prisma, mine.user.id, { deletedAt: new Date(CLOCK_START) });
      await missionOperator(t);
      const created = await post(completeMission(mine), mine.auth);
      const admin = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST_ADMIN']);
      const account = await createUser(t.db.prisma, {
        rights: ['SUPERVISION_PILOT', 'PREFLIGHT_LIST'],
        parent: { connect: { id: mine.user.id } },
      });
      const supervised = bearer((await login(t.app, account.email)).token);
      const expected = {
        pilots: [{ id: mine.pilot.id, firstName: mine.pilot.firstName, lastName: mine.pilot.lastName }],
        machines: [{ id: mine.machine.id, internalName: mine.machine.internalName, serialNumber: mine.machine.serialNumber }],
      };

      const own = await request(t.app).get('/api/preflights/choices').set(mine.auth);
      const byAdmin = await request(t.app).get('/api/preflights/choices').query({ missionId: created.body.id }).set(admin.auth);
      const bySupervised = await request(t.app).get('/api/preflights/choices').set(supervised);

      expect(own.status).toBe(200);
      expect(own.body).toEqual(expected);
      expect(own.body.pilots.map((p: { id: string }) => p.id)).not.toContain(gone.id);
      expect(byAdmin.body).toEqual(expected);
      expect(bySupervised.body).toEqual(expected);
      expectError(
        await request(t.app).get('/api/preflights/choices').query({ missionId: created.body.id }).set(operator.auth),
        404,
        'NOT_FOUND',
      );
      expectError(
        await request(t.app).get('/api/preflights/choices').query({ missionId: 'nope' }).set(operator.auth),
        422,
        'VALIDATION_FAILED',
      );
    });

    it('lists by status, date range and search, sorted by start', async () => {
      const mine = await missionOperator(t);
      const early = await post(
        completeMission(mine, { title: 'Alpha bridge', startAt: '2026-07-01T08:00:00Z', endAt: '2026-07-01T09:00:00Z' }),
        mine.auth,
      );
      const late = await post(
        completeMission(mine, { title: 'Beta bridge', startAt: '2026-08-01T08:00:00Z', endAt: '2026-08-01T09:00:00Z' }),
        mine.auth,
      );
      const idea = await post(sketchMission(mine, { title: 'Gamma field' }), mine.auth);
      const ids = (response: request.Response) => response.body.items.map((m: { id: string }) => m.id);

      const all = await request(t.app).get('/api/preflights').set(mine.auth);
      expect(ids(all)).toEqual([early.body.id, late.body.id, idea.body.id]);
      expect(all.body.total).toBe(3);
      expect(ids(await request(t.app).get('/api/preflights').query({ status: 'initiated' }).set(mine.auth))).toEqual([idea.body.id]);
      expect(ids(await request(t.app).get('/api/preflights').query({ search: 'BRIDGE', order: 'desc' }).set(mine.auth))).toEqual([
        late.body.id,
        early.body.id,
      ]);
      const july = await request(t.app)
        .get('/api/preflights')
        .query({ from: '2026-07-01T00:00:00Z', to: '2026-07-31T23:59:59Z' })
        .set(mine.auth);
      expect(ids(july)).toEqual([early.body.id]);
    });
  });

  describe('PUT and DELETE /api/preflights/:id', () => {
    it('completing an initiated mission moves it to complete and records the change', async () => {
      const created = await post(sketchMission(operator, { title: 'Grows' }));
      t.clock.advance(MINUTE);

      const response = await request(t.app).put(`/api/preflights/${created.body.id}`).set(operator.auth).send(completeMission(operator));

      expect(response.status).toBe(200);
      expect(response.body.status).toBe('complete');
      const history = await request(t.app).get(`/api/preflights/${created.body.id}/history`).set(operator.auth);
      expect(history.body.map((h: { action: string; to: string }) => [h.action, h.to])).toEqual([
        ['create', 'initiated'],
        ['save', 'complete'],
      ]);
    });

    it('refuses to edit a mission sent for validation with 409 MISSION_NOT_EDITABLE', async () => {
      const created = await post(completeMission(operator));
      await t.db.prisma.mission.update({ where: { id: created.body.id }, data: { status: 'toBeValidated' } });

      const response = await request(t.app).put(`/api/preflights/${created.body.id}`).set(operator.auth).send(completeMission(operator));

      expectError(response, 409, 'MISSION_NOT_EDITABLE');
    });

    it.each(['draft', 'initiated', 'complete'] as const)('deletes a mission in %s', async (status) => {
      const created = await post(completeMission(operator));
      await t.db.prisma.mission.update({ where: { id: created.body.id }, data: { status } });

      expect((await request(t.app).delete(`/api/preflights/${created.body.id}`).set(operator.auth)).status).toBe(204);
      expect(await t.db.prisma.mission.count({ where: { id: created.body.id } })).toBe(0);
    });

    it.each(['toBeValidated', 'validated', 'onGoing', 'archived', 'canceled'] as const)(
      'refuses to delete a mission in %s with 409 MISSION_NOT_DELETABLE',
      async (status) => {
        const created = await post(completeMission(operator));
        await t.db.prisma.mission.update({ where: { id: created.body.id }, data: { status } });

        expectError(await request(t.app).delete(`/api/preflights/${created.body.id}`).set(operator.auth), 409, 'MISSION_NOT_DELETABLE');
      },
    );
  });

  describe('GET /api/preflights/:id/regulation', () => {
    it('classifies a mission near Orly under French rules from its pilot, machine and constraints, and stores the verdict', async () => {
      const created = await post(completeMission(operator, { country: 'FR' }));

      const response = await request(t.app).get(`/api/preflights/${created.body.id}/regulation`).set(operator.auth);

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ country: 'FR', dateISO: '2026-07-01', geozones: [] });
      expect(response.body.category).toEqual(expect.any(String));
      const stored = await request(t.app).get(`/api/preflights/${created.body.id}`).set(operator.auth);
      expect(stored.body.lastVerdict).toMatchObject({ country: 'FR', category: response.body.category });
      expect(stored.body.lastVerdictAt).toBe(CLOCK_START.toISOString());
    });

    it('answers 422 INSUFFICIENT_DATA naming the missing facts', async () => {
      const machine = await createMachine(t.db.prisma, operator.user.id);
      const created = await post(completeMission(operator, { country: 'FR', mainMachineId: machine.id, constraints: { vlos: true } }));

      const response = await request(t.app).get(`/api/preflights/${created.body.id}/regulation`).set(operator.auth);

      expectError(response, 422, 'INSUFFICIENT_DATA');
      // Whether the area is near an aerodrome is no longer asked: it is computed from the runways the product knows.
      expect(Object.keys(response.body.fields).sort()).toEqual(
        ['classMark', 'distanceToPeopleM', 'massGrams', 'overPeople', 'urban'].sort(),
      );
    });

    it('takes the country from the area when the mission has none, and refuses a country the area is not in with 422 COUNTRY_NOT_IN_AREA', async () => {
      const created = await post(completeMission(operator));

      const response = await request(t.app).get(`/api/preflights/${created.body.id}/regulation`).set(operator.auth);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ country: 'FR', areaCountries: [{ code: 'FR', regulation: 'FR' }] });
      expectError(
        await request(t.app).get(`/api/preflights/${created.body.id}/regulation`).query({ country: 'EU' }).set(operator.auth),
        422,
        'COUNTRY_NOT_IN_AREA',
      );
      expectError(await post(completeMission(operator, { country: 'LU' })), 422, 'COUNTRY_NOT_IN_AREA');
    });
  });

  describe('GET /api/preflights/:id/regulation with the Orly zones imported', () => {
    it('adds the aerodrome zones the area meets to the facts and the stored verdict', async () => {
      const france = JSON.parse(readSeedFile('fr-ed269.json')) as { features: { name: string }[] };
      const orly = { ...france, features: france.features.filter((zone) => zone.name.includes('PARIS ORLY')) };
      const admin = (await signedInUser(t.app, t.db.prisma, ['AIRSPACE_EDIT_ADMIN'])).auth;
      expect((await importJson(t, admin, JSON.stringify(orly), 'orly')).status).toBe(201);
      const created = await post(completeMission(operator, { country: 'FR' }));

      const response = await request(t.app).get(`/api/preflights/${created.body.id}/regulation`).set(operator.auth);

      expect(response.status).toBe(200);
      expect(response.body.geozones.map((zone: { identifier: string }) => zone.identifier)).toEqual(expect.arrayContaining(['FR4320']));
      expect(response.body.geozones.every((zone: { restriction: string }) => zone.restriction === 'REQ_AUTHORISATION')).toBe(true);
      const stored = await t.db.prisma.mission.findUniqueOrThrow({ where: { id: created.body.id } });
      expect((stored.lastVerdict as { geozones: unknown[] }).geozones).toHaveLength(response.body.geozones.length);
    });
  });

  describe('GET /api/preflights/:id/export', () => {
    it.each([
      ['geojson', 'application/geo+json', '"FeatureCollection"'],
      ['kml', 'application/vnd.google-earth.kml+xml', '<kml'],
      ['gpx', 'application/gpx+xml', '<gpx'],
    ])('exports the areas and waypoints as %s', async (format, type, marker) => {
      const created = await post(
        completeMission(operator, {
          waypoints: {
            type: 'LineString',
            coordinates: [
              [2.351, 48.741],
              [2.353, 48.743],
            ],
          },
        }),
      );

      const response = await request(t.app)
        .get(`/api/preflights/${created.body.id}/export`)
        .query({ format })
        .set(operator.auth)
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => done(null, text));
        });

      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toContain(type);
      expect(response.body as string).toContain(marker);
    });
  });
});
