import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDatabase } from '../../prisma/seed';
import { createTestApp, type TestApp } from '../setup/test-app';
import { bearer, postLogin } from './support';

let t: TestApp;

const FIRST_AREA = {
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [2.2, 48.7],
        [2.205, 48.7],
        [2.205, 48.703],
        [2.2, 48.703],
        [2.2, 48.7],
      ],
    ],
  ],
};

async function tokenOf(email: string) {
  const response = await postLogin(t, { email, password: DEMO_PASSWORD });
  expect(response.status, email).toBe(200);
  return bearer(response.body.token as string);
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(t.db.prisma, { dataDir: t.config.dataDir, now: t.clock.now() });
});
afterAll(() => t.close());

describe('the demo tells its story through the API', () => {
  it('gives the operator a validated agreement, pilots with documents, machines and missions in several states', async () => {
    const operator = await tokenOf(DEMO_ACCOUNTS.operator);
    const agreement = await request(t.app).get('/api/agreement').set(operator);
    expect(agreement.body).toMatchObject({ status: 'validated', complete: true });

    const missions = await request(t.app).get('/api/preflights?limit=50').set(operator);
    const statuses = (missions.body.items as { status: string }[]).map((mission) => mission.status).sort();
    expect(statuses).toEqual(['complete', 'draft', 'toBeValidated', 'validated', 'validated']);

    const pilots = await request(t.app).get('/api/pilots').set(operator);
    expect(pilots.body.items.length).toBeGreaterThanOrEqual(2);
    const machines = await request(t.app).get('/api/machines').set(operator);
    expect(machines.body.items.length).toBeGreaterThanOrEqual(2);

    // The first thing a new user does needs no administrator.
    const created = await request(t.app).post('/api/preflights').set(operator).send({
      title: 'First flight',
      areas: FIRST_AREA,
      referentPilotId: pilots.body.items[0].id,
      mainMachineId: machines.body.items[0].id,
    });
    expect(created.status).toBe(201);
  });

  it('gives the operator a flown mission with its logbook entry, diary and track', async () => {
    const operator = await tokenOf(DEMO_ACCOUNTS.operator);
    const logbook = await request(t.app).get('/api/logbook').set(operator);
    expect(logbook.body.entries).toHaveLength(1);
    const [entry] = logbook.body.entries as { missionId: string; missionTitle: string; minutes: number }[];
    expect(entry!.minutes).toBeGreaterThan(0);

    const diary = await request(t.app).get(`/api/postflights/${entry!.missionId}`).set(operator);
    expect(diary.body).toMatchObject({ missionTitle: entry!.missionTitle, activity: 'top', flightTimeMin: entry!.minutes });
    expect(diary.body.flights).toHaveLength(1);
    expect(diary.body.notes).toHaveLength(1);
    expect(diary.body.history).toHaveLength(2);

    const now = t.clock.now().getTime();
    const selection = { from: new Date(now - 7 * 86_400_000).toISOString(), to: new Date(now).toISOString() };
    const flights = await request(t.app).get('/api/replay/flights').query(selection).set(operator);
    expect(flights.body.items).toMatchObject([{ missionId: entry!.missionId }]);
    expect(flights.body.items[0].positions).toBeGreaterThanOrEqual(100);
    const stations = await request(t.app).get('/api/replay/stations').query(selection).set(operator);
    expect(stations.body.items).toHaveLength(1);
    const csv = await request(t.app).get('/api/replay/positions.csv').query(selection).set(operator);
    const rows = (csv.text as string)
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','));
    const rssi = rows.map((row) => Number(row[10]));
    const satellites = rows.map((row) => Number(row[11]));
    expect(Math.min(...rssi)).toBeGreaterThanOrEqual(-90);
    expect(Math.max(...rssi)).toBeLessThanOrEqual(-30);
    expect(Math.min(...satellites)).toBeGreaterThanOrEqual(8);
    expect(Math.max(...satellites)).toBeLessThanOrEqual(12);
  });

  it('gives the manager a request to decide, an automation rule and its airspace', async () => {
    const manager = await tokenOf(DEMO_ACCOUNTS.manager);
    const requests = await request(t.app).get('/api/procedures').set(manager);
    const statuses = (requests.body.items as { status: string }[]).map((item) => item.status).sort();
    expect(statuses).toEqual(['accepted', 'submitted']);
    const submitted = (requests.body.items as { id: string; status: string }[]).find((item) => item.status === 'submitted')!;
    const detail = await request(t.app).get(`/api/procedures/${submitted.id}`).set(manager);
    expect(detail.status).toBe(200);
    expect(detail.body.referenceNumber).toMatch(/^AG-\d{4}-\d{6}$/);
    expect(detail.body.allowedActions).toContain('accept');

    const rules = await request(t.app).get('/api/automation-rules').set(manager);
    expect(rules.body.items).toHaveLength(1);
  });

  it('gives the administrator an alert and a second operator whose complete agreement file waits', async () => {
    const admin = await tokenOf(DEMO_ACCOUNTS.admin);
    const alerts = await request(t.app).get('/api/alerts').set(admin);
    expect(alerts.body.items).toHaveLength(1);

    const newcomer = await tokenOf(DEMO_ACCOUNTS.newcomer);
    const agreement = await request(t.app).get('/api/agreement').set(newcomer);
    expect(agreement.body).toMatchObject({ status: 'toBeValidated', complete: true });
    const { id } = await t.db.prisma.user.findUniqueOrThrow({ where: { email: DEMO_ACCOUNTS.newcomer } });
    const file = await request(t.app).get(`/api/agreements/${id}`).set(admin);
    expect(file.body).toMatchObject({ status: 'toBeValidated', complete: true });
    expect(file.body.actions).toContain('validate');
  });

  it('seeds nothing twice', async () => {
    await seedDatabase(t.db.prisma, { dataDir: t.config.dataDir, now: t.clock.now() });
    expect(await t.db.prisma.request.count()).toBe(2);
    expect(await t.db.prisma.alert.count()).toBe(1);
  });
});
