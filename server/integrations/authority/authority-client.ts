import { createHmac } from 'node:crypto';
import type { Config } from '../../config/env';
import { AppError } from '../../lib/app-error';
import { failureReason, statusFailure, type CallPolicy } from '../../lib/call-policy';
import type { Logger } from '../../lib/logger';
import type { OutboxRepository } from '../../modules/outbox/outbox.repository';
import type { Mailer } from '../mail/mailer';

export type AuthorityCallKind = 'send' | 'update' | 'cancel';

export interface AuthorityCall {
  kind: AuthorityCallKind;
  type: 'army' | 'prefecture';
  /** The same for every retry of this call, different for every other call. */
  idempotencyKey: string;
  payload: unknown;
}

export interface AuthorityClient {
  /** Answers the authority's reference when it gives one; throws AppError(EXTERNAL_SERVICE_UNAVAILABLE) otherwise. */
  call(call: AuthorityCall): Promise<{ externalId: string | null }>;
}

export const SIGNATURE_HEADER = 'x-aerogate-signature';

export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

const RECIPIENT = { army: 'Ministère des Armées', prefecture: 'Préfecture' } as const;

function subject(call: AuthorityCall) {
  return `[${call.idempotencyKey}] Drone flight notification (${call.type}): ${call.kind}`;
}

interface Options {
  config: Config['authority'];
  mailer: Mailer;
  outbox: OutboxRepository;
  logger: Logger;
  /** Retries, time-out and breaker of the calls to AUTHORITY_NOTIFICATION_URL. */
  policy: CallPolicy;
}

/**
 * AUTHORITY_NOTIFICATION_URL: signed JSON POSTs, retried on network errors and 5xx (its call policy) with the same
 * Idempotency-Key so that the service records one notification whatever the retries. AUTHORITY_NOTIFICATION_EMAIL: an
 * e-mail to that mailbox. Neither: the call is recorded in the outbox, which says nothing was sent.
 */
export function createAuthorityClient(options: Options): AuthorityClient {
  const { config, mailer, outbox, logger, policy } = options;

  if (config && 'url' in config) {
    return {
      async call(call) {
        const body = JSON.stringify({ kind: call.kind, type: call.type, payload: call.payload });
        try {
          const answer = await policy.execute(async (signal) => {
            const response = await fetch(config.url, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'idempotency-key': call.idempotencyKey,
                [SIGNATURE_HEADER]: signature(config.secret, body),
              },
              body,
              signal,
            });
            if (!response.ok) throw statusFailure('The notification service', response.status);
            return (await response.json().catch(() => ({}))) as { reference?: unknown };
          });
          await outbox.record({ channel: 'authority', recipient: config.url, subject: subject(call), text: body, status: 'sent' });
          return { externalId: typeof answer.reference === 'string' ? answer.reference : null };
        } catch (error) {
          const reason = failureReason(error);
          await outbox.record({
            channel: 'authority',
            recipient: config.url,
            subject: subject(call),
            text: body,
            status: 'failed',
            error: reason,
          });
          logger.warn({ key: call.idempotencyKey, reason }, 'authority notification failed');
          throw new AppError('EXTERNAL_SERVICE_UNAVAILABLE', 'The external notification service is unavailable, retry later');
        }
      },
    };
  }

  if (config && 'email' in config) {
    return {
      async call(call) {
        // The mailer keeps a failed delivery in the outbox for the administrators; the authority reads its mailbox.
        await mailer.send({ to: config.email, subject: subject(call), text: JSON.stringify(call.payload, null, 2) });
        return { externalId: null };
      },
    };
  }

  return {
    async call(call) {
      await outbox.record({
        channel: 'authority',
        recipient: RECIPIENT[call.type],
        subject: subject(call),
        text: JSON.stringify(call.payload, null, 2),
        status: 'recorded',
      });
      logger.info({ key: call.idempotencyKey }, 'authority notification recorded in the outbox (no service configured)');
      return { externalId: null };
    },
  };
}
