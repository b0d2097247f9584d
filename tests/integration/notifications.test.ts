import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER, signature } from '../../server/integrations/authority/authority-client';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { sharedTestDatabase } from '../setup/test-database';
import { completeMission, missionOperator, postMission } from './missions-support';
import { expectError } from './support';

const FLIGHT_START = '2026-07-01T08:00:00.000Z';
/** 04:00 Paris (summer time) two days before the flight, and on its day. */
const ARMY_OPENS = new Date('2026-06-29T02:00:00Z');
const ARMY_CLOSES = new Date('2026-07-01T02:00:00Z');

// Each test builds an app of its own (its configuration, its clock) on the file's one database.
const database = sharedTestDatabase();
let t: TestApp;
let authority: Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => (authority ? authority.close(resolve) : resolve(undefined)));
  authority = undefined;
  await t.close();
});

function app(env: Record<string, string> = {}) {
  return createTestApp(env, { database: database() });
}

/** An operator with a complete mission whose stored verdict asks for `requirements`. */
async function missionRequiring(requirements: string[], change: Record<string, unknown> = {}) {
  const operator = await missionOperator(t);
  const created = await postMission(t, operator.auth, completeMission(operator, change)).expect(201);
  await t.db.prisma.mission.update({
    where: { id: created.body.id },
    data: { lastVerdict: { category: 'SPECIFIC', requirements, blockers: [] }, lastVerdictAt: t.clock.now() },
  });
  return { ...operator, missionId: created.body.id as string };
}

function notify(auth: Record<string, string>, missionId: string, type: string) {
  return request(t.app).post(`/api/preflights/${missionId}/notifications`).set(auth).send({ type });
}

function notificationAction(auth: Record<string, string>, missionId: string, id: string, action: string) {
  return request(t.app).post(`/api/preflights/${missionId}/notifications/${id}/${action}`).set(auth).send({});
}

interface Received {
  key: string;
  signature: string;
  body: string;
}

