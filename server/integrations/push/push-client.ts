import { Agent } from 'node:https';
import { isIP } from 'node:net';
import webpush from 'web-push';
import { isPublicAddress, publicOnlyLookup } from '../../lib/public-host';
import type { Logger } from '../../lib/logger';
import type { OutboxRepository } from '../../modules/outbox/outbox.repository';

/** A browser's subscription as the Push API gives it (`PushSubscription.toJSON()`). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushMessage {
  title: string;
  body: string;
  /** Where the notification leads in the SPA when clicked. */
  url?: string;
}

export type PushOutcome = 'sent' | 'recorded' | 'failed' | 'gone';

export interface PushClient {
  /** Never throws: the outcome says what happened; `gone` means the push service forgot the subscription. */
  send(target: PushTarget, recipient: string, message: PushMessage): Promise<PushOutcome>;
}

/**
 * Web Push with VAPID. `deliver` true: the message is encrypted and posted to the subscription's push service.
 * False (the embedded default, which has no Internet): it is recorded in the outbox only. Either way the outbox
 * keeps it, as it does e-mails and SMS.
 */
export function createPushClient(options: {
  vapid: { publicKey: string; privateKey: string; subject: string };
  deliver: boolean;
  outbox: OutboxRepository;
  logger: Logger;
  timeoutMs?: number;
}): PushClient {
  const record = (recipient: string, message: PushMessage, status: 'recorded' | 'sent' | 'failed', error?: string) =>
    options.outbox.record({ channel: 'push', recipient, subject: message.title, text: message.body, status, error });
  // Push services are on the public Internet: a name resolving to this host or a private network is never reached.
  const publicOnly = new Agent({ lookup: publicOnlyLookup });
  return {
    async send(target, recipient, message) {
      if (!options.deliver) {
        await record(recipient, message, 'recorded');
        options.logger.info({ to: recipient }, `push recorded in the outbox: ${message.title}`);
        return 'recorded';
      }
      try {
        const host = new URL(target.endpoint).hostname.replace(/^\[|\]$/g, '');
        if (isIP(host) && !isPublicAddress(host)) throw new Error(`${host} is not a public address`);
        await webpush.sendNotification(target, JSON.stringify(message), {
          vapidDetails: options.vapid,
          TTL: 3600,
          timeout: options.timeoutMs ?? 10_000,
          agent: publicOnly,
        });
        await record(recipient, message, 'sent');
        return 'sent';
      } catch (error) {
        const status = error instanceof webpush.WebPushError ? error.statusCode : undefined;
        const reason = error instanceof Error ? error.message : String(error);
        await record(recipient, message, 'failed', reason);
        options.logger.warn({ to: recipient, status, err: error }, 'push delivery failed');
        // 404 and 410: the browser unsubscribed or the subscription expired, so it is no terminal any more.
        return status === 404 || status === 410 ? 'gone' : 'failed';
      }
    },
  };
}
