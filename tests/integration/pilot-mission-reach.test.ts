import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OPERATOR_RIGHTS } from '../../src/shared/domain/rights';
import { pdfBytes } from '../factories/files';
import { createAlert, createViolation } from '../factories/records';
import { createTestApp, type TestApp } from '../setup/test-app';
import { completeMission, missionOperator, postMission } from './missions-support';
import { INSIDE, file, managedAirspace } from './requests-support';
import { supervisedPilot } from './supervision-support';
import { CLOCK_START, expectError } from './support';

// Issue 24 M3: the supervised pilot's rule (docs/security.md "Missions a pilot flies") holds in every module that
// reaches a mission's data, not only in missions. A level-1 pilot without "other pilots' pre-flights" gets 404 on
// another pilot's mission wherever it is reached (and finds it in no list), and still reaches the missions it flies.
describe('a supervised pilot reaches the data of the missions it flies only', () => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof missionOperator>>;
  let pilot: Awaited<ReturnType<typeof supervisedPilot>>;
  let manager: Awaited<ReturnType<typeof managedAirspace>>['manager'];
  /** Missions of the operator: `own` flown by the pilot, `other` by the operator's own pilot. */
  const missions = { own: '', other: '' };
  /** The request filed for each mission, and a file attached to each. */
  const requests = { own: '', other: '' };
  const attachments = { own: '', other: '' };
  let pilotAuth: Record<string, string>;

  const get = (path: string) => request(t.app).get(path).set(pilotAuth);

  function upload(auth: Record<string, string>, missionId: string) {
    return request(t.app)
      .post('/api/attachments')
      .set(auth)
      .field('recordType', 'mission')
      .field('recordId', missionId)
      .field('kind', 'missionOther')
      .attach('file', pdfBytes(), { filename: 'site.pdf', contentType: 'application/pdf' });
  }

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(CLOCK_START);
    operator = await missionOperator(t, [...OPERATOR_RIGHTS]);
    pilot = await supervisedPilot(t, operator.user.id, 1, ['missionPreparation', 'viewOperatorMachines', 'personalAccount']);
    pilotAuth = pilot.auth!;
    ({ manager } = await managedAirspace(t));
    const airspace = await t.db.prisma.airspace.findFirstOrThrow({ where: { managers: { some: { id: manager.user.id } } } });
    for (const [key, flyer] of [
      ['own', pilot.pilot],
      ['other', operator.pilot],
    ] as const) {
      const created = await postMission(t, operator.auth, completeMission({ pilot: flyer, machine: operator.machine }, { areas: INSIDE }));
      missions[key] = created.body.id;
      const filed = await file(t, operator.auth, { missionId: missions[key], airspaceId: airspace.id });
      expect(filed.status).toBe(201);
      requests[key] = filed.body.id;
      attachments[key] = (await upload(operator.auth, missions[key]).expect(201)).body.id;
      await t.db.prisma.mission.update({ where: { id: missions[key] }, data: { status: 'archived' } });
      await t.db.prisma.flight.create({
        data: {
          missionId: missions[key],
          takenOffBy: operator.user.id,
          takeoffAt: new Date('2026-06-10T08:00:00Z'),
          lastPingAt: new Date('2026-06-10T08:20:00Z'),
          landedAt: new Date('2026-06-10T08:20:00Z'),
        },
      });
      await t.db.prisma.track.createMany({
        data: [0, 1, 2].map((i) => ({
          source: 'wi' as const,
          ident: `TRK-${key}`,
          type: 'drone',
          userId: operator.user.id,
          missionId: missions[key],
          time: new Date(Date.parse('2026-06-10T08:00:00Z') + i * 60_000),
          lat: 48.7,
          lon: 2.15 + i * 0.001,
          heightM: 40,
        })),
      });
    }
  }, 120_000);
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  it('missions: the other pilot’s answers 404 and is not listed', async () => {
    expectError(await get(`/api/preflights/${missions.other}`), 404, 'NOT_FOUND');
    const list = await get('/api/preflights?pageSize=100').expect(200);
    expect(list.body.items.map((m: { id: string }) => m.id)).toEqual([missions.own]);
  });

  it('attachments: the other mission’s files are neither listed, read, added nor deleted', async () => {
    expectError(await get(`/api/attachments?recordType=mission&recordId=${missions.other}`), 404, 'NOT_FOUND');
    expectError(await get(`/api/attachments/${attachments.other}`), 404, 'NOT_FOUND');
    expectError(await get(`/api/attachments/${attachments.other}/content`), 404, 'NOT_FOUND');
    expectError(await upload(pilotAuth, missions.other), 404, 'NOT_FOUND');
    expectError(await request(t.app).delete(`/api/attachments/${attachments.other}`).set(pilotAuth), 404, 'NOT_FOUND');
    expect(await t.db.prisma.attachment.count({ where: { recordId: missions.other } })).toBe(1);

    await get(`/api/attachments/${attachments.own}/content`).expect(200);
    await upload(pilotAuth, missions.own).expect(201);
  });

  it('requests and chat: the other mission’s request is not listed, read or written to', async () => {
    const list = await get('/api/procedures?pageSize=100').expect(200);
    expect(list.body.items.map((r: { id: string }) => r.id)).toEqual([requests.own]);
    expectError(await get(`/api/procedures/${requests.other}`), 404, 'NOT_FOUND');
    expectError(await get(`/api/procedures/airspaces?missionId=${missions.other}`), 404, 'NOT_FOUND');
    const message = await request(t.app).post(`/api/procedures/${requests.other}/messages`).set(pilotAuth).send({ body: 'Mine now' });
    expectError(message, 404, 'NOT_FOUND');
    expect(await t.db.prisma.requestMessage.count({ where: { requestId: requests.other } })).toBe(0);

    await get(`/api/procedures/${requests.own}`).expect(200);
    await request(t.app).post(`/api/procedures/${requests.own}/messages`).set(pilotAuth).send({ body: 'On my way' }).expect(201);
  });

  it('diary and tracks: the other mission’s diary and track answer 404; it writes the diary of a flight it flew', async () => {
    const diary = { flightTimeMin: 20, activity: null, activityOther: null };
    expectError(await get(`/api/postflights/${missions.other}`), 404, 'NOT_FOUND');
    expectError(await request(t.app).put(`/api/postflights/${missions.other}`).set(pilotAuth).send(diary), 404, 'NOT_FOUND');
    expectError(await get(`/api/postflights/${missions.other}/track?format=gpx`), 404, 'NOT_FOUND');

    await get(`/api/postflights/${missions.own}`).expect(200);
    const written = await request(t.app).put(`/api/postflights/${missions.own}`).set(pilotAuth).send(diary).expect(200);
    expect(written.body.flightTimeMin).toBe(20);
    const own = await get(`/api/postflights/${missions.own}/track?format=gpx`).expect(200);
    expect(own.text).toContain('TRK-own');
  });

  it('logbook: only the missions it flies, in the page and in the CSV', async () => {
    const logbook = await get('/api/logbook').expect(200);
    expect(logbook.body.entries.map((entry: { missionId: string }) => entry.missionId)).toEqual([missions.own]);
    const csv = await get('/api/logbook/csv').expect(200);
    expect(csv.text.trim().split('\n')).toHaveLength(2);
  });

  it('replay: the other mission answers 404 and its positions are in no selection', async () => {
    const selection = 'from=2026-06-10T07:00:00.000Z&to=2026-06-10T09:00:00.000Z';
    expectError(await get(`/api/replay/positions?${selection}&missionId=${missions.other}`), 404, 'NOT_FOUND');
    const flights = await get(`/api/replay/flights?${selection}`).expect(200);
    expect(flights.body.items.map((item: { missionId: string }) => item.missionId)).toEqual([missions.own]);
    const page = await get(`/api/replay/positions?${selection}`).expect(200);
    expect(page.body.targets.map((target: { ident: string }) => target.ident)).toEqual(['TRK-own']);
    const csv = await get(`/api/replay/positions.csv?${selection}`).expect(200);
    expect(csv.text).toContain('TRK-own');
    expect(csv.text).not.toContain('TRK-other');
  });

  it('weather, notifications and regulation: the other mission answers 404', async () => {
    for (const path of ['weather', 'notifications', 'regulation?country=FR'])
      expectError(await get(`/api/preflights/${missions.other}/${path}`), 404, 'NOT_FOUND');
  });

  it('violations: the dashboard counts those of the missions it flies, not the other pilot’s', async () => {
    const alert = await createAlert(t.db.prisma);
    const startedAt = new Date(CLOCK_START.getTime() - 3_600_000);
    await createViolation(t.db.prisma, alert.id, { ident: operator.machine.serialNumber, missionId: missions.other, startedAt });
    await createViolation(t.db.prisma, alert.id, { ident: operator.machine.serialNumber, missionId: missions.own, startedAt });

    const mine = await get('/api/dashboard').expect(200);
    const operators = await request(t.app).get('/api/dashboard').set(operator.auth).expect(200);
    expect(mine.body.detections.last7Days).toBe(1);
    expect(operators.body.detections.last7Days).toBe(2);
  });
});
