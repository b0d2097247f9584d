import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RIGHTS } from '../../src/shared/domain/rights';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { expectError } from './support';

const subscription = (name: string) => ({
  endpoint: `https://push.example.test/send/${name}`,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
  device: 'Firefox on Linux',
});

describe('push registration and messages to operators', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t.app, t.db.prisma, ['COMMAND_EDIT_ADMIN']);
  });
  afterAll(() => t.close());

  async function flyingMission(status: 'onGoing' | 'validated' = 'onGoing') {
    const operator = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST', 'PREFLIGHT_EDIT']);
    const mission = await t.db.prisma.mission.create({ data: { userId: operator.user.id, title: 'Bridge survey', status } });
    return { operator, mission };
  }
  const command = (auth: Record<string, string>, body: object) => request(t.app).post('/api/traffics/commands').set(auth).send(body);

  describe('registration', () => {
    it('gives the VAPID public key to a signed-in user only, the same key on every call', async () => {
      const user = await signedInUser(t.app, t.db.prisma);
      const first = await request(t.app).get('/api/push/key').set(user.auth);
      const second = await request(t.app).get('/api/push/key').set(user.auth);

      expect(first.status).toBe(200);
      expect(first.body.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
      expect(second.body.publicKey).toBe(first.body.publicKey);
      expectError(await request(t.app).get('/api/push/key'), 401, 'UNAUTHENTICATED');
    });

    it("registers the browser's subscription once per endpoint, never moves it to another account (409), and forgets it", async () => {
      const first = await signedInUser(t.app, t.db.prisma);
      const second = await signedInUser(t.app, t.db.prisma);
      const browser = subscription('shared-browser');

      const created = await request(t.app).post('/api/push/subscriptions').set(first.auth).send(browser);
      const again = await request(t.app)
        .post('/api/push/subscriptions')
        .set(first.auth)
        .send({ ...browser, device: 'Firefox 2' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ device: 'Firefox on Linux' });
      expect(again.body).toMatchObject({ id: created.body.id, device: 'Firefox 2' });

      expectError(await request(t.app).post('/api/push/subscriptions').set(second.auth).send(browser), 409, 'PUSH_ENDPOINT_TAKEN');
      expect(await t.db.prisma.pushSubscription.findMany({ where: { endpoint: browser.endpoint } })).toMatchObject([
        { userId: first.user.id, device: 'Firefox 2' },
      ]);

      // Only its owner removes it.
      await request(t.app).delete('/api/push/subscriptions').set(second.auth).send({ endpoint: browser.endpoint });
      expect(await t.db.prisma.pushSubscription.count({ where: { endpoint: browser.endpoint } })).toBe(1);
      const removed = await request(t.app).delete('/api/push/subscriptions').set(first.auth).send({ endpoint: browser.endpoint });
      expect(removed.status).toBe(204);
      expect(await t.db.prisma.pushSubscription.count({ where: { endpoint: browser.endpoint } })).toBe(0);
    });

    it.each([
      'https://127.0.0.1/push',
      'https://10.1.2.3/push',
      'https://192.168.1.10:8443/push',
      'https://172.20.0.1/push',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/push',
      'https://[::1]/push',
      'https://[fe80::1]/push',
      'https://[fd00::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://localhost/push',
      'https://localhost:3000/push',
      'https://api.localhost/push',
    ])('refuses the endpoint %s (loopback, private, link-local, or a name resolving there) with 422, storing nothing', async (endpoint) => {
      const user = await signedInUser(t.app, t.db.prisma);

      const response = await request(t.app)
        .post('/api/push/subscriptions')
        .set(user.auth)
        .send({ ...subscription('x'), endpoint });

      expectError(response, 422, 'PUSH_ENDPOINT_NOT_PUBLIC');
      expect(await t.db.prisma.pushSubscription.count({ where: { userId: user.user.id } })).toBe(0);
    });

    it('refuses a subscription that is not an https endpoint with its keys, and stores nothing', async () => {
      const user = await signedInUser(t.app, t.db.prisma);
      const response = await request(t.app)
        .post('/api/push/subscriptions')
        .set(user.auth)
        .send({ endpoint: 'http://push.example.test/x', keys: { p256dh: 'not base64!', auth: '' } });

      expectError(response, 422, 'VALIDATION_FAILED');
      expect(Object.keys(response.body.fields).sort()).toEqual(['endpoint', 'keys.auth', 'keys.p256dh']);
      expect(await t.db.prisma.pushSubscription.count({ where: { userId: user.user.id } })).toBe(0);
    });
  });

  describe('POST /api/traffics/commands', () => {
    it("sends the message by push to each of the operator's terminals, recorded in the outbox", async () => {
      const { operator, mission } = await flyingMission();
      await request(t.app).post('/api/push/subscriptions').set(operator.auth).send(subscription('operator-phone'));
      await request(t.app).post('/api/push/subscriptions').set(operator.auth).send(subscription('operator-laptop'));
      const sent = vi.spyOn(t.ctx.push, 'send');

      const response = await command(admin.auth, { missionId: mission.id, message: 'Land now: helicopter inbound.' });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ terminals: 2, delivered: 2, channel: 'push' });
      // A click on the notification opens the mission's editor (the SPA's route), not "Page not found".
      expect(sent.mock.calls.map(([, , message]) => message.url)).toEqual([
        `/backoffice/preflights/edit/${mission.id}`,
        `/backoffice/preflights/edit/${mission.id}`,
      ]);
      sent.mockRestore();
      const pushed = await t.db.prisma.outboxMessage.findMany({ where: { channel: 'push', recipient: operator.user.email } });
      expect(pushed).toHaveLength(2);
      expect(pushed[0]).toMatchObject({
        text: 'Land now: helicopter inbound.',
        status: 'recorded',
        subject: expect.stringContaining('Bridge survey'),
      });
      expect(
        await t.db.prisma.auditLog.count({ where: { action: 'mission.commandSent', subjectId: mission.id, actorId: admin.user.id } }),
      ).toBe(1);
    });

    it("without a registered terminal, the message goes by SMS to the operator's phone, else by e-mail", async () => {
      const withPhone = await flyingMission();
      await t.db.prisma.user.update({ where: { id: withPhone.operator.user.id }, data: { phoneNumber: '+33 6 55 44 33 22' } });
      const withoutPhone = await flyingMission();

      const texted = await command(admin.auth, { missionId: withPhone.mission.id, message: 'Land now.' });
      const mailed = await command(admin.auth, { missionId: withoutPhone.mission.id, message: 'Land now.' });

      expect(texted.body).toEqual({ terminals: 0, delivered: 0, channel: 'sms' });
      expect(mailed.body).toEqual({ terminals: 0, delivered: 0, channel: 'email' });
      const sms = await t.db.prisma.outboxMessage.findMany({ where: { recipient: '+33 6 55 44 33 22', channel: 'sms' } });
      expect(sms.map((message) => message.text)).toEqual(['Message from the supervision · Bridge survey: Land now.']);
      const mails = await t.db.prisma.outboxMessage.findMany({ where: { recipient: withoutPhone.operator.user.email, channel: 'email' } });
      expect(mails.map((message) => [message.subject, message.text])).toEqual([
        ['Message from the supervision · Bridge survey', 'Land now.'],
      ]);
    });

    it('refuses a mission that is not flying, an unknown mission and an empty message', async () => {
      const { operator, mission } = await flyingMission('validated');
      await request(t.app).post('/api/push/subscriptions').set(operator.auth).send(subscription('grounded'));

      expectError(await command(admin.auth, { missionId: mission.id, message: 'Hello' }), 409, 'MISSION_NOT_FLYING');
      expectError(await command(admin.auth, { missionId: '00000000-0000-4000-8000-000000000000', message: 'Hello' }), 404, 'NOT_FOUND');
      expectError(await command(admin.auth, { missionId: mission.id, message: '  ' }), 422, 'VALIDATION_FAILED');
      expect(await t.db.prisma.outboxMessage.count({ where: { recipient: operator.user.email } })).toBe(0);
    });

    it('is refused to a user holding every right but COMMAND_EDIT_ADMIN', async () => {
      const { operator, mission } = await flyingMission();
      await request(t.app).post('/api/push/subscriptions').set(operator.auth).send(subscription('refused'));
      const almost = await signedInUser(
        t.app,
        t.db.prisma,
        RIGHTS.filter((right) => right !== 'COMMAND_EDIT_ADMIN'),
      );

      expectError(await command(almost.auth, { missionId: mission.id, message: 'Hello' }), 403, 'NOT_ALLOWED');
      expectError(await command({}, { missionId: mission.id, message: 'Hello' }), 401, 'UNAUTHENTICATED');
      expect(await t.db.prisma.outboxMessage.count({ where: { recipient: operator.user.email } })).toBe(0);
    });
  });
});
