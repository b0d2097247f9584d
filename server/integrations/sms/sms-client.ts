import { AppError } from '../../lib/app-error';
import { failureReason, statusFailure, type CallPolicy } from '../../lib/call-policy';
import type { Logger } from '../../lib/logger';
import type { OutboxRepository } from '../../modules/outbox/outbox.repository';

export interface SmsClient {
  /** Throws AppError(SMS_SENDING_FAILED) when the provider refuses or cannot be reached. */
  send(to: string, text: string): Promise<void>;
}

/**
 * SMS_URL set: the message is POSTed as JSON `{ to, text }` to the provider gateway, which must answer 2xx.
 * Unset: the message is recorded in the outbox only, and says so.
 */
export function createSmsClient(options: { url?: string; outbox: OutboxRepository; logger: Logger; policy: CallPolicy }): SmsClient {
  const { url } = options;
  return {
    async send(to, text) {
      if (!url) {
        await options.outbox.record({ channel: 'sms', recipient: to, text, status: 'recorded' });
        // The text may be a sign-in code: it stays in the outbox, out of the log.
        options.logger.info({ to }, 'SMS recorded in the outbox');
        return;
      }
      try {
        await options.policy.execute(async (signal) => {
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ to, text }),
            signal,
          });
          await response.body?.cancel();
          if (!response.ok) throw statusFailure('SMS gateway', response.status);
        });
        await options.outbox.record({ channel: 'sms', recipient: to, text, status: 'sent' });
      } catch (error) {
        const reason = failureReason(error);
        await options.outbox.record({ channel: 'sms', recipient: to, text, status: 'failed', error: reason });
        options.logger.warn({ to, err: error }, 'SMS sending failed');
        throw new AppError('SMS_SENDING_FAILED', 'The SMS could not be sent');
      }
    },
  };
}
