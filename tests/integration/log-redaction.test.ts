import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/lib/logger';
import { TEST_PASSWORD, createUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { outboxFor, postLogin, waitForMessages } from './support';

// Issue 24 L1: the log never holds a credential or a message's secret part (read from the log lines themselves).
describe('secrets stay out of the log', () => {
  let t: TestApp;
  let lines = '';
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines += chunk.toString();
        done();
      },
    });
    t = await createTestApp({}, { logger: createLogger('info', sink) });
  });
  afterAll(() => t.close());

  // The request log writes method, URL, status and time only (server/middleware/request-log.ts); the logger's
  // redaction (server/lib/logger.ts) covers any header or secret field written elsewhere.
  it('the tracker API key of an ingest request stays out of the log, the request still logged', async () => {
    const apiKey = `key-${randomBytes(20).toString('hex')}`;
    const owner = await createUser(t.db.prisma, { rights: ['TRAFFIC_LIST'] });
    await t.db.prisma.user.update({ where: { id: owner.id }, data: { apiKey } });

    await request(t.app).post('/api/traffics/').set('X-Api-Key', apiKey).send({ positions: [] });
    await request(t.app).post('/api/traffics/').set('X-Api-Key', `${apiKey}-unknown`).send({});

    expect(lines).toContain('/api/traffics/');
    expect(lines).not.toContain(apiKey);
  });

  it('a password, a bearer token and a refresh token sent stay out of the log, the requests still logged', async () => {
    const user = await createUser(t.db.prisma);
    const session = (await postLogin(t, { email: user.email, password: TEST_PASSWORD })).body as { token: string; gjrt: string };
    await request(t.app).post('/api/security/logout').set('Authorization', `Bearer ${session.token}`).send({ gjrt: session.gjrt });

    expect(lines).toContain('/api/security/logout');
    expect(lines).not.toContain(session.token);
    expect(lines).not.toContain(session.gjrt);
    expect(lines).not.toContain(TEST_PASSWORD);
  });

  it('outbox mode logs that a reset link and an SMS code were kept, not the link or the code', async () => {
    const user = await createUser(t.db.prisma, { doubleFactorEnabled: true, phoneNumber: '+33 6 98 76 54 32' });
    await request(t.app).post('/api/security/forgotten-password').send({ email: user.email }).expect(202);
    await postLogin(t, { email: user.email, password: TEST_PASSWORD });

    const [mail] = await waitForMessages(t, user.email);
    const link = /\/reset-password\/[A-Za-z0-9_-]+/.exec(mail!.text)![0];
    const code = /\b\d{6}\b/.exec((await outboxFor(t, user.phoneNumber!, 'sms')).at(-1)!.text)![0];
    expect(lines).toContain('e-mail recorded in the outbox');
    expect(lines).toContain('SMS recorded in the outbox');
    expect(lines).not.toContain(link);
    expect(lines).not.toMatch(new RegExp(`\\b${code}\\b`));
  });
});
