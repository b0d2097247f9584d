import type { MissionVerdict } from '../../../src/shared/contracts/regulation';
import type { Category } from '../../../src/shared/regulation/codes';
import type { MailMessage } from '../../integrations/mail/mailer';

type Language = 'en' | 'fr';

export interface RestrictionMailContext {
  missionTitle: string;
  referenceNumber: string;
  airspaceName: string;
  reason: string;
  lowerM: number;
  upperM: number;
  startAt: Date;
  endAt: Date;
  link: string;
}

const CATEGORIES: Record<Language, Record<Category, string>> = {
  en: { OPEN: 'open category', SPECIFIC: 'specific category', CERTIFIED: 'certified category', FORBIDDEN: 'forbidden' },
  fr: { OPEN: 'catégorie ouverte', SPECIFIC: 'catégorie spécifique', CERTIFIED: 'catégorie certifiée', FORBIDDEN: 'interdite' },
};

/** Dates in the operator's language, in UTC, said so: the e-mail cannot know where he reads it. */
const when = (lang: Language, date: Date) =>
  `${new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;

function verdictLine(lang: Language, verdict: MissionVerdict | null): string {
  if (!verdict)
    return lang === 'fr'
      ? 'Nouveau verdict : la mission ne peut pas être classée en l’état ; ouvrez-la pour la compléter.'
      : 'New verdict: the mission cannot be classified as it stands; open it to complete it.';
  const blockers = verdict.blockers.length > 0 ? ` (${verdict.blockers.join(', ')})` : '';
  const zones = verdict.geozones.filter((zone) => zone.restriction === 'PROHIBITED').length;
  return lang === 'fr'
    ? `Nouveau verdict : ${CATEGORIES.fr[verdict.category]}${blockers} ; zones interdites touchées : ${zones}.`
    : `New verdict: ${CATEGORIES.en[verdict.category]}${blockers}; prohibited zones touched: ${zones}.`;
}

/** To a mission's operator: a temporary restriction now meets his mission, and the mission's verdict re-checked against it. */
export function restrictionEmail(lang: Language, to: string, context: RestrictionMailContext, verdict: MissionVerdict | null): MailMessage {
  const heights = `${context.lowerM}–${context.upperM} m`;
  if (lang === 'fr')
    return {
      to,
      subject: `Restriction temporaire sur la mission « ${context.missionTitle} » (${context.referenceNumber})`,
      text: [
        `Le gestionnaire de l’espace ${context.airspaceName} a publié une restriction temporaire qui touche votre mission « ${context.missionTitle} » (demande ${context.referenceNumber}).`,
        `Motif : ${context.reason}`,
        `Hauteurs : ${heights} sol, du ${when('fr', context.startAt)} au ${when('fr', context.endAt)}.`,
        verdictLine('fr', verdict),
        `Détail : ${context.link}`,
      ].join('\n'),
    };
  return {
    to,
    subject: `Temporary restriction on the mission "${context.missionTitle}" (${context.referenceNumber})`,
    text: [
      `The manager of ${context.airspaceName} published a temporary restriction that meets your mission "${context.missionTitle}" (request ${context.referenceNumber}).`,
      `Reason: ${context.reason}`,
      `Heights: ${heights} above ground, from ${when('en', context.startAt)} to ${when('en', context.endAt)}.`,
      verdictLine('en', verdict),
      `Details: ${context.link}`,
    ].join('\n'),
  };
}
