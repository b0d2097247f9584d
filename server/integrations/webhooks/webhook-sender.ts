import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { isPublicAddress, publicOnlyLookup } from '../../lib/public-host';

export interface WebhookMessage {
  /** The delivery's id: `webhook-id`, the same on every attempt, so that a receiver can drop a message seen before. */
  id: string;
  url: string;
  secret: string;
  payload: string;
}

export interface WebhookAttempt {
  /** The receiver's HTTP status, or null when none came (refused address, timeout, connection error). */
  status: number | null;
  ok: boolean;
  error: string | null;
  durationMs: number;
}

/** What of a receiver's answer is kept with the delivery (its status and the start of its body on failure). */
const ANSWER_BYTES = 1024;

/**
 * Posts one signed message (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature` v1, HMAC-SHA256 of
 * `id.timestamp.body`). Outside `allowLocal`, only https and only public addresses: the name is resolved at the
 * connection itself, so a name turned to a private address after registration (DNS rebinding) is refused too.
 * Never throws: the attempt says what happened.
 */
export function createWebhookSender(options: { allowLocal: boolean; timeoutMs: number; now?: () => Date }) {
  const publicAgent = new https.Agent({ lookup: publicOnlyLookup, keepAlive: false });
  const now = options.now ?? (() => new Date());

  return function send(message: WebhookMessage): Promise<WebhookAttempt> {
    const started = performance.now();
    const done = (status: number | null, error: string | null): WebhookAttempt => ({
      status,
      ok: status !== null && status >= 200 && status < 300,
      error,
      durationMs: Math.round(performance.now() - started),
    });
    const url = new URL(message.url);
    if (!options.allowLocal) {
      if (url.protocol !== 'https:') return Promise.resolve(done(null, 'Only https endpoints are reached'));
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) && !isPublicAddress(host)) return Promise.resolve(done(null, `${host} is not a public address`));
    }
    // Signed at the wall clock: receivers compare the timestamp with theirs (a 5-minute tolerance in the libraries).
    const timestamp = now();
    const signature = new Webhook(message.secret).sign(message.id, timestamp, message.payload);
    const body = Buffer.from(message.payload);
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise((resolve) => {
      const request = transport.request(
        url,
        {
          method: 'POST',
          agent: options.allowLocal ? undefined : publicAgent,
          timeout: options.timeoutMs,
          headers: {
            'content-type': 'application/json',
            'content-length': body.length,
            'user-agent': 'Aerogate-Webhooks/1',
            'webhook-id': message.id,
            'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
            'webhook-signature': signature,
          },
        },
        (response) => {
          const status = response.statusCode ?? null;
          const chunks: Buffer[] = [];
          let kept = 0;
          response.on('data', (chunk: Buffer) => {
            if (kept < ANSWER_BYTES) chunks.push(chunk.subarray(0, ANSWER_BYTES - kept));
            kept += chunk.length;
          });
          response.on('end', () => {
            const ok = status !== null && status >= 200 && status < 300;
            const answer = Buffer.concat(chunks).toString('utf8').trim();
            resolve(done(status, ok ? null : `HTTP ${status}${answer ? `: ${answer}` : ''}`));
          });
          response.on('error', (error) => resolve(done(status, error.message)));
        },
      );
      // The whole attempt is bounded, not only the silence between two packets.
      const deadline = setTimeout(() => request.destroy(new Error(`No answer within ${options.timeoutMs} ms`)), options.timeoutMs);
      request.on('timeout', () => request.destroy(new Error(`No answer within ${options.timeoutMs} ms`)));
      request.on('error', (error) => resolve(done(null, error.message)));
      request.on('close', () => clearTimeout(deadline));
      request.end(body);
    });
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
