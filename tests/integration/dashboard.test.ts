import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema } from '../../src/shared/contracts/dashboard';
import { createDroneModel, createMachine, createPilot } from '../factories/registry';
import { createAlert, createViolation } from '../factories/records';
import { createUser, signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { expectError } from './support';

describe('GET /api/dashboard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-06-15T08:00:00Z');
  });
  afterAll(() => t.close());

  it('answers 401 without a token', async () => {
    expectError(await request(t.app).get('/api/dashboard'), 401, 'UNAUTHENTICATED');
  });

  it('gives an operator its profile and the detections of its own machines over 7 days, since the month and since 1 January', async () => {
    const operator = await signedInUser(t.app, t.db.prisma, ['MACHINE_LIST']);
    const stranger = await signedInUser(t.app, t.db.prisma);
    await createPilot(t.db.prisma, operator.user.id);
    await createMachine(t.db.prisma, operator.user.id, { remoteIdentificationNumber: 'OWNRID1', serialNumber: 'OWNSN1' });
    await createMachine(t.db.prisma, stranger.user.id, { serialNumber: 'STRANGER1' });
    const alert = await createAlert(t.db.prisma);
    await createViolation(t.db.prisma, alert.id, { ident: 'OWNRID1', startedAt: new Date('2026-06-15T07:00:00Z') });
    await createViolation(t.db.prisma, alert.id, { ident: 'OWNSN1', startedAt: new Date('2026-06-10T23:59:00Z') });
    await createViolation(t.db.prisma, alert.id, { ident: 'OWNSN1', startedAt: new Date('2026-06-02T12:00:00Z') });
    await createViolation(t.db.prisma, alert.id, { ident: 'OWNSN1', startedAt: new Date('2026-02-02T12:00:00Z') });
    await createViolation(t.db.prisma, alert.id, { ident: 'OWNSN1', startedAt: new Date('2025-12-31T12:00:00Z') });
    await createViolation(t.db.prisma, alert.id, { ident: 'STRANGER1', startedAt: new Date('2026-06-14T12:00:00Z') });

    const response = await request(t.app).get('/api/dashboard').set(operator.auth);

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      scope: 'operator',
      profile: { pilots: 1, machines: 1, missions: 0 },
      detections: { last7Days: 2, sinceMonthStart: 3, sinceYearStart: 4 },
      admin: null,
    });
    expect(response.body.detections.days).toEqual([
      { day: '2026-06-09', count: 0 },
      { day: '2026-06-10', count: 1 },
      { day: '2026-06-11', count: 0 },
      { day: '2026-06-12', count: 0 },
      { day: '2026-06-13', count: 0 },
      { day: '2026-06-14', count: 0 },
      { day: '2026-06-15', count: 1 },
    ]);
  });

  it('counts the traffic tracked in each period: distinct idents per source, an operator only its own', async () => {
    const operator = await signedInUser(t.app, t.db.prisma, ['MACHINE_LIST']);
    const admin = await signedInUser(t.app, t.db.prisma, ['DASHBOARD_ADMIN']);
    const track = (ident: string, time: string, fields: { source?: 'wi' | 'ab'; userId?: string } = {}) => ({
      source: fields.source ?? 'wi',
      ident,
      userId: fields.userId ?? null,
      time: new Date(time),
      type: 'drone' as const,
      lat: 48.7,
      lon: 2.17,
    });
    await t.db.prisma.track.createMany({
      data: [
        // One drone of the operator, three positions over two days: one tracked ident.
        track('OWN-1', '2026-06-14T10:00:00Z', { userId: operator.user.id }),
        track('OWN-1', '2026-06-14T10:00:05Z', { userId: operator.user.id }),
        track('OWN-1', '2026-06-15T07:00:00Z', { userId: operator.user.id }),
        track('OWN-2', '2026-06-03T10:00:00Z', { userId: operator.user.id }),
        track('OWN-3', '2026-03-03T10:00:00Z', { userId: operator.user.id }),
        track('OWN-OLD', '2025-12-31T10:00:00Z', { userId: operator.user.id }),
        // The same ident from another source is another track; a plane is nobody's.
        track('OWN-1', '2026-06-14T10:00:00Z', { source: 'ab' }),
        track('F-GABC', '2026-06-13T10:00:00Z', { source: 'ab' }),
        track('LATER', '2026-06-15T09:00:00Z', { userId: operator.user.id }),
      ],
    });

    const own = await request(t.app).get('/api/dashboard').set(operator.auth);
    const platform = await request(t.app).get('/api/dashboard').set(admin.auth);

    expect(dashboardSchema.parse(own.body).detections.tracks).toEqual({ last7Days: 1, sinceMonthStart: 2, sinceYearStart: 3 });
    expect(dashboardSchema.parse(platform.body).detections.tracks).toEqual({ last7Days: 3, sinceMonthStart: 4, sinceYearStart: 5 });
  });

  it('ranks the drone models of the last 100 machines declared', async () => {
    const owner = await signedInUser(t.app, t.db.prisma);
    const popular = await createDroneModel(t.db.prisma, { brand: 'DJI', name: 'Popular' });
    const rare = await createDroneModel(t.db.prisma, { brand: 'Parrot', name: 'Rare' });
    await createMachine(t.db.prisma, owner.user.id, { droneModelId: rare.id, createdAt: new Date('2020-01-01T00:00:00Z') });
    for (let index = 0; index < 100; index += 1) {
      await createMachine(t.db.prisma, owner.user.id, { droneModelId: popular.id, createdAt: new Date(Date.UTC(2030, 0, 1, 0, index)) });
    }

    const response = await request(t.app).get('/api/dashboard').set(owner.auth);

    expect(response.body.popularity).toEqual({ machines: 100, models: [{ key: 'DJI Popular', count: 100 }] });
  });

  it('gives DASHBOARD_ADMIN the platform view: operators, trackers, violations and machines', async () => {
    const admin = await signedInUser(t.app, t.db.prisma, ['DASHBOARD_ADMIN']);
    await t.db.prisma.tracker.create({ data: { ident: 'DASH-T1', vehicle: 'boat', source: 'ai' } });
    const heightAlert = await createAlert(t.db.prisma, { type: 'height' });
    await createViolation(t.db.prisma, heightAlert.id, { startedAt: new Date('2026-06-14T10:00:00Z') });

    const response = await request(t.app).get('/api/dashboard').set(admin.auth);

    expect(dashboardSchema.parse(response.body).scope).toBe('platform');
    expect(response.body.detections.last7Days).toBeGreaterThanOrEqual(1);
    expect(response.body.admin.trackersByVehicle).toContainEqual({ key: 'boat', count: 1 });
    expect(response.body.admin.violationsByType).toContainEqual({ key: 'height', count: 1 });
    expect(response.body.admin.machinesByClass.length).toBeGreaterThan(0);
  });

  it('counts operator accounts by agreement status, not administrators, managers or supervised pilots', async () => {
    const admin = await signedInUser(t.app, t.db.prisma, ['DASHBOARD_ADMIN', 'PREFLIGHT_EDIT']);
    const counts = async () =>
      Object.fromEntries(
        (
          (await request(t.app).get('/api/dashboard').set(admin.auth)).body.admin.operatorsByAgreement as { key: string; count: number }[]
        ).map((row) => [row.key, row.count]),
      );
    const before = await counts();
    const operator = await createUser(t.db.prisma, { rights: ['PREFLIGHT_LIST', 'PREFLIGHT_EDIT'], agreementStatus: 'toBeValidated' });
    await createUser(t.db.prisma, { rights: ['PREFLIGHTPROCEDURE_LIST', 'PREFLIGHTPROCEDURE_EDIT'], agreementStatus: 'toBeValidated' });
    await createUser(t.db.prisma, { rights: ['USER_EDIT_ADMIN', 'PREFLIGHT_EDIT'], agreementStatus: 'toBeValidated' });
    await createUser(t.db.prisma, {
      rights: ['SUPERVISION_PILOT', 'PREFLIGHT_EDIT'],
      agreementStatus: 'toBeValidated',
      parent: { connect: { id: operator.id } },
    });

    const after = await counts();

    expect((after.toBeValidated ?? 0) - (before.toBeValidated ?? 0)).toBe(1);
  });
});
