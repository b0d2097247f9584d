import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS, type Right } from '../../src/shared/domain/rights';
import { signedInUser } from '../factories/users';
import { createAlert, createViolation, SACLAY_SQUARE } from '../factories/records';
import { createTestApp, type TestApp } from '../setup/test-app';
import { expectError } from './support';

const NO_ID = '00000000-0000-4000-8000-000000000000';

describe('alerts and violations', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t.app, t.db.prisma, ['ALERT_LIST_ADMIN', 'ALERT_EDIT_ADMIN', 'VIOLATION_LIST_ADMIN']);
  });
  afterAll(() => t.close());

  const validAlert = (extra: Record<string, unknown> = {}) => ({
    name: 'Saclay plateau',
    type: 'doNotEnter',
    isDisplayed: true,
    lowerLimitM: 0,
    upperLimitM: 150,
    permanent: false,
    notifyEmail: true,
    notifyPush: true,
    geometry: SACLAY_SQUARE,
    geometrySources: ['geojson', 'drawn', 'drawn'],
    ...extra,
  });
  const post = (body: unknown) =>
    request(t.app)
      .post('/api/alerts')
      .set(admin.auth)
      .send(body as object);

  describe('authentication and rights', () => {
    const endpoints: [string, string, Right][] = [
      ['get', '/api/alerts', 'ALERT_LIST_ADMIN'],
      ['post', '/api/alerts', 'ALERT_EDIT_ADMIN'],
      ['get', `/api/alerts/${NO_ID}`, 'ALERT_LIST_ADMIN'],
      ['put', `/api/alerts/${NO_ID}`, 'ALERT_EDIT_ADMIN'],
      ['delete', `/api/alerts/${NO_ID}`, 'ALERT_EDIT_ADMIN'],
    ];
    const signedIn: [string, string][] = [
      ...endpoints.map(([method, path]): [string, string] => [method, path]),
      ['get', '/api/violations'],
    ];
    it.each(signedIn)('%s %s answers 401 UNAUTHENTICATED without a token', async (method, path) => {
      expectError(await request(t.app)[method as 'get'](path), 401, 'UNAUTHENTICATED');
    });
    it.each(endpoints)('%s %s answers 403 NOT_ALLOWED to a user holding every right but %s', async (method, path, right) => {
      const { auth } = await signedInUser(t.app, t.db.prisma, RIGHTS.filter((r) => r !== right) as Right[]);
      expectError(await request(t.app)[method as 'get'](path).set(auth).send(validAlert()), 403, 'NOT_ALLOWED');
    });
  });

  describe('POST /api/alerts', () => {
    it('creates an alert with every field, its linked users and its geometry sources once each', async () => {
      const linked = await signedInUser(t.app, t.db.prisma);
      const response = await post(
        validAlert({
          type: 'proximities',
          showForUsersOnly: true,
          linkedUserIds: [linked.user.id],
          proximityHorizontalM: 500,
          proximityVerticalM: 100,
          proximitySources: ['as', 'wi', 'as'],
          proximityTargetSources: ['ab'],
          notifySms: true,
        }),
      );

      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        name: 'Saclay plateau',
        type: 'proximities',
        showForUsersOnly: true,
        linkedUsers: [{ id: linked.user.id, email: linked.user.email }],
        lowerLimitM: 0,
        upperLimitM: 150,
        permanent: false,
        proximityHorizontalM: 500,
        proximityVerticalM: 100,
        proximitySources: ['as', 'wi'],
        proximityTargetSources: ['ab'],
        notifyEmail: true,
        notifySms: true,
        notifyPush: true,
        geometry: SACLAY_SQUARE,
        geometrySources: ['geojson', 'drawn'],
        violationCount: 0,
      });
    });

    it.each([
      ['name', { name: ' ' }, 'validation:required'],
      ['type', { type: 'nearby' }, 'validation:invalidValue'],
      ['upperLimitM', { lowerLimitM: 200, upperLimitM: 150 }, 'validation:alert.limits'],
      ['upperLimitM', { lowerLimitM: 150, upperLimitM: 150 }, 'validation:alert.limits'],
      ['lowerLimitM', { lowerLimitM: -1 }, 'validation:tooSmall'],
      ['upperLimitM', { upperLimitM: 12.5 }, 'validation:integer'],
      ['geometry.coordinates', { geometry: { type: 'MultiPolygon', coordinates: [] } }, 'validation:alert.geometryRequired'],
      [
        'geometry.coordinates.0.0',
        {
          geometry: {
            type: 'MultiPolygon',
            coordinates: [
              [
                [
                  [2, 48],
                  [2.1, 48],
                  [2.1, 48.1],
                  [2, 48.1],
                ],
              ],
            ],
          },
        },
        'validation:alert.geometryInvalid',
      ],
      ['geometrySources', { geometrySources: [] }, 'validation:atLeastOne'],
      ['linkedUserIds', { showForUsersOnly: true, linkedUserIds: [] }, 'validation:atLeastOne'],
      [
        'proximityHorizontalM',
        { type: 'proximities', proximityVerticalM: 10, proximitySources: ['as'], proximityTargetSources: ['ab'] },
        'validation:required',
      ],
      [
        'proximitySources',
        { type: 'proximities', proximityHorizontalM: 10, proximityVerticalM: 10, proximityTargetSources: ['ab'] },
        'validation:atLeastOne',
      ],
      ['proximityTargetSources.0', { proximityTargetSources: ['xx'] }, 'validation:invalidValue'],
    ])('refuses %s (%j) with %s and stores nothing', async (field, extra, message) => {
      const before = await t.db.prisma.alert.count();

      const response = await post(validAlert(extra));

      expectError(response, 422, 'VALIDATION_FAILED');
      expect(response.body.fields[field]).toContain(message);
      expect(await t.db.prisma.alert.count()).toBe(before);
    });

    it('refuses a linked user that does not exist', async () => {
      const response = await post(validAlert({ linkedUserIds: [NO_ID] }));

      expectError(response, 422, 'VALIDATION_FAILED');
      expect(response.body.fields.linkedUserIds).toEqual(['validation:invalidValue']);
    });
  });

  describe('GET, PUT and DELETE /api/alerts/:id', () => {
    it('lists alerts with search, type filter, sort and the count of violations each holds', async () => {
      const alpha = await createAlert(t.db.prisma, { name: 'ZZ-search Alpha', type: 'height' });
      await createAlert(t.db.prisma, { name: 'ZZ-search Beta', type: 'doNotEnter' });
      await createViolation(t.db.prisma, alpha.id);

      const byType = await request(t.app).get('/api/alerts').query({ search: 'zz-search', type: 'height' }).set(admin.auth);
      const sorted = await request(t.app).get('/api/alerts').query({ search: 'zz-search', sort: 'name', order: 'desc' }).set(admin.auth);

      expect(byType.body).toMatchObject({ total: 1, items: [{ id: alpha.id, violationCount: 1 }] });
      expect(sorted.body.items.map((alert: { name: string }) => alert.name)).toEqual(['ZZ-search Beta', 'ZZ-search Alpha']);
    });

    it('replaces an alert, linked users included', async () => {
      const alert = await createAlert(t.db.prisma);

      const response = await request(t.app)
        .put(`/api/alerts/${alert.id}`)
        .set(admin.auth)
        .send(validAlert({ name: 'Renamed', type: 'stayInside' }));

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: alert.id, name: 'Renamed', type: 'stayInside', linkedUsers: [] });
    });

    it('answers 404 for an unknown alert', async () => {
      expectError(await request(t.app).get(`/api/alerts/${NO_ID}`).set(admin.auth), 404, 'NOT_FOUND');
      expectError(await request(t.app).put(`/api/alerts/${NO_ID}`).set(admin.auth).send(validAlert()), 404, 'NOT_FOUND');
      expectError(await request(t.app).delete(`/api/alerts/${NO_ID}`).set(admin.auth), 404, 'NOT_FOUND');
    });

    it('deletes an alert together with its violations, and only its own', async () => {
      const doomed = await createAlert(t.db.prisma);
      const kept = await createAlert(t.db.prisma);
      await createViolation(t.db.prisma, doomed.id);
      await createViolation(t.db.prisma, doomed.id);
      const survivor = await createViolation(t.db.prisma, kept.id);

      const response = await request(t.app).delete(`/api/alerts/${doomed.id}`).set(admin.auth);

      expect(response.status).toBe(204);
      expect(await t.db.prisma.violation.count({ where: { alertId: doomed.id } })).toBe(0);
      expect(await t.db.prisma.violation.findUnique({ where: { id: survivor.id } })).not.toBeNull();
      expect(await t.db.prisma.auditLog.findFirst({ where: { subjectId: doomed.id, action: 'alert.deleted' } })).toMatchObject({
        data: { violations: 2 },
      });
    });
  });

  describe('GET /api/alerts/around', () => {
    // Near Grenoble, away from the other tests' Saclay alerts.
    const square = (lon: number, lat: number) => ({
      type: 'MultiPolygon' as const,
      coordinates: [
        [
          [
            [lon, lat],
            [lon + 0.01, lat],
            [lon + 0.01, lat + 0.01],
            [lon, lat + 0.01],
            [lon, lat],
          ],
        ],
      ],
    });
    const around = (auth: Record<string, string>, bbox: string) => request(t.app).get('/api/alerts/around').query({ bbox }).set(auth);

    it('lists to any signed-in user the displayed alerts meeting the box, those for linked users only to them', async () => {
      const pilot = await signedInUser(t.app, t.db.prisma);
      const shown = await createAlert(t.db.prisma, { name: 'Around shown', geometry: square(5.7, 45.18), upperLimitM: 120 });
      await createAlert(t.db.prisma, { name: 'Around hidden', geometry: square(5.71, 45.18), isDisplayed: false });
      await createAlert(t.db.prisma, { name: 'Around far', geometry: square(5.9, 45.18) });
      const linked = await createAlert(t.db.prisma, {
        name: 'Around linked',
        geometry: square(5.72, 45.18),
        showForUsersOnly: true,
        linkedUsers: { connect: { id: pilot.user.id } },
      });
      const other = await signedInUser(t.app, t.db.prisma);

      const mine = await around(pilot.auth, '5.69,45.17,5.75,45.2');
      const theirs = await around(other.auth, '5.69,45.17,5.75,45.2');

      expect(mine.status).toBe(200);
      expect(mine.body.map((alert: { name: string }) => alert.name).sort()).toEqual(['Around linked', 'Around shown']);
      expect(mine.body.find((alert: { id: string }) => alert.id === shown.id)).toMatchObject({
        type: 'doNotEnter',
        upperLimitM: 120,
        geometry: square(5.7, 45.18),
      });
      expect(theirs.body.map((alert: { id: string }) => alert.id)).not.toContain(linked.id);
      expect(theirs.body.map((alert: { id: string }) => alert.id)).toContain(shown.id);
    });

    it('refuses a missing, malformed or country-wide box with 422, and an anonymous caller with 401', async () => {
      expectError(await request(t.app).get('/api/alerts/around'), 401, 'UNAUTHENTICATED');
      expectError(await request(t.app).get('/api/alerts/around').set(admin.auth), 422, 'VALIDATION_FAILED');
      expectError(await around(admin.auth, '5.7,45.1,x,45.2'), 422, 'VALIDATION_FAILED');
      expectError(await around(admin.auth, '-2,43,7,50'), 422, 'VALIDATION_FAILED');
    });
  });

  describe('GET /api/violations', () => {
    it('lists violations newest first, filtered by alert, type, source, period and ident', async () => {
      const alert = await createAlert(t.db.prisma, { type: 'nonCollaborative' });
      const old = await createViolation(t.db.prisma, alert.id, {
        ident: 'VX-OLD',
        startedAt: new Date('2026-01-02T10:00:00Z'),
        source: 'ab',
      });
      const recent = await createViolation(t.db.prisma, alert.id, { ident: 'VX-NEW', startedAt: new Date('2026-06-01T10:00:00Z') });

      const all = await request(t.app).get('/api/violations').query({ alertId: alert.id }).set(admin.auth);
      const bySource = await request(t.app).get('/api/violations').query({ alertId: alert.id, source: 'ab' }).set(admin.auth);
      const byType = await request(t.app).get('/api/violations').query({ type: 'nonCollaborative', search: 'vx-new' }).set(admin.auth);
      const byPeriod = await request(t.app)
        .get('/api/violations')
        .query({ alertId: alert.id, from: '2026-05-01T00:00:00Z', to: '2026-06-30T00:00:00Z' })
        .set(admin.auth);

      expect(all.body.items.map((v: { id: string }) => v.id)).toEqual([recent.id, old.id]);
      expect(all.body.items[0]).toMatchObject({ alert: { id: alert.id, type: 'nonCollaborative' }, ident: 'VX-NEW', source: 'as' });
      expect(bySource.body.items.map((v: { id: string }) => v.id)).toEqual([old.id]);
      expect(byType.body.items.map((v: { id: string }) => v.id)).toEqual([recent.id]);
      expect(byPeriod.body.items.map((v: { id: string }) => v.id)).toEqual([recent.id]);
    });

    it('lists episodes by state, an ongoing one overlapping every period after its start', async () => {
      const alert = await createAlert(t.db.prisma, { type: 'height' });
      const ended = await createViolation(t.db.prisma, alert.id, { startedAt: new Date('2026-03-01T10:00:00Z') });
      const ongoing = await createViolation(t.db.prisma, alert.id, {
        startedAt: new Date('2026-03-02T10:00:00Z'),
        endedAt: null,
        lastAt: new Date('2026-03-02T10:05:00Z'),
        positionCount: 12,
        worstValue: 42,
      });

      const open = await request(t.app).get('/api/violations').query({ alertId: alert.id, state: 'open' }).set(admin.auth);
      const closed = await request(t.app).get('/api/violations').query({ alertId: alert.id, state: 'closed' }).set(admin.auth);
      const later = await request(t.app).get('/api/violations').query({ alertId: alert.id, from: '2026-05-01T00:00:00Z' }).set(admin.auth);

      expect(open.body.items).toEqual([
        expect.objectContaining({ id: ongoing.id, endedAt: null, positionCount: 12, worstValue: 42, lastAt: '2026-03-02T10:05:00.000Z' }),
      ]);
      expect(closed.body.items.map((v: { id: string }) => v.id)).toEqual([ended.id]);
      expect(later.body.items.map((v: { id: string }) => v.id)).toEqual([ongoing.id]);
    });

    it('shows a user without VIOLATION_LIST_ADMIN the episodes of his own flights only, conformance ones with their rule', async () => {
      const operator = await signedInUser(t.app, t.db.prisma);
      const pilotAccount = await signedInUser(t.app, t.db.prisma, ['SUPERVISION_PILOT'], { parent: { connect: { id: operator.user.id } } });
      const pilot = await t.db.prisma.pilot.create({
        data: {
          userId: operator.user.id,
          supervisedUserId: pilotAccount.user.id,
          firstName: 'Paul',
          lastName: 'Pilot',
          email: 'paul@example.test',
        },
      });
      const flown = await t.db.prisma.mission.create({
        data: { userId: operator.user.id, title: 'Flown by Paul', referentPilotId: pilot.id },
      });
      const other = await t.db.prisma.mission.create({ data: { userId: operator.user.id, title: 'Another pilot' } });
      const alert = await createAlert(t.db.prisma, { type: 'doNotEnter' });
      const area = await t.db.prisma.violation.create({
        data: {
          rule: 'area',
          ident: 'OP',
          source: 'mo',
          missionId: flown.id,
          startedAt: new Date(),
          lastAt: new Date(),
          latitude: 48.7,
          longitude: 2.1,
          worstValue: 40,
        },
      });
      const height = await createViolation(t.db.prisma, alert.id, { missionId: other.id, ident: 'OP' });
      await createViolation(t.db.prisma, alert.id, { ident: 'STRANGER' });
      const list = async (user: { auth: Record<string, string> }, query: Record<string, string> = {}) => {
        const response = await request(t.app).get('/api/violations').query(query).set(user.auth);
        expect(response.status).toBe(200);
        return response.body.items.map((v: { id: string }) => v.id).sort();
      };

      expect(await list(operator)).toEqual([area.id, height.id].sort());
      expect(await list(pilotAccount)).toEqual([area.id]);
      expect(await list(operator, { rule: 'area' })).toEqual([area.id]);
      expect(await list(operator, { id: height.id })).toEqual([height.id]);
      const [episode] = (await request(t.app).get('/api/violations').query({ id: area.id }).set(operator.auth)).body.items;
      expect(episode).toMatchObject({ alert: null, rule: 'area', missionId: flown.id, worstValue: 40 });
    });

    it('refuses a period bound that is not a date-time', async () => {
      const response = await request(t.app).get('/api/violations').query({ from: 'yesterday' }).set(admin.auth);

      expectError(response, 422, 'VALIDATION_FAILED');
      expect(response.body.fields.from).toEqual(['validation:dateTime']);
    });
  });
});
