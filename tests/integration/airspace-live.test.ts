import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airspaceLiveSchema, liveFlightCardSchema } from '../../src/shared/contracts/airspace-live';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { square } from './missions-support';
import { CLOCK_START, expectError } from './support';
import { decide, file, managedAirspace, operatorWithMission } from './requests-support';

describe("my airspace, live: a manager's outline, today's granted volumes and his flights' cards", () => {
  let t: TestApp;
  let mine: Awaited<ReturnType<typeof managedAirspace>>;
  let theirs: Awaited<ReturnType<typeof managedAirspace>>;
  let granted: { missionId: string; reference: string; operatorEmail: string };
  let elsewhere: { missionId: string; reference: string };

  const overview = (auth: Record<string, string>, airspaceId?: string) =>
    request(t.app)
      .get('/api/airspace-live')
      .query(airspaceId ? { airspaceId } : {})
      .set(auth);
  const card = (auth: Record<string, string>, missionId: string) =>
    request(t.app).get(`/api/airspace-live/missions/${missionId}`).set(auth);
  const sms = (auth: Record<string, string>, missionId: string, body: object) =>
    request(t.app).post(`/api/airspace-live/missions/${missionId}/sms`).set(auth).send(body);

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(CLOCK_START);
    mine = await managedAirspace(t);
    theirs = await managedAirspace(t, { geometry: square(2.3, 48.68, 0.07), minLon: 2.3, maxLon: 2.37, minLat: 48.68, maxLat: 48.75 });
    const filed = async (
      airspaceId: string,
      auth: Record<string, string>,
      change: Record<string, unknown> = {},
      restrictions?: object[],
    ) => {
      const { operator, missionId } = await operatorWithMission(t, {
        startAt: '2026-06-15T09:00:00.000Z',
        endAt: '2026-06-15T11:00:00.000Z',
        ...change,
      });
      await t.db.prisma.user.update({ where: { id: operator.user.id }, data: { phoneNumber: '+33 6 01 02 03 04' } });
      await t.db.prisma.pilot.update({ where: { id: operator.pilot.id }, data: { phone: '+33 6 99 88 77 66' } });
      const response = await file(t, operator.auth, { missionId, airspaceId });
      if (response.status !== 201) throw new Error(JSON.stringify(response.body));
      if (restrictions) await decide(t, auth, response.body.id, 'acceptWithRestrictions', { restrictions });
      return { missionId, reference: response.body.referenceNumber as string, operatorEmail: operator.user.email };
    };
    granted = await filed(mine.airspace.id, mine.manager.auth, { title: 'Hangar roofs' }, [
      { kind: 'maxHeight', maxHeightM: 30 },
      { kind: 'timeSlot', startAt: '2026-06-15T09:30:00.000Z', endAt: '2026-06-15T10:30:00.000Z' },
    ]);
    await filed(mine.airspace.id, mine.manager.auth, { title: 'Still to decide' });
    elsewhere = await filed(theirs.airspace.id, theirs.manager.auth, { areas: square(2.33, 48.7, 0.005), title: 'Their field' }, [
      { kind: 'text', text: 'Keep clear of the road' },
    ]);
  }, 60_000);
  afterAll(() => t.close());

  it('gives him his outline and the volumes accepted for today, with their height limit and slot, nothing undecided', async () => {
    const response = await overview(mine.manager.auth);

    expect(response.status).toBe(200);
    const live = airspaceLiveSchema.parse(response.body);
    expect(live.airspaces).toEqual([
      { id: mine.airspace.id, name: mine.airspace.name, geometry: expect.objectContaining({ type: 'MultiPolygon' }) },
    ]);
    expect(live.volumes).toEqual([
      expect.objectContaining({
        missionId: granted.missionId,
        title: 'Hangar roofs',
        referenceNumber: granted.reference,
        maxHeightM: 30,
        startAt: '2026-06-15T09:30:00.000Z',
        endAt: '2026-06-15T10:30:00.000Z',
        flying: false,
        area: expect.objectContaining({ type: 'MultiPolygon' }),
      }),
    ]);
  });

  it("answers 404 for another manager's airspace, 403 to an operator, and lets an administrator name any airspace", async () => {
    expectError(await overview(mine.manager.auth, theirs.airspace.id), 404, 'NOT_FOUND');
    expect((await overview(theirs.manager.auth)).body.volumes.map((volume: { referenceNumber: string }) => volume.referenceNumber)).toEqual(
      [elsewhere.reference],
    );
    const operator = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST', 'TRAFFIC_LIST']);
    expectError(await overview(operator.auth), 403, 'NOT_ALLOWED');
    const admin = await signedInUser(t.app, t.db.prisma, ['TRAFFIC_LIST_ADMIN']);
    expect((await overview(admin.auth)).body).toEqual({ airspaces: [], volumes: [] });
    const chosen = await overview(admin.auth, theirs.airspace.id);
    expect(chosen.body.airspaces.map((airspace: { id: string }) => airspace.id)).toEqual([theirs.airspace.id]);
  });

  it('gives the card of his flight (operator, pilot, machine, request, granted limits) and 404 to another manager', async () => {
    const response = await card(mine.manager.auth, granted.missionId);

    expect(response.status).toBe(200);
    const flight = liveFlightCardSchema.parse(response.body);
    expect(flight).toMatchObject({
      title: 'Hangar roofs',
      operator: { phone: '+33 6 01 02 03 04' },
      pilots: [{ name: expect.stringContaining('Ada'), phone: '+33 6 99 88 77 66' }],
      requests: [{ referenceNumber: granted.reference, airspaceName: mine.airspace.name, status: 'acceptedWithRestrictions' }],
      maxHeightM: 30,
      startAt: '2026-06-15T09:30:00.000Z',
      endAt: '2026-06-15T10:30:00.000Z',
    });
    expect(flight.machines).toHaveLength(1);
    expectError(await card(theirs.manager.auth, granted.missionId), 404, 'NOT_FOUND');
    expectError(await card(mine.manager.auth, elsewhere.missionId), 404, 'NOT_FOUND');
  });

  it('texts the pilot or the operator through the SMS transport, prefixed with the request reference', async () => {
    expect((await sms(mine.manager.auth, granted.missionId, { to: 'pilot', body: 'Descend below 30 m' })).status).toBe(204);
    expect((await sms(mine.manager.auth, granted.missionId, { to: 'operator', body: 'Call the tower' })).status).toBe(204);
    expectError(await sms(theirs.manager.auth, granted.missionId, { to: 'pilot', body: 'Hello' }), 404, 'NOT_FOUND');
    expectError(await sms(mine.manager.auth, granted.missionId, { to: 'tower', body: 'Hello' }), 422, 'VALIDATION_FAILED');

    const texts = await t.db.prisma.outboxMessage.findMany({ where: { channel: 'sms' }, orderBy: { createdAt: 'asc' } });
    expect(texts.map((text) => [text.recipient, text.text])).toEqual([
      ['+33 6 99 88 77 66', `${granted.reference}: Descend below 30 m`],
      ['+33 6 01 02 03 04', `${granted.reference}: Call the tower`],
    ]);
  });

  it('lets him message the operator of his flying mission (SMS without a terminal), and refuses another manager', async () => {
    await t.db.prisma.mission.update({ where: { id: granted.missionId }, data: { status: 'onGoing' } });
    const command = (auth: Record<string, string>) =>
      request(t.app).post('/api/traffics/commands').set(auth).send({ missionId: granted.missionId, message: 'Land now' });

    const response = await command(mine.manager.auth);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ terminals: 0, delivered: 0, channel: 'sms' });
    expectError(await command(theirs.manager.auth), 403, 'NOT_ALLOWED');
    expect((await overview(mine.manager.auth)).body.volumes[0]).toMatchObject({ flying: true });
  });
});
