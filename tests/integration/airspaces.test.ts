import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { expectError } from './support';

const SQUARE = {
  type: 'Polygon',
  coordinates: [
    [
      [2.1, 48.68],
      [2.25, 48.68],
      [2.25, 48.75],
      [2.1, 48.75],
      [2.1, 48.68],
    ],
  ],
};
const SECOND_SQUARE = [
  [
    [3, 49],
    [3.5, 49],
    [3.5, 49.2],
    [3, 49.2],
    [3, 49],
  ],
];

describe('airspaces', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let reader: Awaited<ReturnType<typeof signedInUser>>;
  let manager: Awaited<ReturnType<typeof signedInUser>>;
  let otherManager: Awaited<ReturnType<typeof signedInUser>>;
  let operator: Awaited<ReturnType<typeof signedInUser>>;
  let counter = 0;

  const validAirspace = (overrides: Record<string, unknown> = {}) => ({
    name: 'Saclay test airspace',
    internalCode: `LFTEST-${++counter}`,
    zoneCodes: ['LF-R 123', 'LF-R 123', 'LF-P 4'],
    authorityName: 'Saclay authority',
    visibleToOperators: true,
    geometry: SQUARE,
    managerIds: [manager.user.id],
    description: 'Plateau',
    news: 'Runway works in June',
    generalConditions: 'Weekdays only',
    permanentConditions: 'Stay below 50 m',
    twrPhoneNumber: '+33 1 00 00 00 00',
    mailingList: ['ops@example.com', 'OPS@example.com'],
    copyToManagers: true,
    forwardingEmails: ['tower@example.com'],
    minNoticeDays: 1,
    maxNoticeDays: 90,
    maxDurationHours: 12,
    maxPolygons: 5,
    maxAreaKm2: 10,
    maxAreaPerPolygonKm2: 5,
    maxExtentKm: 8.5,
    autoRejectDelayHours: 72,
    activationTrigger: 'medium',
    activationMinDelayHours: 2,
    activationMaxDelayHours: 48,
    activationAutoRejectDelayHours: 24,
    activationMaxDurationHours: 4,
    ...overrides,
  });

  // Several users sign in (bcrypt each time): more than the default hook time on a busy machine.
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t.app, t.db.prisma, ['AIRSPACE_LIST_ADMIN', 'AIRSPACE_EDIT_ADMIN']);
    reader = await signedInUser(t.app, t.db.prisma, ['AIRSPACE_LIST_ADMIN']);
    manager = await signedInUser(t.app, t.db.prisma, ['PREFLIGHTPROCEDURE_LIST', 'PREFLIGHTPROCEDURE_EDIT'], { lastName: 'Aaron' });
    otherManager = await signedInUser(t.app, t.db.prisma, ['PREFLIGHTPROCEDURE_LIST', 'PREFLIGHTPROCEDURE_EDIT'], { lastName: 'Zed' });
    operator = await signedInUser(t.app, t.db.prisma, ['PILOT_LIST']);
  }, 60_000);
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>) => request(t.app).post('/api/airspaces').set(admin.auth).send(body);

  it('answers 401 UNAUTHENTICATED without a token and 403 NOT_ALLOWED without the rights', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes = [
      ['get', '/api/airspaces', operator],
      ['post', '/api/airspaces', reader],
      ['get', `/api/airspaces/${id}`, operator],
      ['put', `/api/airspaces/${id}`, reader],
      ['delete', `/api/airspaces/${id}`, reader],
      ['get', '/api/airspaces/manager-candidates', reader],
      ['get', '/api/airspaces/mine', operator],
      ['put', `/api/airspaces/mine/${id}`, operator],
    ] as const;
    for (const [method, path, without] of routes) {
      expectError(await request(t.app)[method](path).send({}), 401, 'UNAUTHENTICATED');
      expectError(await request(t.app)[method](path).set(without.auth).send(validAirspace()), 403, 'NOT_ALLOWED');
    }
  });

  it('creates an airspace with every field: the polygon is stored as a MultiPolygon with its bounding box', async () => {
    const { managerIds: _managerIds, ...body } = validAirspace();
    const response = await create({ ...body, managerIds: [manager.user.id] });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      ...body,
      zoneCodes: ['LF-R 123', 'LF-P 4'],
      mailingList: ['ops@example.com'],
      geometry: { type: 'MultiPolygon', coordinates: [SQUARE.coordinates] },
      bbox: { minLon: 2.1, minLat: 48.68, maxLon: 2.25, maxLat: 48.75 },
      hasGeometry: true,
      managers: [{ id: manager.user.id, email: manager.user.email }],
    });
    const row = await t.db.prisma.airspace.findUniqueOrThrow({ where: { id: response.body.id } });
    expect([row.minLon, row.minLat, row.maxLon, row.maxLat]).toEqual([2.1, 48.68, 2.25, 48.75]);
  });

  it('a new geometry recomputes the bounding box; removing it clears the box', async () => {
    const { id } = (await create(validAirspace())).body as { id: string };
    const multi = { type: 'MultiPolygon', coordinates: [SQUARE.coordinates, SECOND_SQUARE] };

    const moved = await request(t.app)
      .put(`/api/airspaces/${id}`)
      .set(admin.auth)
      .send(validAirspace({ geometry: multi }));
    expect(moved.body.bbox).toEqual({ minLon: 2.1, minLat: 48.68, maxLon: 3.5, maxLat: 49.2 });

    const cleared = await request(t.app)
      .put(`/api/airspaces/${id}`)
      .set(admin.auth)
      .send(validAirspace({ geometry: null }));
    expect(cleared.body).toMatchObject({ geometry: null, bbox: null, hasGeometry: false });
    const row = await t.db.prisma.airspace.findUniqueOrThrow({ where: { id } });
    expect([row.geometry, row.minLon, row.maxLat]).toEqual([null, null, null]);
  });

  const bowTie = {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
        [0, 0],
      ],
    ],
  };

  it.each([
    ['an invalid mailing-list e-mail', { mailingList: ['not-an-email'] }, 'mailingList.0', 'validation:email'],
    ['an invalid forwarding e-mail', { forwardingEmails: ['x@'] }, 'forwardingEmails.0', 'validation:email'],
    ['a negative limit', { maxDurationHours: -1 }, 'maxDurationHours', 'validation:nonNegative'],
    ['a negative area', { maxAreaKm2: -0.5 }, 'maxAreaKm2', 'validation:nonNegative'],
    ['a decimal number of days', { minNoticeDays: 1.5 }, 'minNoticeDays', 'validation:integer'],
    ['a minimum notice above the maximum', { minNoticeDays: 10, maxNoticeDays: 5 }, 'maxNoticeDays', 'validation:maxBelowMin'],
    [
      'an activation minimum delay above its maximum',
      { activationMinDelayHours: 50, activationMaxDelayHours: 48 },
      'activationMaxDelayHours',
      'validation:maxBelowMin',
    ],
    [
      'a polygon area above the total area',
      { maxAreaKm2: 2, maxAreaPerPolygonKm2: 3 },
      'maxAreaPerPolygonKm2',
      'validation:polygonAreaAboveTotal',
    ],
    ['an unknown activation trigger', { activationTrigger: 'sometimes' }, 'activationTrigger', 'validation:invalidValue'],
    ['no name', { name: '' }, 'name', 'validation:required'],
    ['an internal code with spaces', { internalCode: 'LF PS' }, 'internalCode', 'validation:internalCode'],
    ['a TWR phone with letters', { twrPhoneNumber: 'call us' }, 'twrPhoneNumber', 'validation:phone'],
    [
      'a ring with three positions',
      {
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [2, 48],
              [2.1, 48],
              [2, 48],
            ],
          ],
        },
      },
      'geometry.coordinates.0',
      'validation:geometry.ring',
    ],
    [
      'a ring that does not close',
      {
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [2, 48],
              [2.1, 48],
              [2.1, 48.1],
              [2, 48.1],
            ],
          ],
        },
      },
      'geometry',
      'validation:geometry.notClosed',
    ],
    ['a polygon crossing itself', { geometry: bowTie }, 'geometry', 'validation:geometry.selfIntersecting'],
    [
      'a polygon whose points lie on one line (no surface)',
      {
        geometry: {
          type: 'MultiPolygon',
          coordinates: [
            SQUARE.coordinates,
            [
              [
                [2.2, 48.2],
                [2.21, 48.21],
                [2.22, 48.22],
                [2.2, 48.2],
              ],
            ],
          ],
        },
      },
      'geometry',
      'validation:geometry.noSurface',
    ],
    [
      'a latitude beyond 90°',
      {
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [2, 91],
              [2.1, 48],
              [2.1, 48.1],
              [2, 91],
            ],
          ],
        },
      },
      'geometry.coordinates.0.0.1',
      'validation:tooBig',
    ],
    ['a point instead of an area', { geometry: { type: 'Point', coordinates: [2, 48] } }, 'geometry.type', 'validation:invalid'],
  ])('refuses %s with 422 VALIDATION_FAILED and stores nothing', async (_name, overrides, field, message) => {
    const before = await t.db.prisma.airspace.count();
    const response = await create(validAirspace(overrides));

    expectError(response, 422, 'VALIDATION_FAILED');
    expect(response.body.fields[field], JSON.stringify(response.body.fields)).toContain(message);
    expect(await t.db.prisma.airspace.count()).toBe(before);
  });

  it('refuses as manager a user whose groups do not hold the manager rights', async () => {
    const response = await create(validAirspace({ managerIds: [operator.user.id] }));
    expectError(response, 422, 'VALIDATION_FAILED');
    expect(response.body.fields.managerIds).toEqual(['validation:notAManager']);
  });

  it('refuses an internal code already in use with 409 AIRSPACE_CODE_TAKEN', async () => {
    const first = validAirspace();
    await create(first);
    expectError(await create(validAirspace({ internalCode: first.internalCode })), 409, 'AIRSPACE_CODE_TAKEN');
  });

  it('offers as managers only the users holding the manager rights', async () => {
    const response = await request(t.app).get('/api/airspaces/manager-candidates').set(admin.auth);
    const ids = (response.body as { id: string }[]).map((user) => user.id);
    expect(ids).toContain(manager.user.id);
    expect(ids).toContain(otherManager.user.id);
    expect(ids).not.toContain(operator.user.id);
  });

  it('lists with search, filters and sort; a reader reads one airspace', async () => {
    const hidden = (await create(validAirspace({ name: 'Zulu hidden', visibleToOperators: false, managerIds: [otherManager.user.id] })))
      .body;

    const list = await request(t.app)
      .get('/api/airspaces')
      .query({ search: 'zulu', visibleToOperators: 'false', managerId: otherManager.user.id, sort: 'internalCode', order: 'desc' })
      .set(reader.auth);
    expect(list.body).toMatchObject({ total: 1, items: [{ id: hidden.id, visibleToOperators: false, hasGeometry: true }] });
    expect((await request(t.app).get(`/api/airspaces/${hidden.id}`).set(reader.auth)).body.name).toBe('Zulu hidden');
  });

  it('a manager sees only its own airspaces through /mine and edits their manager fields only', async () => {
    const own = (await create(validAirspace({ name: 'Own airspace', managerIds: [manager.user.id] }))).body;
    const others = (await create(validAirspace({ name: 'Other airspace', managerIds: [otherManager.user.id] }))).body;

    const mine = await request(t.app).get('/api/airspaces/mine').set(manager.auth);
    const mineIds = (mine.body as { id: string }[]).map((airspace) => airspace.id);
    expect(mineIds).toContain(own.id);
    expect(mineIds).not.toContain(others.id);

    const changes = {
      generalConditions: 'Weekends too',
      news: null,
      maxNoticeDays: 30,
      activationTrigger: 'always',
      name: 'Renamed',
      managerIds: [],
    };
    const edited = await request(t.app).put(`/api/airspaces/mine/${own.id}`).set(manager.auth).send(changes);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      generalConditions: 'Weekends too',
      news: null,
      maxNoticeDays: 30,
      activationTrigger: 'always',
      name: 'Own airspace',
      internalCode: own.internalCode,
      managers: [{ id: manager.user.id }],
      geometry: own.geometry,
    });
  });

  it("a manager editing another manager's airspace gets 404 NOT_FOUND and changes nothing", async () => {
    const others = (await create(validAirspace({ managerIds: [otherManager.user.id] }))).body;

    const response = await request(t.app).put(`/api/airspaces/mine/${others.id}`).set(manager.auth).send({ generalConditions: 'Mine now' });

    expectError(response, 404, 'NOT_FOUND');
    expect((await t.db.prisma.airspace.findUniqueOrThrow({ where: { id: others.id } })).generalConditions).toBe('Weekdays only');
  });

  it('the manager form is validated by the same rules', async () => {
    const own = (await create(validAirspace())).body;
    const response = await request(t.app)
      .put(`/api/airspaces/mine/${own.id}`)
      .set(manager.auth)
      .send({ minNoticeDays: 5, maxNoticeDays: 2, forwardingEmails: ['nope'] });
    expectError(response, 422, 'VALIDATION_FAILED');
    expect(response.body.fields).toMatchObject({ maxNoticeDays: ['validation:maxBelowMin'], 'forwardingEmails.0': ['validation:email'] });
  });

  it('deletes an airspace', async () => {
    const { id } = (await create(validAirspace())).body as { id: string };
    expect((await request(t.app).delete(`/api/airspaces/${id}`).set(admin.auth)).status).toBe(204);
    expectError(await request(t.app).get(`/api/airspaces/${id}`).set(admin.auth), 404, 'NOT_FOUND');
  });
});
