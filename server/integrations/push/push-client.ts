import { Agent } from 'node:https';
import { isIP } from 'node:net';
import webpush from 'web-push';
import { CallFailure, failureReason, statusFailure, type CallPolicy } from '../../lib/call-policy';
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
  /** Time-out and breaker of the calls to push services. */
  policy: CallPolicy;
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
        if (isIP(host) && !isPublicAddress(host)) throw new CallFailure(`${host} is not a public address`, false);
        // web-push takes no abort signal: it ends its socket at the policy's time-out itself.
        const settings = { vapidDetails: options.vapid, TTL: 3600, agent: publicOnly, timeout: options.policy.timeoutMs };
        await options.policy.execute(() =>
          webpush.sendNotification(target, JSON.stringify(message), settings).catch((error: unknown) => {
            throw error instanceof webpush.WebPushError ? statusFailure('The push service', error.statusCode) : error;
          }),
        );
        await record(recipient, message, 'sent');
        return 'sent';
      } catch (error) {
        const status = error instanceof CallFailure ? error.status : undefined;
        const reason = failureReason(error);
        await record(recipient, message, 'failed', reason);
        options.logger.warn({ to: recipient, status, err: error }, 'push delivery failed');
        // 404 and 410: the browser unsubscribed or the subscription expired, so it is no terminal any more.
        return status === 404 || status === 410 ? 'gone' : 'failed';
      }
    },
  };
}
