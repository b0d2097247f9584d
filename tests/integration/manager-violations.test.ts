import Papa from 'papaparse';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '../../src/shared/contracts/common';
import type { LiveViolation } from '../../src/shared/contracts/traffic';
import { violationSchema, violationTrackSchema } from '../../src/shared/contracts/alerts';
import { createAlert, createViolation, SACLAY_SQUARE } from '../factories/records';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { listen, openStream } from './live-support';
import { square } from './missions-support';
import { CLOCK_START, expectError } from './support';
import { file, managedAirspace, operatorWithMission } from './requests-support';

describe("a manager's violations: the episodes of his airspaces' flights only", () => {
  let t: TestApp;
  let mine: Awaited<ReturnType<typeof managedAirspace>>;
  let theirs: Awaited<ReturnType<typeof managedAirspace>>;
  let own: { id: string; reference: string; missionId: string };
  let other: { id: string };
  let thirdParty: { id: string };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(CLOCK_START);
    mine = await managedAirspace(t);
    theirs = await managedAirspace(t, { geometry: square(2.3, 48.68, 0.07), minLon: 2.3, maxLon: 2.37, minLat: 48.68, maxLat: 48.75 });
    const filed = async (airspaceId: string, change: Record<string, unknown> = {}) => {
      const { operator, missionId } = await operatorWithMission(t, change);
      const response = await file(t, operator.auth, { missionId, airspaceId });
      if (response.status !== 201) throw new Error(JSON.stringify(response.body));
      return { missionId, reference: response.body.referenceNumber as string };
    };
    const inMine = await filed(mine.airspace.id);
    const inTheirs = await filed(theirs.airspace.id, { areas: square(2.33, 48.7, 0.005) });
    const alert = await createAlert(t.db.prisma, { type: 'missionCompliance', name: 'Saclay compliance' });
    const episode = await createViolation(t.db.prisma, alert.id, {
      ident: 'MINE-1',
      missionId: inMine.missionId,
      startedAt: new Date('2026-06-15T07:00:00Z'),
      endedAt: null,
    });
    own = { id: episode.id, reference: inMine.reference, missionId: inMine.missionId };
    other = await createViolation(t.db.prisma, alert.id, { ident: 'THEIRS-1', missionId: inTheirs.missionId });
    thirdParty = await createViolation(t.db.prisma, alert.id, { ident: 'ADSB-1' });
  }, 60_000);
  afterAll(() => t.close());

  it("lists his flights' episodes with their mission and request reference, and no one else's", async () => {
    const response = await request(t.app).get('/api/violations').set(mine.manager.auth);

    expect(response.status).toBe(200);
    const page = pageOf(violationSchema).parse(response.body);
    expect(page.items.map((item) => item.id)).toEqual([own.id]);
    expect(page.items[0]?.mission).toMatchObject({ title: expect.any(String), references: [own.reference] });
    const open = await request(t.app).get('/api/violations?state=closed').set(mine.manager.auth);
    expect(open.body.total).toBe(0);
  });

  it("answers 404 to another manager for his episode; an operator reads none of them (only his own flights')", async () => {
    expectError(await request(t.app).get(`/api/violations/${own.id}`).set(theirs.manager.auth), 404, 'NOT_FOUND');
    expect((await request(t.app).get(`/api/violations/${own.id}`).set(mine.manager.auth)).body).toMatchObject({ id: own.id });
    const theirList = await request(t.app).get('/api/violations').set(theirs.manager.auth);
    expect(theirList.body.items.map((item: { id: string }) => item.id)).toEqual([other.id]);
    expectError(await request(t.app).get('/api/violations'), 401, 'UNAUTHENTICATED');
    const operator = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST', 'PREFLIGHT_EDIT']);
    expect((await request(t.app).get('/api/violations').set(operator.auth)).body).toMatchObject({ items: [], total: 0 });
    expectError(await request(t.app).get(`/api/violations/${own.id}`).set(operator.auth), 404, 'NOT_FOUND');
    expectError(await request(t.app).get('/api/violations/notices').set(operator.auth), 403, 'NOT_ALLOWED');
  });

  it("draws an episode on a map: its positions while it lasted, the alert's area only to who may see it drawn, else the mission's", async () => {
    const prisma = t.db.prisma;
    const at = (minute: number) => new Date(Date.UTC(2026, 5, 15, 7, minute));
    await prisma.track.createMany({
      data: [-1, 0, 1, 2, 3].map((minute) => ({
        source: 'as' as const,
        ident: 'MINE-1',
        time: at(minute),
        type: 'drone' as const,
        lat: 48.71 + minute / 1000,
        lon: 2.15,
        heightM: 40 + minute,
      })),
    });
    // Still open: it lasts up to its last offending position.
    await prisma.violation.update({ where: { id: own.id }, data: { lastAt: at(2) } });
    const alert = await prisma.violation.findUniqueOrThrow({ where: { id: own.id }, select: { alertId: true } });
    await prisma.alert.update({ where: { id: alert.alertId! }, data: { isDisplayed: false } });

    const response = await request(t.app).get(`/api/violations/${own.id}/track`).set(mine.manager.auth);

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const track = violationTrackSchema.parse(response.body);
    expect(track.positions.map((position) => position.time)).toEqual([0, 1, 2].map((minute) => at(minute).toISOString()));
    expect(track.positions[1]).toEqual({ time: at(1).toISOString(), latitude: 48.711, longitude: 2.15, heightM: 41 });
    expect(track.truncated).toBe(false);
    expect(track.area).toBeNull();
    const admin = await signedInUser(t.app, t.db.prisma, ['VIOLATION_LIST_ADMIN', 'ALERT_LIST_ADMIN']);
    expect((await request(t.app).get(`/api/violations/${own.id}/track`).set(admin.auth)).body.area).toEqual(SACLAY_SQUARE);
    await prisma.alert.update({ where: { id: alert.alertId! }, data: { isDisplayed: true } });
    expect((await request(t.app).get(`/api/violations/${own.id}/track`).set(mine.manager.auth)).body.area).toEqual(SACLAY_SQUARE);

    const conformance = await prisma.violation.create({
      data: {
        rule: 'area',
        ident: 'MINE-2',
        source: 'mo',
        missionId: own.missionId,
        startedAt: at(5),
        lastAt: at(5),
        latitude: 48.7,
        longitude: 2.15,
      },
    });
    const mission = await prisma.mission.findUniqueOrThrow({ where: { id: own.missionId }, select: { areas: true } });
    const ofRule = await request(t.app).get(`/api/violations/${conformance.id}/track`).set(mine.manager.auth);
    expect(ofRule.body).toEqual({ positions: [], truncated: false, area: mission.areas });

    expectError(await request(t.app).get(`/api/violations/${own.id}/track`).set(theirs.manager.auth), 404, 'NOT_FOUND');
    expectError(await request(t.app).get('/api/violations/not-an-id/track').set(mine.manager.auth), 422, 'VALIDATION_FAILED');
    await prisma.violation.delete({ where: { id: conformance.id } });
  });

  it('exports his filtered episodes as CSV', async () => {
    const response = await request(t.app).get('/api/violations/csv?state=open').set(mine.manager.auth);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = Papa.parse<Record<string, string>>(response.text.trim(), { header: true }).data;
    expect(rows).toEqual([expect.objectContaining({ ident: 'MINE-1', ended_at: '', alert: 'Saclay compliance', requests: own.reference })]);
  });

  it('gives the administrators every episode, third-party traffic included', async () => {
    const admin = await signedInUser(t.app, t.db.prisma, ['VIOLATION_LIST_ADMIN']);

    const response = await request(t.app).get('/api/violations').set(admin.auth);

    expect(response.body.items.map((item: { id: string }) => item.id)).toEqual(expect.arrayContaining([own.id, other.id, thirdParty.id]));
  });

  it('tells a manager at once when a flight in his airspace starts an episode, once per episode, and nobody else', async () => {
    const server = await listen(t.app);
    const his = await openStream(server.url, mine.manager.session.token, '/api/violations/notices');
    const other = await openStream(server.url, theirs.manager.session.token, '/api/violations/notices');
    try {
      expect(his.response.status).toBe(200);
      await expect.poll(() => his.heartbeats + other.heartbeats).toBe(2);
      const started: LiveViolation = {
        id: 'episode-notice-1',
        alertId: 'alert-1',
        alertName: 'Saclay compliance',
        alertType: 'missionCompliance',
        ident: 'MINE-2',
        source: 'wi',
        missionId: null,
        startedAt: t.clock.now().toISOString(),
        endedAt: null,
        lat: 48.7,
        lon: 2.15,
        worstValue: 12,
      };

      await t.ctx.trafficBus.publishViolation(started);
      await t.ctx.trafficBus.publishViolation({ ...started, worstValue: 30 });
      await t.ctx.trafficBus.publishViolation({ ...started, id: 'episode-notice-2', ident: 'MINE-3' });

      expect(await his.next('violation', 1000)).toEqual(started);
      expect((await his.next('violation', 1000)).id).toBe('episode-notice-2');
      expect(his.events).toHaveLength(2);
      expect(other.events).toEqual([]);
    } finally {
      his.close();
      other.close();
      await server.close();
    }
  });
});