/** A notification service that answers each call with the next status of `statuses` (then 200), recording each call. */
async function authorityService(statuses: number[]) {
  const received: Received[] = [];
  const recorded = new Set<string>();
  authority = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const key = String(req.headers['idempotency-key']);
      received.push({ key, signature: String(req.headers[SIGNATURE_HEADER]), body });
      const status = statuses.shift() ?? 200;
      if (status === 200) recorded.add(key);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ reference: `MIL-${recorded.size}` }));
    });
  });
  await new Promise<void>((resolve) => authority!.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(authority.address() as AddressInfo).port}/notifications`;
  return { url, received, recorded };
}

describe('creating a notification', () => {
  it('needs the general information complete and a regulation verdict on the saved mission: 422 NOTIFICATION_TABS_NOT_VALIDATED', async () => {
    t = await app();
    const operator = await missionOperator(t);
    // Complete, but without the constraints the regulation needs: no verdict is stored on save.
    const created = await postMission(t, operator.auth, completeMission(operator, { constraints: {} })).expect(201);
    expect(created.body.lastVerdict).toBeNull();

    expectError(await notify(operator.auth, created.body.id, 'prefecture'), 422, 'NOTIFICATION_TABS_NOT_VALIDATED');
    expect(await t.db.prisma.notification.count()).toBe(0);
  });

  it('counts the tabs validated from the verdict the server stores on save, and no longer after a save it cannot classify', async () => {
    t = await app();
    const operator = await missionOperator(t);
    const created = await postMission(t, operator.auth, completeMission(operator)).expect(201);
    const list = () => request(t.app).get(`/api/preflights/${created.body.id}/notifications`).set(operator.auth).expect(200);

    expect((await list()).body.tabsValidated).toBe(true);

    await request(t.app)
      .put(`/api/preflights/${created.body.id}`)
      .set(operator.auth)
      .send(completeMission(operator, { maxHeightM: 40, constraints: {} }))
      .expect(200);
    expect((await list()).body.tabsValidated).toBe(false);
  });

  it('is refused for a mission of a country with its own declaration service: 422 OWN_DECLARATION_SERVICE', async () => {
    t = await app();
    for (const country of ['LU', 'JP', 'MC']) {
      const { auth, missionId } = await missionRequiring(['PREFECTURE_DECLARATION']);
      await t.db.prisma.mission.update({ where: { id: missionId }, data: { country: country as never } });

      expectError(await notify(auth, missionId, 'prefecture'), 422, 'OWN_DECLARATION_SERVICE');
      expect(await t.db.prisma.notification.count({ where: { missionId } })).toBe(0);
    }
  });

  it('is refused when the verdict does not call for it: 422 NOTIFICATION_NOT_REQUIRED', async () => {
    t = await app();
    const { auth, missionId } = await missionRequiring(['PREFECTURE_DECLARATION']);

    expectError(await notify(auth, missionId, 'army'), 422, 'NOTIFICATION_NOT_REQUIRED');
  });

  it('sends a prefecture declaration at once; without a configured service the outbox records what would be sent', async () => {
    t = await app();
    const { auth, missionId, user } = await missionRequiring(['PREFECTURE_DECLARATION']);

    const response = await notify(auth, missionId, 'prefecture').expect(201);

    expect(response.body).toMatchObject({ type: 'prefecture', status: 'sent', opensAt: null, closesAt: FLIGHT_START, revision: 0 });
    expect(response.body).toMatchObject({ date: '2026-07-01', time: '10:00', armyTimeRange: null });
    expect(response.body.calls).toEqual([{ at: t.clock.now().toISOString(), kind: 'send', outcome: 'ok' }]);
    const recorded = await t.db.prisma.outboxMessage.findMany({ where: { channel: 'authority' } });
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ recipient: 'Préfecture', status: 'recorded' });
    expect(JSON.parse(recorded[0]!.text).mission.startAt).toBe(FLIGHT_START);
    const mails = await t.db.prisma.outboxMessage.findMany({ where: { channel: 'email', recipient: user.email } });
    expect(mails.map((mail) => mail.subject)).toEqual(['Aerogate: flight notified']);
  });

  it("tells the operator in the operator's language", async () => {
    t = await app();
    const { auth, missionId, user } = await missionRequiring(['PREFECTURE_DECLARATION']);
    await t.db.prisma.user.update({ where: { id: user.id }, data: { lang: 'fr' } });

    await notify(auth, missionId, 'prefecture').expect(201);

    const mails = await t.db.prisma.outboxMessage.findMany({ where: { channel: 'email', recipient: user.email } });
    expect(mails.map((mail) => [mail.subject, mail.text])).toEqual([
      ['Aerogate : vol notifié', expect.stringMatching(/^Votre vol « .+ » a été notifié à la préfecture\.$/)],
    ]);
  });

  it('schedules a military notification before its window, and refuses a second one of the same type: 409', async () => {
    t = await app();
    const { auth, missionId } = await missionRequiring(['ARMY_NOTIFICATION']);

    const response = await notify(auth, missionId, 'army').expect(201);

    expect(response.body).toMatchObject({ status: 'scheduled', opensAt: ARMY_OPENS.toISOString(), closesAt: ARMY_CLOSES.toISOString() });
    expect(await t.db.prisma.outboxMessage.count({ where: { channel: 'authority' } })).toBe(0);
    expectError(await notify(auth, missionId, 'army'), 409, 'NOTIFICATION_ALREADY_EXISTS');
  });

  it("carries the flight's date, time and army time range (Paris), and sets the machine's Alpha Tango sync state: toSync, then synced", async () => {
    t = await app();
    const { auth, missionId, machine } = await missionRequiring(['ARMY_NOTIFICATION']);
    const syncState = async () => (await t.db.prisma.machine.findUniqueOrThrow({ where: { id: machine.id } })).alphaTangoSyncState;
    expect(await syncState()).toBeNull();

    const army = await notify(auth, missionId, 'army').expect(201);

    // 08:00 to 10:00 UTC on 1 July 2026 is 10:00 to 12:00 in Paris (summer time).
    expect(army.body).toMatchObject({
      status: 'scheduled',
      date: '2026-07-01',
      time: '10:00',
      armyTimeRange: { from: '10:00', to: '12:00' },
    });
    expect(await syncState()).toBe('toSync');

    t.clock.set(ARMY_OPENS);
    await t.ctx.jobs.runNow('notifications-dispatch');
    expect(await syncState()).toBe('synced');
    const sent = await t.db.prisma.outboxMessage.findFirstOrThrow({ where: { channel: 'authority', recipient: 'Ministère des Armées' } });
    expect(JSON.parse(sent.text)).toMatchObject({ date: '2026-07-01', time: '10:00', armyTimeRange: { from: '10:00', to: '12:00' } });
  });

  it('refuses a military notification for more than 12 hours of flight: 422 NOTIFICATION_TOO_LONG', async () => {
    t = await app();
    const { auth, missionId } = await missionRequiring(['ARMY_NOTIFICATION'], { endAt: '2026-07-01T20:00:01.000Z' });

    expectError(await notify(auth, missionId, 'army'), 422, 'NOTIFICATION_TOO_LONG');
  });

  it("answers 404 for another operator's mission and 403 without the edit right", async () => {
    t = await app();
    const { missionId } = await missionRequiring(['PREFECTURE_DECLARATION']);
    const other = await missionOperator(t);
    const reader = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST']);

    expectError(await notify(other.auth, missionId, 'prefecture'), 404, 'NOT_FOUND');
    expectError(await notify(reader.auth, missionId, 'prefecture'), 403, 'NOT_ALLOWED');
    await request(t.app).get(`/api/preflights/${missionId}/notifications`).expect(401);
  });
});

describe('the dispatch job', () => {
  it('sends a scheduled military notification when its window opens at 04:00 Paris two days before, not before', async () => {
    t = await app();
    const { auth, missionId } = await missionRequiring(['ARMY_NOTIFICATION']);
    const { body } = await notify(auth, missionId, 'army').expect(201);

    t.clock.set(new Date(ARMY_OPENS.getTime() - 1000));
    await t.ctx.jobs.runNow('notifications-dispatch');
    expect((await t.db.prisma.notification.findUniqueOrThrow({ where: { id: body.id } })).status).toBe('scheduled');

    t.clock.set(ARMY_OPENS);
    await t.ctx.jobs.runNow('notifications-dispatch');
    const sent = await t.db.prisma.notification.findUniqueOrThrow({ where: { id: body.id } });
    expect(sent).toMatchObject({ status: 'sent', sentAt: ARMY_OPENS });
    expect(await t.db.prisma.outboxMessage.count({ where: { channel: 'authority', recipient: 'Ministère des Armées' } })).toBe(1);
  });

  it('cancels a notification whose window closed before it could be sent, and e-mails the user', async () => {
    t = await app();
    const { auth, missionId, user } = await missionRequiring(['ARMY_NOTIFICATION']);
    const { body } = await notify(auth, missionId, 'army').expect(201);

    t.clock.set(ARMY_CLOSES);
    await t.ctx.jobs.runNow('notifications-dispatch');

    expect(await t.db.prisma.notification.findUniqueOrThrow({ where: { id: body.id } })).toMatchObject({
      status: 'canceled',
      lastError: 'The sending window closed',
    });
    expect(
      await t.db.prisma.outboxMessage.count({
        where: { recipient: user.email, subject: 'Aerogate: flight notification not sent in time' },
      }),
    ).toBe(1);
  });
});

describe('through the HTTP notification service', () => {
  it('retries a failed call with the same Idempotency-Key, signed, and the service records one notification', async () => {
    const service = await authorityService([500]);
    t = await app({ AUTHORITY_NOTIFICATION_URL: service.url, AUTHORITY_NOTIFICATION_SECRET: 'a-test-secret-for-hmac' });
    const { auth, missionId } = await missionRequiring(['PREFECTURE_DECLARATION']);

    const response = await notify(auth, missionId, 'prefecture').expect(201);

    expect(response.body).toMatchObject({ status: 'sent', externalId: 'MIL-1' });
    expect(service.received).toHaveLength(2);
    expect(service.received[0]!.key).toBe(service.received[1]!.key);
    expect(service.recorded.size).toBe(1);
    for (const call of service.received) expect(call.signature).toBe(signature('a-test-secret-for-hmac', call.body));
  });

  it('keeps the notification scheduled when the service stays down, and the user gets 503 EXTERNAL_SERVICE_UNAVAILABLE on a retry', async () => {
    const service = await authorityService([503, 503, 503, 503, 503, 503]);
    t = await app({ AUTHORITY_NOTIFICATION_URL: service.url, AUTHORITY_NOTIFICATION_SECRET: 'a-test-secret-for-hmac' });
    const { auth, missionId, machine } = await missionRequiring(['PREFECTURE_DECLARATION']);

    const created = await notify(auth, missionId, 'prefecture').expect(201);
    expect(created.body).toMatchObject({ status: 'scheduled', attempts: 1 });

    expectError(await notificationAction(auth, missionId, created.body.id, 'send'), 503, 'EXTERNAL_SERVICE_UNAVAILABLE');
    const row = await t.db.prisma.notification.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(row).toMatchObject({ status: 'scheduled', attempts: 2 });
    expect(service.recorded.size).toBe(0);
    expect(await t.db.prisma.machine.findUniqueOrThrow({ where: { id: machine.id } })).toMatchObject({ alphaTangoSyncState: 'failed' });
  });

  it('sends an update of the mission under a new key, then the job retries nothing already sent', async () => {
    const service = await authorityService([]);
    t = await app({ AUTHORITY_NOTIFICATION_URL: service.url, AUTHORITY_NOTIFICATION_SECRET: 'a-test-secret-for-hmac' });
    const { auth, missionId } = await missionRequiring(['PREFECTURE_DECLARATION']);
    const created = await notify(auth, missionId, 'prefecture').expect(201);

    const updated = await notificationAction(auth, missionId, created.body.id, 'update').expect(200);
    await t.ctx.jobs.runNow('notifications-dispatch');

    expect(updated.body).toMatchObject({ status: 'updated', revision: 1 });
    const [send, update] = service.received.map((call) => call.key);
    expect(service.received).toHaveLength(2);
    expect(send).toMatch(/^AGN-.+-send-0$/);
    expect(update).toBe(send!.replace(/-send-0$/, '-update-1'));
  });
});

describe('cancelling', () => {
  it('cancels a sent notification at the authority after the user confirmed', async () => {
    t = await app();
    const { auth, missionId } = await missionRequiring(['PREFECTURE_DECLARATION']);
    const created = await notify(auth, missionId, 'prefecture').expect(201);

    const canceled = await notificationAction(auth, missionId, created.body.id, 'cancel').expect(200);

    expect(canceled.body).toMatchObject({ status: 'canceled', canceledAt: t.clock.now().toISOString(), allowedActions: [] });
    expect(canceled.body.calls.map((call: { kind: string }) => call.kind)).toEqual(['send', 'cancel']);
    expectError(await notificationAction(auth, missionId, created.body.id, 'cancel'), 409, 'NOTIFICATION_TRANSITION_NOT_ALLOWED');
  });

  it('refuses to delete a mission whose notification could not be cancelled: 409 MISSION_NOTIFICATION_CANCEL_FAILED, nothing deleted', async () => {
    const service = await authorityService([]);
    t = await app({ AUTHORITY_NOTIFICATION_URL: service.url, AUTHORITY_NOTIFICATION_SECRET: 'a-test-secret-for-hmac' });
    const { auth, missionId } = await missionRequiring(['PREFECTURE_DECLARATION']);
    await notify(auth, missionId, 'prefecture').expect(201);
    service.received.length = 0;
    authority!.removeAllListeners('request');
    authority!.on('request', (_req, res) => res.writeHead(503).end());

    expectError(await request(t.app).delete(`/api/preflights/${missionId}`).set(auth), 409, 'MISSION_NOTIFICATION_CANCEL_FAILED');

    expect(await t.db.prisma.mission.count({ where: { id: missionId } })).toBe(1);
    expect((await t.db.prisma.notification.findFirstOrThrow({ where: { missionId } })).status).toBe('sent');
  });

  it('deletes a mission once its notifications are cancelled at the authority', async () => {
    t = await app();
    const { auth, missionId } = await missionRequiring(['PREFECTURE_DECLARATION']);
    await notify(auth, missionId, 'prefecture').expect(201);

    await request(t.app).delete(`/api/preflights/${missionId}`).set(auth).expect(204);

    expect(await t.db.prisma.mission.count({ where: { id: missionId } })).toBe(0);
    expect(
      (await t.db.prisma.outboxMessage.findMany({ where: { channel: 'authority' }, orderBy: { createdAt: 'asc' } })).map((m) =>
        m.subject?.replace(/^\[[^\]]+\] /, ''),
      ),
    ).toEqual(['Drone flight notification (prefecture): send', 'Drone flight notification (prefecture): cancel']);
  });
});

describe('through the authority mailbox', () => {
  it('e-mails the notification to AUTHORITY_NOTIFICATION_EMAIL', async () => {
    t = await app({ AUTHORITY_NOTIFICATION_EMAIL: 'drones@prefecture.example' });
    const { auth, missionId } = await missionRequiring(['PREFECTURE_DECLARATION']);

    await notify(auth, missionId, 'prefecture').expect(201);

    const mails = await t.db.prisma.outboxMessage.findMany({ where: { channel: 'email', recipient: 'drones@prefecture.example' } });
    expect(mails).toHaveLength(1);
    expect(JSON.parse(mails[0]!.text).mission.title).toBe('Survey of the hangars');
  });
});
