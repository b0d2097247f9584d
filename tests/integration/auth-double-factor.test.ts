import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { CLOCK_START, MINUTE, expectError, onlyMessageTo, outboxFor, postLogin, userState } from './support';

let phoneSequence = 0;
const uniquePhone = () => `+33 6 12 ${String(100000 + phoneSequence++).slice(-6)}`;

const codeIn = (text: string) => {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`no 6-digit code in: ${text}`);
  return match[1]!;
};

describe('double factor by SMS code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  const doubleFactorUser = (fields: { phoneNumber?: string | null } = {}) =>
    createUser(t.db.prisma, { doubleFactorEnabled: true, phoneNumber: uniquePhone(), ...fields });

  /** Signs in without a code and answers the code the SMS carried. */
  async function requestCode(user: { email: string; phoneNumber: string | null }) {
    const response = await postLogin(t, { email: user.email, password: TEST_PASSWORD });
    expectError(response, 401, 'DOUBLE_FACTOR_REQUIRED');
    const messages = await outboxFor(t, user.phoneNumber!, 'sms');
    return codeIn(messages.at(-1)!.text);
  }

  it('without a code, login answers 401 DOUBLE_FACTOR_REQUIRED and a 6-digit code is sent by SMS to the phone of the account', async () => {
    const user = await doubleFactorUser();

    const response = await postLogin(t, { email: user.email, password: TEST_PASSWORD });

    expectError(response, 401, 'DOUBLE_FACTOR_REQUIRED');
    expect(response.body.token).toBeUndefined();
    const sms = await onlyMessageTo(t, user.phoneNumber!, 'sms');
    expect(sms).toMatchObject({ status: 'recorded', subject: null });
    expect(sms.text).toMatch(/\b\d{6}\b/);
    expect(await t.db.prisma.refreshToken.count({ where: { userId: user.id } })).toBe(0);
  });

  it('the code is stored hashed, never in clear', async () => {
    const user = await doubleFactorUser();

    const code = await requestCode(user);

    const stored = await t.db.prisma.oneTimeToken.findMany({ where: { userId: user.id, purpose: 'doubleFactor' } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(code);
  });

  it('with the code received, login answers 200 with a session', async () => {
    const user = await doubleFactorUser();
    const code = await requestCode(user);

    const response = await postLogin(t, { email: user.email, password: TEST_PASSWORD, code });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email: user.email, token: expect.any(String), gjrt: expect.any(String) });
  });

  it('a code signs in only once', async () => {
    const user = await doubleFactorUser();
    const code = await requestCode(user);
    await postLogin(t, { email: user.email, password: TEST_PASSWORD, code }).expect(200);

    const again = await postLogin(t, { email: user.email, password: TEST_PASSWORD, code });

    expectError(again, 401, 'INVALID_CODE');
  });

  it('a wrong code answers 401 INVALID_CODE, counts as a failed attempt, and the right code still works afterwards', async () => {
    const user = await doubleFactorUser();
    const code = await requestCode(user);
    const wrong = code === '000000' ? '111111' : '000000';

    const response = await postLogin(t, { email: user.email, password: TEST_PASSWORD, code: wrong });

    expectError(response, 401, 'INVALID_CODE');
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).failedLoginCount).toBe(1);
    expect((await postLogin(t, { email: user.email, password: TEST_PASSWORD, code })).status).toBe(200);
  });

  it('5 wrong codes in a row pause sign-in with TOO_MANY_ATTEMPTS; the account stays active', async () => {
    const user = await doubleFactorUser();
    const code = await requestCode(user);
    const wrong = code === '000000' ? '111111' : '000000';

    const codes: string[] = [];
    for (let i = 0; i < 6; i++) codes.push((await postLogin(t, { email: user.email, password: TEST_PASSWORD, code: wrong })).body.code);

    expect(codes).toEqual([...Array(5).fill('INVALID_CODE'), 'TOO_MANY_ATTEMPTS']);
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).status).toBe('active');
  });

  it('a code is still accepted just before 10 minutes', async () => {
    const user = await doubleFactorUser();
    const code = await requestCode(user);
    t.clock.advance(10 * MINUTE - 1000);

    const response = await postLogin(t, { email: user.email, password: TEST_PASSWORD, code });

    expect(response.status).toBe(200);
  });

  it('a code presented after 10 minutes answers 401 EXPIRED_CODE', async () => {
    const user = await doubleFactorUser();
    const code = await requestCode(user);
    t.clock.advance(10 * MINUTE);

    const response = await postLogin(t, { email: user.email, password: TEST_PASSWORD, code });

    expectError(response, 401, 'EXPIRED_CODE');
    expect(await t.db.prisma.refreshToken.count({ where: { userId: user.id } })).toBe(0);
  });

  it('asking for a new code makes the previous one invalid', async () => {
    const user = await doubleFactorUser();
    const first = await requestCode(user);
    let second = await requestCode(user);
    while (second === first) second = await requestCode(user);

    const withFirst = await postLogin(t, { email: user.email, password: TEST_PASSWORD, code: first });
    const withSecond = await postLogin(t, { email: user.email, password: TEST_PASSWORD, code: second });

    expectError(withFirst, 401, 'INVALID_CODE');
    expect(withSecond.status).toBe(200);
  });

  it('a wrong password answers INVALID_CREDENTIALS and sends no SMS', async () => {
    const user = await doubleFactorUser();

    const response = await postLogin(t, { email: user.email, password: 'Wrong-Password-1!' });

    expectError(response, 401, 'INVALID_CREDENTIALS');
    expect(await outboxFor(t, user.phoneNumber!, 'sms')).toHaveLength(0);
  });

  it('an account without a phone number answers 409 MISSING_PHONE_NUMBER and nothing is sent or stored', async () => {
    const user = await doubleFactorUser({ phoneNumber: null });
    const before = await userState(t, user.id);
    const smsBefore = await t.db.prisma.outboxMessage.count({ where: { channel: 'sms' } });

    const response = await postLogin(t, { email: user.email, password: TEST_PASSWORD });

    expectError(response, 409, 'MISSING_PHONE_NUMBER');
    expect(await t.db.prisma.outboxMessage.count({ where: { channel: 'sms' } })).toBe(smsBefore);
    expect(await userState(t, user.id)).toEqual(before);
  });

  it('an account without double factor signs in without a code and receives no SMS', async () => {
    const user = await createUser(t.db.prisma, { phoneNumber: uniquePhone() });

    const response = await postLogin(t, { email: user.email, password: TEST_PASSWORD });

    expect(response.status).toBe(200);
    expect(await outboxFor(t, user.phoneNumber!, 'sms')).toHaveLength(0);
  });

  describe('through an SMS gateway (SMS_URL)', () => {
    let gateway: Server;
    let gatewayStatus = 200;
    const received: { method?: string; contentType?: string; body: unknown }[] = [];
    let g: TestApp;

    beforeAll(async () => {
      gateway = createServer((req, res) => {
        let raw = '';
        req.on('data', (chunk) => (raw += chunk));
        req.on('end', () => {
          received.push({ method: req.method, contentType: req.headers['content-type'], body: JSON.parse(raw) });
          res.writeHead(gatewayStatus, { 'content-type': 'application/json' }).end('{}');
        });
      });
      await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
      const { port } = gateway.address() as AddressInfo;
      g = await createTestApp({ SMS_URL: `http://127.0.0.1:${port}/sms` });
    });
    afterAll(async () => {
      await g.close();
      await new Promise((resolve) => gateway.close(resolve));
    });
    beforeEach(() => {
      received.length = 0;
      gatewayStatus = 200;
    });

    it('a gateway answering 200 receives a JSON POST { to, text } carrying the code, and that code signs in', async () => {
      const user = await createUser(g.db.prisma, { doubleFactorEnabled: true, phoneNumber: uniquePhone() });

      const response = await postLogin(g, { email: user.email, password: TEST_PASSWORD });

      expectError(response, 401, 'DOUBLE_FACTOR_REQUIRED');
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({
        method: 'POST',
        contentType: 'application/json',
        body: { to: user.phoneNumber, text: expect.stringMatching(/\b\d{6}\b/) },
      });
      expect(Object.keys(received[0]!.body as object).sort()).toEqual(['text', 'to']);
      expect((await onlyMessageTo(g, user.phoneNumber!, 'sms')).status).toBe('sent');
      const code = codeIn((received[0]!.body as { text: string }).text);
      expect((await postLogin(g, { email: user.email, password: TEST_PASSWORD, code })).status).toBe(200);
    });

    it('a gateway answering 500 makes login answer 502 SMS_SENDING_FAILED, and the failure is kept in the outbox', async () => {
      gatewayStatus = 500;
      const user = await createUser(g.db.prisma, { doubleFactorEnabled: true, phoneNumber: uniquePhone() });

      const response = await postLogin(g, { email: user.email, password: TEST_PASSWORD });

      expectError(response, 502, 'SMS_SENDING_FAILED');
      expect(received).toHaveLength(1);
      expect(await onlyMessageTo(g, user.phoneNumber!, 'sms')).toMatchObject({ status: 'failed', error: expect.stringContaining('500') });
      expect(await g.db.prisma.refreshToken.count({ where: { userId: user.id } })).toBe(0);
    });
  });

  it('an unreachable SMS gateway makes login answer 502 SMS_SENDING_FAILED', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const u = await createTestApp({ SMS_URL: `http://127.0.0.1:${port}/sms` });
    try {
      const user = await createUser(u.db.prisma, { doubleFactorEnabled: true, phoneNumber: uniquePhone() });

      const response = await postLogin(u, { email: user.email, password: TEST_PASSWORD });

      expectError(response, 502, 'SMS_SENDING_FAILED');
    } finally {
      await u.close();
    }
  });
});
