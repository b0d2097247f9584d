import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MissionVerdict } from '../../src/shared/contracts/regulation';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInUser } from '../factories/users';
import { square } from './missions-support';
import { CLOCK_START, expectError } from './support';
import { INSIDE, decide, file, managedAirspace, operatorWithMission } from './requests-support';

/** Inside the airspace, over INSIDE's north-east quarter. */
const OVER_INSIDE = square(2.1525, 48.7025, 0.005);
/** East of the airspace's outline (2.1–2.17 E). */
const OUTSIDE = square(2.3, 48.7, 0.01);
const JOB = 'temporary-restrictions-recheck';

describe('temporary restrictions published by airspace managers', () => {
  let t: TestApp;
  let space: Awaited<ReturnType<typeof managedAirspace>>;
  beforeAll(async () => {
    t = await createTestApp();
    space = await managedAirspace(t);
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  const restriction = (change: Record<string, unknown> = {}) => ({
    airspaceId: space.airspace.id,
    reason: 'Fire-fighting aircraft over the plateau',
    area: OVER_INSIDE,
    lowerM: 0,
    upperM: 150,
    startAt: '2026-07-01T07:00:00.000Z',
    endAt: '2026-07-01T12:00:00.000Z',
    ...change,
  });

  async function accepted(change: Record<string, unknown>) {
    const { operator, missionId } = await operatorWithMission(t, change);
    const filed = await file(t, operator.auth, { missionId, airspaceId: space.airspace.id });
    if (filed.status !== 201) throw new Error(JSON.stringify(filed.body));
    expect((await decide(t, space.manager.auth, filed.body.id, 'accept')).status).toBe(200);
    return { operator, missionId, referenceNumber: filed.body.referenceNumber as string };
  }

  const zonesOver = async (auth: Record<string, string>) =>
    (await request(t.app).get('/api/zones').query({ bbox: '2.1,48.68,2.17,48.75' }).set(auth)).body.features as {
      properties: { name: string; restriction: string };
    }[];

  it('a temporary restriction over an accepted mission re-checks it and tells its operator (outbox) with the new verdict', async () => {
    const touched = await accepted({ title: 'Plateau survey', areas: INSIDE, maxHeightM: 50 });
    const above = await accepted({ title: 'High mast', areas: INSIDE, minHeightM: 200, maxHeightM: 250 });
    const before = (await t.db.prisma.mission.findUniqueOrThrow({ where: { id: touched.missionId } })).lastVerdict as MissionVerdict;
    expect(before.geozones.filter((zone) => zone.restriction === 'PROHIBITED')).toEqual([]);

    const preview = await request(t.app).post('/api/temporary-restrictions/preview').set(space.manager.auth).send(restriction());
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.missions).toEqual([
      expect.objectContaining({
        missionId: touched.missionId,
        title: 'Plateau survey',
        referenceNumber: touched.referenceNumber,
        status: 'accepted',
      }),
    ]);

    const published = await request(t.app).post('/api/temporary-restrictions').set(space.manager.auth).send(restriction());
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    expect(published.body).toMatchObject({ state: 'scheduled', recheckedAt: null, lowerM: 0, upperM: 150, endedAt: null });
    expect(await zonesOver(touched.operator.auth)).toContainEqual(
      expect.objectContaining({
        properties: expect.objectContaining({ restriction: 'PROHIBITED', name: expect.stringContaining('Fire-fighting') }),
      }),
    );

    await t.ctx.jobs.runNow(JOB);

    const after = (await t.db.prisma.mission.findUniqueOrThrow({ where: { id: touched.missionId } })).lastVerdict as MissionVerdict;
    expect(after.geozones).toContainEqual(
      expect.objectContaining({ restriction: 'PROHIBITED', name: expect.stringContaining('Fire-fighting') }),
    );
    const mails = await t.db.prisma.outboxMessage.findMany({ where: { channel: 'email', recipient: touched.operator.user.email } });
    const told = mails.find((mail) => mail.subject?.includes('Temporary restriction'));
    expect(told?.subject).toContain(touched.referenceNumber);
    expect(told?.text).toContain('Fire-fighting aircraft over the plateau');
    expect(told?.text).toContain('prohibited zones touched: 1');
    expect(told?.text).toContain(`New verdict: ${after.category === 'FORBIDDEN' ? 'forbidden' : after.category.toLowerCase()}`);
    const untouched = await t.db.prisma.outboxMessage.findMany({
      where: { recipient: above.operator.user.email, subject: { contains: 'Temporary restriction' } },
    });
    expect(untouched).toEqual([]);
    const listed = await request(t.app).get('/api/temporary-restrictions').set(space.manager.auth);
    expect(listed.body).toContainEqual(expect.objectContaining({ id: published.body.id, recheckedAt: expect.any(String) }));

    await t.ctx.jobs.runNow(JOB);
    const again = await t.db.prisma.outboxMessage.count({
      where: { recipient: touched.operator.user.email, subject: { contains: 'Temporary restriction' } },
    });
    expect(again).toBe(1);
  });

  it('a restriction starting after the mission starts, before it ends, enters the new verdict; one after it ends is not told', async () => {
    // 2 July, clear of the first test's restriction: the mission flies 08:00–10:00 UTC.
    const touched = await accepted({
      title: 'Late morning survey',
      areas: INSIDE,
      maxHeightM: 50,
      startAt: '2026-07-02T08:00:00.000Z',
      endAt: '2026-07-02T10:00:00.000Z',
    });
    const later = { reason: 'Air show rehearsal from nine', startAt: '2026-07-02T09:00:00.000Z', endAt: '2026-07-02T11:00:00.000Z' };
    const afterEnd = await request(t.app)
      .post('/api/temporary-restrictions')
      .set(space.manager.auth)
      .send(restriction({ reason: 'Evening display', startAt: '2026-07-02T10:30:00.000Z', endAt: '2026-07-02T12:00:00.000Z' }));
    expect(afterEnd.status, JSON.stringify(afterEnd.body)).toBe(201);
    const published = await request(t.app).post('/api/temporary-restrictions').set(space.manager.auth).send(restriction(later));
    expect(published.status, JSON.stringify(published.body)).toBe(201);

    await t.ctx.jobs.runNow(JOB);

    const verdict = (await t.db.prisma.mission.findUniqueOrThrow({ where: { id: touched.missionId } })).lastVerdict as MissionVerdict;
    const prohibited = verdict.geozones.filter((zone) => zone.restriction === 'PROHIBITED').map((zone) => zone.name);
    expect(prohibited).toEqual([expect.stringContaining('Air show rehearsal')]);
    const told = await t.db.prisma.outboxMessage.findMany({
      where: { recipient: touched.operator.user.email, subject: { contains: 'Temporary restriction' } },
    });
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('Air show rehearsal from nine');
    expect(told[0]?.text).toContain('prohibited zones touched: 1');
  });

  it('ending a restriction early removes its zone for everyone; ending it twice is refused', async () => {
    const published = await request(t.app)
      .post('/api/temporary-restrictions')
      .set(space.manager.auth)
      .send(restriction({ reason: 'Rescue exercise', startAt: '2026-06-15T07:00:00.000Z', endAt: '2026-06-15T18:00:00.000Z' }));
    expect(published.body.state).toBe('active');
    expect((await zonesOver(space.manager.auth)).map((zone) => zone.properties.name)).toContainEqual(
      expect.stringContaining('Rescue exercise'),
    );

    const ended = await request(t.app).post(`/api/temporary-restrictions/${published.body.id}/end`).set(space.manager.auth);

    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ state: 'ended', endedAt: CLOCK_START.toISOString() });
    expect((await zonesOver(space.manager.auth)).map((zone) => zone.properties.name)).not.toContainEqual(
      expect.stringContaining('Rescue exercise'),
    );
    expectError(
      await request(t.app).post(`/api/temporary-restrictions/${published.body.id}/end`).set(space.manager.auth),
      409,
      'TEMPORARY_RESTRICTION_ENDED',
    );
  });

  it('only the managers of the airspace and administrators publish; an area outside it and hostile input are refused, nothing stored', async () => {
    const other = await managedAirspace(t);
    const operator = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST', 'PREFLIGHT_EDIT']);
    const admin = await signedInUser(t.app, t.db.prisma, ['AIRSPACE_EDIT_ADMIN']);
    const count = () => t.db.prisma.temporaryRestriction.count();
    const stored = await count();
    const post = (auth: Record<string, string>, body: unknown) =>
      request(t.app)
        .post('/api/temporary-restrictions')
        .set(auth)
        .send(body as object);

    expectError(await post(other.manager.auth, restriction()), 404, 'NOT_FOUND');
    expectError(await post(operator.auth, restriction()), 403, 'NOT_ALLOWED');
    expectError(await post(space.manager.auth, restriction({ area: OUTSIDE })), 422, 'TEMPORARY_RESTRICTION_OUTSIDE_AIRSPACE');
    expectError(await post(space.manager.auth, restriction({ lowerM: 100, upperM: 50 })), 422, 'VALIDATION_FAILED');
    expectError(await post(space.manager.auth, restriction({ endAt: '2026-07-01T06:00:00.000Z' })), 422, 'VALIDATION_FAILED');
    expectError(
      await post(space.manager.auth, restriction({ area: { type: 'Polygon', coordinates: [[[2, 48]]] } })),
      422,
      'VALIDATION_FAILED',
    );
    expectError(await post(space.manager.auth, restriction({ reason: '' })), 422, 'VALIDATION_FAILED');
    expectError(await post(space.manager.auth, { ...restriction(), geozoneId: 'x' }), 422, 'VALIDATION_FAILED');
    expect(await count()).toBe(stored);

    const byAdmin = await post(admin.auth, restriction({ reason: 'Set by the administrator' }));
    expect(byAdmin.status).toBe(201);
    expect((await request(t.app).get('/api/temporary-restrictions').set(other.manager.auth)).body).toEqual([]);
    expectError(await request(t.app).post(`/api/temporary-restrictions/${byAdmin.body.id}/end`).set(other.manager.auth), 404, 'NOT_FOUND');
    expect((await request(t.app).post(`/api/temporary-restrictions/${byAdmin.body.id}/end`).set(admin.auth)).status).toBe(200);
  });

  it('a geozone file cannot be imported under the reserved dataset name', async () => {
    const admin = await signedInUser(t.app, t.db.prisma, ['AIRSPACE_EDIT_ADMIN']);
    const response = await request(t.app)
      .post('/api/zones/import')
      .query({ dataset: 'Temporary restrictions' })
      .set(admin.auth)
      .set('content-type', 'application/json')
      .send({ features: [] });
    expectError(response, 422, 'GEOZONE_DATASET_RESERVED');
  });
});
