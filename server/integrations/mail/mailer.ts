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
   * Keeps the messages in the outbox, in their order (one statement); over SMTP as queued, handed to the server after
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
 * Every message goes through nodemailer: over SMTP when SMTP_URL is set, otherwise through its JSON transport, and is
 * kept in the outbox, so administrators can read what was sent (and, in the embedded default, follow activation and
 * reset links). Over SMTP it is kept first, queued, and handed to the server after the caller has answered, then marked
 * sent or failed with the transport's reason. The JSON transport waits on nothing: its messages are composed and kept
 * with their outcome (recorded) before the caller answers, by one statement as before.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outbox: OutboxRepository; logger: Logger }): Mailer {
  const transport = options.smtpUrl ? smtpTransport(options.smtpUrl) : nodemailer.createTransport({ jsonTransport: true });
  const delivered = options.smtpUrl ? 'sent' : 'recorded';
  const underWay = new Set<Promise<void>>();

  /** Hands the message to the transport; answers its outcome and the log line to write once it is kept. */
  async function deliver(message: MailMessage): Promise<[Omit<OutboxSettlement, 'id'>, () => void]> {
    try {
      await transport.sendMail({ from: options.from, ...message });
      return [
        { status: delivered },
        () =>
          options.logger.info(
            { to: message.to, subject: message.subject, transport: delivered },
            // The text may carry a link that signs in or resets a password: it stays in the outbox, out of the log.
            options.smtpUrl ? 'e-mail sent' : 'e-mail recorded in the outbox',
          ),
      ];
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return [{ status: 'failed', error: reason }, () => options.logger.error({ to: message.to, err: error }, 'e-mail delivery failed')];
    }
  }

  /** Each message's outcome, in their order, and the log lines to write once they are kept. */
  async function deliverEach(messages: readonly MailMessage[]) {
    const outcomes: Omit<OutboxSettlement, 'id'>[] = [];
    const logs: (() => void)[] = [];
    for (const message of messages) {
      const [outcome, log] = await deliver(message);
      outcomes.push(outcome);
      logs.push(log);
    }
    return { outcomes, log: () => logs.forEach((log) => log()) };
  }

  const entry = (message: MailMessage) =>
    ({ channel: 'email', recipient: message.to, subject: message.subject, text: message.text, html: message.html }) as const;

  async function sendAll(messages: readonly MailMessage[]) {
    if (messages.length === 0) return;
    if (!options.smtpUrl) {
      const { outcomes, log } = await deliverEach(messages);
      await options.outbox.record(...messages.map((message, index) => ({ ...entry(message), ...outcomes[index]! })));
      log();
      return;
    }
    const ids = await options.outbox.record(...messages.map((message) => ({ ...entry(message), status: 'queued' as const })));
    const delivery = deliverEach(messages)
      .then(async ({ outcomes, log }) => {
        await options.outbox.settle(...outcomes.map((outcome, index) => ({ ...outcome, id: ids[index]! })));
        log();
      })
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
