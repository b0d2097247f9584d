import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { CLOCK_START, MINUTE, expectError } from './support';
import { act, completeMission, missionOperator, postMission } from './missions-support';
import { decide, file, managedAirspace, operatorWithMission } from './requests-support';

const METRICS = 'metrics-token-for-the-webhook-tests';

/** A receiver on this host that records what it is sent and answers the statuses it is told, one per request. */
async function localReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answers.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 300 ? 'receiver down' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Receiver = Awaited<ReturnType<typeof localReceiver>>;

const DELIVER = 'webhooks-deliver';

describe('webhooks of operators and managers', () => {
  describe('with local receivers allowed (tests, development)', () => {
    let t: TestApp;
    let receiver: Receiver;
    let space: Awaited<ReturnType<typeof managedAirspace>>;
    beforeAll(async () => {
      t = await createTestApp({ WEBHOOKS_ALLOW_LOCAL: 'true', WEBHOOK_MAX_ATTEMPTS: '3', METRICS_TOKEN: METRICS });
      receiver = await localReceiver();
      space = await managedAirspace(t);
    }, 60_000);
    afterAll(async () => {
      await receiver.close();
      await t.close();
    });
    beforeEach(() => {
      t.clock.set(CLOCK_START);
      receiver.received.length = 0;
      receiver.answers.length = 0;
    });

    async function operatorWithEndpoint(events = ['request.filed', 'request.decided']) {
      const { operator, missionId } = await operatorWithMission(t);
      const created = await request(t.app).post('/api/webhooks/endpoints').set(operator.auth).send({ url: receiver.url, events });
      expect(created.status).toBe(201);
      return { operator, missionId, endpoint: created.body as { id: string; secret: string } };
    }

    async function fileAndDecide(auth: Record<string, string>, missionId: string) {
      const filed = await file(t, auth, { missionId, airspaceId: space.airspace.id });
      expect(filed.status).toBe(201);
      expect((await decide(t, space.manager.auth, filed.body.id, 'accept')).status).toBe(200);
      return filed.body.id as string;
    }

    const deliveries = async (auth: Record<string, string>) => (await request(t.app).get('/api/webhooks/deliveries').set(auth)).body;

    it('registers an endpoint with a whsec_ secret shown once, for the operator only', async () => {
      const { operator, endpoint } = await operatorWithEndpoint();
      expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

      const list = await request(t.app).get('/api/webhooks/endpoints').set(operator.auth);
      expect(list.body).toEqual([expect.objectContaining({ id: endpoint.id, url: receiver.url, enabled: true })]);
      expect(list.body[0]).not.toHaveProperty('secret');
      const other = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST']);
      expect((await request(t.app).get('/api/webhooks/endpoints').set(other.auth)).body).toEqual([]);
      expectError(await request(t.app).delete(`/api/webhooks/endpoints/${endpoint.id}`).set(other.auth), 404, 'NOT_FOUND');
      const nobody = await signedInUser(t.app, t.db.prisma, []);
      expectError(await request(t.app).get('/api/webhooks/endpoints').set(nobody.auth), 403, 'NOT_ALLOWED');
    });

    it('delivers a decided request to the operator, signed per Standard Webhooks, and shows the delivery to him alone', async () => {
      const { operator, missionId, endpoint } = await operatorWithEndpoint();
      const requestId = await fileAndDecide(operator.auth, missionId);

      await t.ctx.jobs.runNow(DELIVER);

      expect(receiver.received).toHaveLength(2);
      // Each attempt is an outside call in /metrics (docs/operations.md).
      const metrics = await request(t.app).get('/metrics').set('Authorization', `Bearer ${METRICS}`);
      expect(metrics.text).toMatch(/^aerogate_external_calls_total\{integration="webhook",outcome="success"\} 2$/m);
      const decided = receiver.received.find((message) => JSON.parse(message.body).type === 'request.decided')!;
      const verified = new Webhook(endpoint.secret).verify(decided.body, decided.headers as Record<string, string>);
      expect(verified).toMatchObject({ type: 'request.decided', data: { requestId, status: 'accepted', action: 'accept', missionId } });
      expect(() =>
        new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(decided.body, decided.headers as Record<string, string>),
      ).toThrow();

      const list = await deliveries(operator.auth);
      expect(list).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            id: decided.headers['webhook-id'],
            eventType: 'request.decided',
            status: 'delivered',
            attempts: 1,
            lastStatus: 200,
          }),
        ]),
      );
      const other = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST']);
      expect(await deliveries(other.auth)).toEqual([]);
      expectError(await request(t.app).post(`/api/webhooks/deliveries/${list[0].id}/resend`).set(other.auth), 404, 'NOT_FOUND');
    });

    it('retries after a 500 with backoff, with the same webhook-id, and marks the delivery failed after the last try', async () => {
      const { operator, missionId } = await operatorWithEndpoint(['request.decided']);
      await fileAndDecide(operator.auth, missionId);
      receiver.answers.push(500, 500, 500);

      await t.ctx.jobs.runNow(DELIVER);
      let [delivery] = await deliveries(operator.auth);
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 500, lastError: 'HTTP 500: receiver down' });
      expect(new Date(delivery.nextAttemptAt).getTime()).toBe(CLOCK_START.getTime() + MINUTE);

      // Not due yet: nothing is sent.
      await t.ctx.jobs.runNow(DELIVER);
      expect(receiver.received).toHaveLength(1);

      t.clock.advance(MINUTE);
      await t.ctx.jobs.runNow(DELIVER);
      [delivery] = await deliveries(operator.auth);
      expect(delivery).toMatchObject({ status: 'pending', attempts: 2, lastStatus: 500 });

      t.clock.advance(5 * MINUTE);
      await t.ctx.jobs.runNow(DELIVER);
      [delivery] = await deliveries(operator.auth);
      expect(delivery).toMatchObject({ status: 'failed', attempts: 3, lastStatus: 500, nextAttemptAt: null });
      expect(receiver.received).toHaveLength(3);
      expect(new Set(receiver.received.map((message) => message.headers['webhook-id']))).toEqual(new Set([delivery.id]));

      // Resent by hand: delivered this time.
      const resent = await request(t.app).post(`/api/webhooks/deliveries/${delivery.id}/resend`).set(operator.auth);
      expect(resent.body).toMatchObject({ status: 'pending', attempts: 0 });
      await t.ctx.jobs.runNow(DELIVER);
      [delivery] = await deliveries(operator.auth);
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, lastStatus: 200 });
    });

    it('a retried delivery that succeeds is delivered; a disabled endpoint gets nothing new; a deleted one loses its deliveries', async () => {
      const { operator, missionId, endpoint } = await operatorWithEndpoint(['request.filed']);
      receiver.answers.push(500);
      await fileAndDecide(operator.auth, missionId);
      await t.ctx.jobs.runNow(DELIVER);
      t.clock.advance(MINUTE);
      await t.ctx.jobs.runNow(DELIVER);
      expect(await deliveries(operator.auth)).toMatchObject([{ eventType: 'request.filed', status: 'delivered', attempts: 2 }]);

      const disabled = await request(t.app).patch(`/api/webhooks/endpoints/${endpoint.id}`).set(operator.auth).send({ enabled: false });
      expect(disabled.body).toMatchObject({ enabled: false });
      const second = await operatorWithMission(t);
      await t.db.prisma.mission.update({ where: { id: second.missionId }, data: { userId: operator.user.id } });
      await fileAndDecide(operator.auth, second.missionId);
      expect(await deliveries(operator.auth)).toHaveLength(1);

      expect((await request(t.app).delete(`/api/webhooks/endpoints/${endpoint.id}`).set(operator.auth)).status).toBe(204);
      expect(await deliveries(operator.auth)).toEqual([]);
    });

    it("announces the mission's changes of status, its take-off and its landing to its operator", async () => {
      const operator = await missionOperator(t);
      const hook = await request(t.app)
        .post('/api/webhooks/endpoints')
        .set(operator.auth)
        .send({ url: receiver.url, events: ['mission.statusChanged', 'flight.tookOff', 'flight.landed'] });
      const mission = await postMission(t, operator.auth, completeMission(operator));
      const admin = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST_ADMIN', 'PREFLIGHT_EDIT_ADMIN']);
      for (const action of ['sendForValidation', 'validate', 'takeOff', 'land'])
        expect((await act(t, action === 'validate' ? admin.auth : operator.auth, mission.body.id, action)).status).toBe(200);

      await t.ctx.jobs.runNow(DELIVER);
      const bodies = receiver.received.map((message) => JSON.parse(message.body) as { type: string; data: Record<string, string> });
      expect(bodies.map((body) => [body.type, body.data.to ?? ''])).toEqual(
        expect.arrayContaining([
          ['mission.statusChanged', 'toBeValidated'],
          ['mission.statusChanged', 'validated'],
          ['flight.tookOff', ''],
          ['mission.statusChanged', 'onGoing'],
          ['flight.landed', ''],
        ]),
      );
      expect(bodies.every((body) => body.data.missionId === mission.body.id)).toBe(true);
      await request(t.app).delete(`/api/webhooks/endpoints/${hook.body.id}`).set(operator.auth);
    });

    it('announces a request to the managers of its airspace who asked for it', async () => {
      const hook = await request(t.app)
        .post('/api/webhooks/endpoints')
        .set(space.manager.auth)
        .send({ url: receiver.url, events: ['request.filed', 'request.messaged'] });
      expect(hook.status).toBe(201);
      const { operator, missionId } = await operatorWithMission(t);
      const filed = await file(t, operator.auth, { missionId, airspaceId: space.airspace.id });
      await request(t.app).post(`/api/procedures/${filed.body.id}/messages`).set(operator.auth).send({ body: 'Is Tuesday fine?' });

      await t.ctx.jobs.runNow(DELIVER);
      const types = receiver.received.map((message) => JSON.parse(message.body) as { type: string; data: { from?: string } });
      expect(types).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'request.filed' }),
          expect.objectContaining({ type: 'request.messaged', data: expect.objectContaining({ from: 'operator' }) }),
        ]),
      );
      await request(t.app).delete(`/api/webhooks/endpoints/${hook.body.id}`).set(space.manager.auth);
    });

    it('announces an automatic answer at filing, filed then decided with the final status, to the operator and the managers', async () => {
      const automated = await managedAirspace(t);
      await t.db.prisma.automationRule.create({
        data: {
          airspaceId: automated.airspace.id,
          title: 'Accept all',
          mode: 'acceptAuto',
          impactLevels: ['low', 'medium', 'high'],
          enabled: true,
        },
      });
      const { operator, missionId } = await operatorWithEndpoint();
      const managerHook = await request(t.app)
        .post('/api/webhooks/endpoints')
        .set(automated.manager.auth)
        .send({ url: `${receiver.url}/manager`, events: ['request.filed', 'request.decided'] });
      expect(managerHook.status).toBe(201);

      const filed = await file(t, operator.auth, { missionId, airspaceId: automated.airspace.id });
      expect(filed.status).toBe(201);
      await t.ctx.jobs.runNow(DELIVER);

      const data = {
        requestId: filed.body.id,
        referenceNumber: filed.body.referenceNumber,
        status: 'autoAccepted',
        missionId,
        airspaceId: automated.airspace.id,
      };
      const sent = receiver.received.map((message) => JSON.parse(message.body));
      expect(sent).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'request.filed', data }),
          expect.objectContaining({ type: 'request.decided', data: { ...data, action: 'autoAccept' } }),
        ]),
      );
      expect(sent).toHaveLength(4);
      const managerList = await deliveries(automated.manager.auth);
      expect(managerList.map((delivery: { eventType: string }) => delivery.eventType).sort()).toEqual(['request.decided', 'request.filed']);
      await request(t.app).delete(`/api/webhooks/endpoints/${managerHook.body.id}`).set(automated.manager.auth);
    });
  });

  describe('in production mode', () => {
    let t: TestApp;
    let receiver: Receiver;
    beforeAll(async () => {
      t = await createTestApp({ NODE_ENV: 'production', WEBHOOKS_ALLOW_LOCAL: 'true' });
      receiver = await localReceiver();
    }, 60_000);
    afterAll(async () => {
      await receiver.close();
      await t.close();
    });

    it.each([
      'http://127.0.0.1:8080/hooks',
      'https://127.0.0.1/hooks',
      'https://localhost/hooks',
      'https://10.0.0.8/hooks',
      'https://[::1]/hooks',
    ])('refuses to register %s (loopback, private, or not https)', async (url) => {
      const operator = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST']);
      const response = await request(t.app)
        .post('/api/webhooks/endpoints')
        .set(operator.auth)
        .send({ url, events: ['request.filed'] });
      expectError(response, 422, 'WEBHOOK_ENDPOINT_NOT_PUBLIC');
      expect(await t.db.prisma.webhookEndpoint.count({ where: { ownerId: operator.user.id } })).toBe(0);
    });

    it('refuses at delivery an endpoint whose name resolves to a loopback address, and sends nothing', async () => {
      const operator = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST']);
      // As if its name pointed elsewhere at registration and to this host now (DNS rebinding).
      const endpoint = await t.db.prisma.webhookEndpoint.create({
        data: {
          ownerId: operator.user.id,
          url: `https://localhost:${receiver.port}/hooks`,
          events: ['flight.tookOff'],
          secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        },
      });
      await t.db.prisma.webhookDelivery.create({
        data: { endpointId: endpoint.id, eventType: 'flight.tookOff', payload: '{"type":"flight.tookOff"}', nextAttemptAt: t.clock.now() },
      });
      await t.ctx.jobs.runNow(DELIVER);

      const [delivery] = await t.db.prisma.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatus: null });
      expect(delivery!.lastError).toMatch(/not a public address/);
      expect(receiver.received).toEqual([]);
    });
  });
});
