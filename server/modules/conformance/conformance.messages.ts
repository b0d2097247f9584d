import type { AlertType } from '../../../src/shared/contracts/alerts';
import type { Language } from '../../../src/shared/domain/enums';

export interface ViolationNotice {
  alertName: string;
  alertType: AlertType;
  ident: string;
  startedAt: Date;
  lat: number;
  lon: number;
  heightM: number | null;
}

const TYPE_NAMES: Record<Language, Record<AlertType, string>> = {
  en: {
    doNotEnter: 'do not enter',
    stayInside: 'stay inside',
    missionCompliance: 'mission compliance',
    noMission: 'no mission',
    proximities: 'proximity',
    height: 'height',
    identifiers: 'identifiers',
    missingIdentifiers: 'missing identifiers',
    nonCollaborative: 'non-collaborative',
  },
  fr: {
    doNotEnter: 'interdiction d’entrer',
    stayInside: 'maintien dans la zone',
    missionCompliance: 'conformité de mission',
    noMission: 'absence de mission',
    proximities: 'proximité',
    height: 'hauteur',
    identifiers: 'identifiants',
    missingIdentifiers: 'identifiants manquants',
    nonCollaborative: 'non coopératif',
  },
};

const time = (date: Date, lang: Language) =>
  `${date.toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB', { timeZone: 'UTC', dateStyle: 'short', timeStyle: 'medium' })} UTC`;

/** The text of an episode's e-mail, SMS and push, in the recipient's language. */
export function violationMessage(notice: ViolationNotice, lang: Language, link: string): { subject: string; text: string } {
  const where = `${notice.lat.toFixed(5)}, ${notice.lon.toFixed(5)}${notice.heightM !== null ? ` · ${Math.round(notice.heightM)} m` : ''}`;
  const type = TYPE_NAMES[lang][notice.alertType];
  return lang === 'fr'
    ? {
        subject: `Alerte « ${notice.alertName} » (${type}) : ${notice.ident}`,
        text: `${notice.ident} ne respecte pas l’alerte « ${notice.alertName} » (${type}) depuis le ${time(notice.startedAt, 'fr')}, en ${where}.\n${link}`,
      }
    : {
        subject: `Alert "${notice.alertName}" (${type}): ${notice.ident}`,
        text: `${notice.ident} has been breaking the alert "${notice.alertName}" (${type}) since ${time(notice.startedAt, 'en')}, at ${where}.\n${link}`,
      };
}
