import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, signedInUser, uniqueEmail } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { sharedTestDatabase } from '../setup/test-database';
import { outboxFor } from './support';

/**
 * E-mail over SMTP (SMTP_URL) against real peers on loopback: nodemailer's own `smtp-server`, which keeps each message
 * it accepts or refuses its recipient, and a server that accepts the connection and never greets.
 */
const database = sharedTestDatabase();
let t: TestApp | undefined;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await t?.close();
  t = undefined;
  while (closers.length > 0) await closers.pop()!();
});

async function smtpPeer(options: { refuse?: boolean } = {}) {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(options.refuse ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : undefined);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, received };
}

/** A server that accepts connections and says nothing until the test makes it hang up, on them and on any later one. */
async function silentPeer() {
  const sockets: Socket[] = [];
  let hungUp = false;
  const server = createServer((socket) => (hungUp ? socket.destroy() : sockets.push(socket)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const hangUp = () => {
    hungUp = true;
    sockets.forEach((socket) => socket.destroy());
  };
  closers.push(() => {
    hangUp();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`, sockets, hangUp };
}

/** Asks for a change of e-mail, which sends the confirmation link to the new address: answers the response and it. */
async function emailChange(app: TestApp) {
  const { auth } = await signedInUser(app.app, app.db.prisma);
  const email = uniqueEmail('moved');
  const response = await request(app.app)
    .post('/api/account/email')
    .set(auth)
    .send({ email, emailConfirmation: email, currentPassword: TEST_PASSWORD });
  return { response, email };
}

describe('e-mail over SMTP', () => {
  it('keeps the e-mail in the outbox as the request answers, then sends it and marks it sent', async () => {
    const peer = await smtpPeer();
    t = await createTestApp({ SMTP_URL: peer.url }, { database: database() });

    const { response, email } = await emailChange(t);

    expect(response.status).toBe(202);
    expect(await outboxFor(t, email)).toEqual([expect.objectContaining({ subject: expect.any(String) })]);
    await t.ctx.mailer.drain();
    const [kept] = await outboxFor(t, email);
    expect(kept).toMatchObject({ status: 'sent', error: null });
    expect(peer.received).toHaveLength(1);
    expect(peer.received[0]!.to).toEqual([email]);
    expect(peer.received[0]!.raw).toContain(`Subject: ${kept!.subject}`);
    expect(peer.received[0]!.raw).toMatch(/http:\/\/aerogate\.test\/activate-new-email\/[A-Za-z0-9_-]{20,}/);
  });

  it('answers while the mail server has not even greeted: the e-mail waits queued, and fails with the reason once it hangs up', async () => {
    const { url, sockets, hangUp } = await silentPeer();
    // A greeting time-out longer than the test's own limit: only the hang-up ends this delivery.
    t = await createTestApp({ SMTP_URL: `${url}?greetingTimeout=120000` }, { database: database() });

    const { response, email } = await emailChange(t);

    expect(response.status).toBe(202);
    await expect.poll(() => sockets.length).toBe(1);
    expect(await outboxFor(t, email)).toEqual([expect.objectContaining({ status: 'queued' })]);
    hangUp();
    await t.ctx.mailer.drain();
    expect(await outboxFor(t, email)).toEqual([
      expect.objectContaining({ status: 'failed', error: expect.stringMatching(/connection (was )?closed/i) }),
    ]);
  });

  it('a greeting time-out set in SMTP_URL ends the delivery as failed', async () => {
    const { url } = await silentPeer();
    t = await createTestApp({ SMTP_URL: `${url}?greetingTimeout=200` }, { database: database() });

    const { response, email } = await emailChange(t);

    expect(response.status).toBe(202);
    await t.ctx.mailer.drain();
    expect(await outboxFor(t, email)).toEqual([
      expect.objectContaining({ status: 'failed', error: expect.stringMatching(/greeting never received/i) }),
    ]);
  });

  it('a recipient the server refuses is failed with its answer, and the request still answers', async () => {
    const peer = await smtpPeer({ refuse: true });
    t = await createTestApp({ SMTP_URL: peer.url }, { database: database() });

    const { response, email } = await emailChange(t);

    expect(response.status).toBe(202);
    await t.ctx.mailer.drain();
    expect(await outboxFor(t, email)).toEqual([
      expect.objectContaining({ status: 'failed', error: expect.stringContaining('Mailbox unavailable') }),
    ]);
    expect(peer.received).toEqual([]);
  });
});

describe('e-mail without SMTP_URL, metrics on', () => {
  it('keeps every message of one call in the outbox, recorded, and counts no outside call', async () => {
    t = await createTestApp({ METRICS_TOKEN: 'metrics-token-for-the-mail-test' }, { database: database() });
    const [first, second] = [uniqueEmail('first'), uniqueEmail('second')];

    await t.ctx.mailer.sendAll([
      { to: first, subject: 'One', text: 'the first' },
      { to: second, subject: 'Two', text: 'the second' },
    ]);
    await t.ctx.mailer.drain();

    expect(await outboxFor(t, first)).toEqual([expect.objectContaining({ subject: 'One', status: 'recorded' })]);
    expect(await outboxFor(t, second)).toEqual([expect.objectContaining({ subject: 'Two', status: 'recorded' })]);
    const metrics = await request(t.app).get('/metrics').set('Authorization', 'Bearer metrics-token-for-the-mail-test');
    expect(metrics.status).toBe(200);
    expect(metrics.text).not.toMatch(/aerogate_external_calls_total\{integration="email"[^}]*\} [1-9]/);
  });
});
