import type { AlertType } from '../../../src/shared/contracts/alerts';
import type { ConformanceRule } from '../../../src/shared/contracts/conformance';
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

export interface FlightViolationNotice {
  rule: ConformanceRule;
  missionTitle: string;
  ident: string;
  startedAt: Date;
  lat: number;
  lon: number;
  heightM: number | null;
  worstValue: number | null;
}

const RULE_NAMES: Record<Language, Record<ConformanceRule, string>> = {
  en: {
    area: 'outside its area',
    height: 'above its maximum height',
    slot: 'outside its time slot',
    activation: 'without a held activation',
  },
  fr: {
    area: 'hors de sa zone',
    height: 'au-dessus de sa hauteur maximale',
    slot: 'hors de son créneau',
    activation: 'sans activation en cours',
  },
};

/** The text of a flight conformance episode's e-mail and push, in the recipient's language. */
export function flightViolationMessage(notice: FlightViolationNotice, lang: Language, link: string): { subject: string; text: string } {
  const where = `${notice.lat.toFixed(5)}, ${notice.lon.toFixed(5)}${notice.heightM !== null ? ` · ${Math.round(notice.heightM)} m` : ''}`;
  const rule = RULE_NAMES[lang][notice.rule];
  const by = notice.worstValue ? ` (${Math.round(notice.worstValue)} m)` : '';
  return lang === 'fr'
    ? {
        subject: `Mission « ${notice.missionTitle} » ${rule} : ${notice.ident}`,
        text: `${notice.ident} vole ${rule}${by} depuis le ${time(notice.startedAt, 'fr')}, en ${where} (mission « ${notice.missionTitle} »).\n${link}`,
      }
    : {
        subject: `Mission "${notice.missionTitle}" ${rule}: ${notice.ident}`,
        text: `${notice.ident} has been flying ${rule}${by} since ${time(notice.startedAt, 'en')}, at ${where} (mission "${notice.missionTitle}").\n${link}`,
      };
}
