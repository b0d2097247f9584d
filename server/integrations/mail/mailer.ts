import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../../lib/logger';
import type { OutboxRepository, OutboxSettlement } from '../../modules/outbox/outbox.repository';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Keeps the messages in the outbox, in their order (one statement), as queued, then hands them to the transport after
   * the caller has answered: no request waits on the mail server.
   */
  sendAll(messages: readonly MailMessage[]): Promise<void>;
  /** Waits for the deliveries under way, those started meanwhile included (tests). */
  drain(): Promise<void>;
  /** At shutdown: the deliveries under way end, then the transport's connections close. */
  close(): Promise<void>;
}

/**
 * An SMTP transport's limits unless SMTP_URL sets its own (`?greetingTimeout=…`): nodemailer's own wait two minutes for a
 * connection and ten for a silent socket. Pooled: at most five connections to the server, each reused, whatever the
 * number of e-mails at once; a message whose connection closed under it is tried once more on a new one (nodemailer's
 * pool would try again for ever).
 */
const SMTP_DEFAULTS = { pool: 'true', maxRequeues: '1', connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '30000' };

function smtpTransport(smtpUrl: string): Transporter {
  const url = new URL(smtpUrl);
  for (const [key, value] of Object.entries(SMTP_DEFAULTS)) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  return nodemailer.createTransport(url.toString());
}

/**
 * Every message goes through nodemailer: over SMTP when SMTP_URL is set, otherwise through its JSON transport. Either
 * way it is kept in the outbox first, queued, then marked sent (recorded, for the JSON transport) or failed with the
 * transport's reason, so administrators can read what was sent (and, in the embedded default, follow activation and
 * reset links at once).
 */
export function createMailer(options: { smtpUrl?: string; from: string; outbox: OutboxRepository; logger: Logger }): Mailer {
  const transport = options.smtpUrl ? smtpTransport(options.smtpUrl) : nodemailer.createTransport({ jsonTransport: true });
  const delivered = options.smtpUrl ? 'sent' : 'recorded';
  const underWay = new Set<Promise<void>>();

  /** Hands the message to the transport; answers its outcome and the log line to write once it is kept. */
  async function deliver(id: string, message: MailMessage): Promise<[OutboxSettlement, () => void]> {
    try {
      await transport.sendMail({ from: options.from, ...message });
      return [
        { id, status: delivered },
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
        { id, status: 'failed', error: reason },
        () => options.logger.error({ to: message.to, err: error }, 'e-mail delivery failed'),
      ];
    }
  }

  async function deliverAll(ids: readonly string[], messages: readonly MailMessage[]) {
    const outcomes: [OutboxSettlement, () => void][] = [];
    for (const [index, message] of messages.entries()) outcomes.push(await deliver(ids[index]!, message));
    await options.outbox.settle(...outcomes.map(([settlement]) => settlement));
    for (const [, log] of outcomes) log();
  }

  async function sendAll(messages: readonly MailMessage[]) {
    const ids = await options.outbox.record(
      ...messages.map((message) => ({
        channel: 'email' as const,
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        status: 'queued' as const,
      })),
    );
    if (ids.length === 0) return;
    const delivery = deliverAll(ids, messages)
      .catch((error: unknown) => options.logger.error({ err: error }, 'e-mail outcome not kept in the outbox'))
      .finally(() => underWay.delete(delivery));
    underWay.add(delivery);
  }

  async function drain() {
    while (underWay.size > 0) await Promise.all(underWay);
  }

  async function close() {
    await drain();
    transport.close();
  }

  return { send: (message) => sendAll([message]), sendAll, drain, close };
}
