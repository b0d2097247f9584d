import type { RequestStatus } from '../../../src/shared/domain/request-status';
import type { MailMessage } from '../../integrations/mail/mailer';

type Language = 'en' | 'fr';

const STATUS_LABELS: Record<Language, Record<RequestStatus, string>> = {
  en: {
    submitted: 'under analysis again',
    accepted: 'accepted',
    acceptedWithRestrictions: 'accepted with restrictions',
    rejected: 'rejected',
    autoAccepted: 'accepted automatically',
    autoAcceptedWithRestrictions: 'accepted automatically with restrictions',
    autoRejected: 'rejected automatically',
    awaiting: 'awaiting information from you',
    archived: 'archived',
  },
  fr: {
    submitted: 'de nouveau en cours d’analyse',
    accepted: 'acceptée',
    acceptedWithRestrictions: 'acceptée avec restrictions',
    rejected: 'refusée',
    autoAccepted: 'acceptée automatiquement',
    autoAcceptedWithRestrictions: 'acceptée automatiquement avec restrictions',
    autoRejected: 'refusée automatiquement',
    awaiting: 'en attente d’informations de votre part',
    archived: 'archivée',
  },
};

export interface RequestMailContext {
  referenceNumber: string;
  missionTitle: string;
  airspaceName: string;
  link: string;
}

/** To the operator: the request's new status, with the reason or reply when there is one. */
export function decisionEmail(
  lang: Language,
  to: string,
  request: RequestMailContext,
  status: RequestStatus,
  note: string | null,
): MailMessage {
  const label = STATUS_LABELS[lang][status];
  if (lang === 'fr')
    return {
      to,
      subject: `Demande ${request.referenceNumber} ${label}`,
      text: [
        `Votre demande ${request.referenceNumber} pour la mission « ${request.missionTitle} » dans l’espace ${request.airspaceName} est ${label}.`,
        note ? `\n${note}\n` : '',
        `Détail : ${request.link}`,
      ].join('\n'),
    };
  return {
    to,
    subject: `Request ${request.referenceNumber} ${label}`,
    text: [
      `Your request ${request.referenceNumber} for the mission "${request.missionTitle}" in ${request.airspaceName} is ${label}.`,
      note ? `\n${note}\n` : '',
      `Details: ${request.link}`,
    ].join('\n'),
  };
}

/** To the other side of the chat: who wrote and what. */
export function messageEmail(lang: Language, to: string, request: RequestMailContext, author: string, body: string): MailMessage {
  if (lang === 'fr')
    return {
      to,
      subject: `Nouveau message sur la demande ${request.referenceNumber}`,
      text: `${author} a écrit au sujet de la demande ${request.referenceNumber} (« ${request.missionTitle} », ${request.airspaceName}) :\n\n${body}\n\nRépondre : ${request.link}`,
    };
  return {
    to,
    subject: `New message on request ${request.referenceNumber}`,
    text: `${author} wrote about request ${request.referenceNumber} ("${request.missionTitle}", ${request.airspaceName}):\n\n${body}\n\nReply: ${request.link}`,
  };
}

/** To the airspace side: a new request to analyse. */
export function submittedEmail(lang: Language, to: string, request: RequestMailContext, operator: string): MailMessage {
  if (lang === 'fr')
    return {
      to,
      subject: `Nouvelle demande ${request.referenceNumber}`,
      text: `${operator} demande l’autorisation de voler (« ${request.missionTitle} ») dans l’espace ${request.airspaceName}.\n\nAnalyser : ${request.link}`,
    };
  return {
    to,
    subject: `New request ${request.referenceNumber}`,
    text: `${operator} asks to fly ("${request.missionTitle}") in ${request.airspaceName}.\n\nAnalyse: ${request.link}`,
  };
}
