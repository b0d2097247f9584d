import type { Language } from '../../../src/shared/domain/enums';
import type { Mailer } from '../../integrations/mail/mailer';
import type { PushClient } from '../../integrations/push/push-client';
import type { SmsClient } from '../../integrations/sms/sms-client';
import type { Logger } from '../../lib/logger';
import type { ConformanceRepository } from './conformance.repository';

export interface NotifierDependencies {
  repository: Pick<ConformanceRepository, 'recipients' | 'forgetSubscription'>;
  mailer: Mailer;
  sms: SmsClient;
  push: PushClient;
  logger: Logger;
  /** Links in the messages lead to the episode on the Violations screen there. */
  publicUrl: string;
}

export interface EpisodeNotice {
  episodeId: string;
  recipientIds: readonly string[];
  channels: { email: boolean; sms: boolean; push: boolean };
  /** The subject and text in the recipient's language, ending with the link. */
  message: (lang: Language, link: string) => { subject: string; text: string };
}

/** The screen an episode's message opens: the Violations screen on that episode, which its recipients may read. */
export const episodePath = (episodeId: string) => `/backoffice/violations?id=${episodeId}`;

/**
 * Tells an episode's recipients once, on each channel asked (docs/alerts.md "Notifications"): e-mail, SMS when they
 * have a phone number, push to each of their subscriptions. A failed SMS is logged; a subscription the push service
 * says is gone is forgotten.
 */
export function createViolationNotifier(deps: NotifierDependencies) {
  return {
    async notify(notice: EpisodeNotice) {
      const { channels } = notice;
      if (!channels.email && !channels.sms && !channels.push) return;
      const recipients = await deps.repository.recipients([...notice.recipientIds]);
      const path = episodePath(notice.episodeId);
      for (const recipient of recipients) {
        const message = notice.message(recipient.lang, `${deps.publicUrl}${path}`);
        if (channels.email) await deps.mailer.send({ to: recipient.email, ...message });
        if (channels.sms && recipient.phoneNumber) {
          await deps.sms.send(recipient.phoneNumber, message.text).catch((error: unknown) => {
            deps.logger.warn({ err: error, violationId: notice.episodeId }, 'violation SMS not sent');
          });
        }
        if (!channels.push) continue;
        for (const subscription of recipient.pushSubscriptions) {
          const outcome = await deps.push.send(
            { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
            recipient.email,
            { title: message.subject, body: message.text, url: path },
          );
          if (outcome === 'gone') await deps.repository.forgetSubscription(subscription.endpoint);
        }
      }
    },
  };
}

export type ViolationNotifier = ReturnType<typeof createViolationNotifier>;
