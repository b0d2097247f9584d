import type { Language } from '../../../src/shared/domain/enums';
import type { NotificationType } from '../../../src/shared/domain/notification';

export type NotificationOutcome = 'sent' | 'failed' | 'canceled' | 'expired';

const AUTHORITY: Record<Language, Record<NotificationType, string>> = {
  en: { army: 'the Ministère des Armées', prefecture: 'the prefecture' },
  fr: { army: 'le ministère des Armées', prefecture: 'la préfecture' },
};

const SUBJECT: Record<Language, Record<NotificationOutcome, string>> = {
  en: {
    sent: 'Aerogate: flight notified',
    failed: 'Aerogate: flight notification failed',
    canceled: 'Aerogate: flight notification cancelled',
    expired: 'Aerogate: flight notification not sent in time',
  },
  fr: {
    sent: 'Aerogate : vol notifié',
    failed: 'Aerogate : échec de la notification du vol',
    canceled: 'Aerogate : notification du vol annulée',
    expired: 'Aerogate : notification du vol non envoyée à temps',
  },
};

const TEXT: Record<Language, Record<NotificationOutcome, (title: string, authority: string, error: string) => string>> = {
  en: {
    sent: (title, authority) => `Your flight "${title}" was notified to ${authority}.`,
    failed: (title, authority, error) =>
      `Notifying your flight "${title}" to ${authority} failed: ${error}. It will be retried while the sending window is open.`,
    canceled: (title, authority) => `The notification of your flight "${title}" to ${authority} was cancelled.`,
    expired: (title, authority) => `The sending window for your flight "${title}" closed before it could be notified to ${authority}.`,
  },
  fr: {
    sent: (title, authority) => `Votre vol « ${title} » a été notifié à ${authority}.`,
    failed: (title, authority, error) =>
      `La notification de votre vol « ${title} » à ${authority} a échoué : ${error}. Elle sera renvoyée tant que la fenêtre d'envoi est ouverte.`,
    canceled: (title, authority) => `La notification de votre vol « ${title} » à ${authority} a été annulée.`,
    expired: (title, authority) =>
      `La fenêtre d'envoi de votre vol « ${title} » s'est fermée avant qu'il puisse être notifié à ${authority}.`,
  },
};

/** The e-mail telling the operator what became of a flight notification, in the operator's language. */
export function notificationEmail(lang: Language, outcome: NotificationOutcome, type: NotificationType, title: string, error: string) {
  return { subject: SUBJECT[lang][outcome], text: TEXT[lang][outcome](title, AUTHORITY[lang][type], error) };
}
