import { AppError } from '../../lib/app-error';
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
export function createSmsClient(options: { url?: string; outbox: OutboxRepository; logger: Logger; timeoutMs?: number }): SmsClient {
  return {
    async send(to, text) {
      if (!options.url) {
        await options.outbox.record({ channel: 'sms', recipient: to, text, status: 'recorded' });
        // The text may be a sign-in code: it stays in the outbox, out of the log.
        options.logger.info({ to }, 'SMS recorded in the outbox');
        return;
      }
      try {
        const response = await fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to, text }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
        await options.outbox.record({ channel: 'sms', recipient: to, text, status: 'sent' });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await options.outbox.record({ channel: 'sms', recipient: to, text, status: 'failed', error: reason });
        options.logger.warn({ to, err: error }, 'SMS sending failed');
        throw new AppError('SMS_SENDING_FAILED', 'The SMS could not be sent');
      }
    },
  };
}
