import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../../lib/logger';
import type { OutboxRepository } from '../../modules/outbox/outbox.repository';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
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
  return {
    async send(message) {
      try {
        await transport.sendMail({ from: options.from, ...message });
        await options.outbox.record({
          channel: 'email',
          recipient: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          status: delivered,
        });
        options.logger.info(
          { to: message.to, subject: message.subject, transport: delivered },
          // The text may carry a link that signs in or resets a password: it stays in the outbox, out of the log.
          options.smtpUrl ? 'e-mail sent' : 'e-mail recorded in the outbox',
        );
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await options.outbox.record({
          channel: 'email',
          recipient: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          status: 'failed',
          error: reason,
        });
        options.logger.error({ to: message.to, err: error }, 'e-mail delivery failed');
      }
    },
  };
}
