import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../../lib/logger';
import type { OutboxEntry, OutboxRepository } from '../../modules/outbox/outbox.repository';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Sends the messages in their order and keeps them in the outbox together (one statement). */
  sendAll(messages: readonly MailMessage[]): Promise<void>;
}

/**
 * Every message goes through nodemailer: over SMTP when SMTP_URL is set, otherwise through its JSON
 * transport. Either way it is kept in the outbox, so administrators can read what was sent (and, in the
 * embedded default, follow activation and reset links).
 */
export function createMailer(options: { smtpUrl?: string; from: string; outbox: OutboxRepository; logger: Logger }): Mailer {
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });
  const delivered = options.smtpUrl ? 'sent' : 'recorded';

  /** Hands the message to the transport; answers its outbox entry and the log line to write once it is kept. */
  async function deliver(message: MailMessage): Promise<[OutboxEntry, () => void]> {
    const entry = { channel: 'email', recipient: message.to, subject: message.subject, text: message.text, html: message.html } as const;
    try {
      await transport.sendMail({ from: options.from, ...message });
      return [
        { ...entry, status: delivered },
        () =>
          options.logger.info(
            { to: message.to, subject: message.subject, transport: delivered },
            // The text may carry a link that signs in or resets a password: it stays in the outbox, out of the log.
            options.smtpUrl ? 'e-mail sent' : 'e-mail recorded in the outbox',
          ),
      ];
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return [
        { ...entry, status: 'failed', error: reason },
        () => options.logger.error({ to: message.to, err: error }, 'e-mail delivery failed'),
      ];
    }
  }

  async function sendAll(messages: readonly MailMessage[]) {
    const delivered: [OutboxEntry, () => void][] = [];
    for (const message of messages) delivered.push(await deliver(message));
    await options.outbox.record(...delivered.map(([entry]) => entry));
    for (const [, log] of delivered) log();
  }

  return { send: (message) => sendAll([message]), sendAll };
}
