import type { MissionFacts } from '../facts';
import { defineRule, notApplicable, type RegulationRule } from '../rule';

const MONENTREPRISE_URL = 'https://monentreprise.gouv.mc';

/** Arrêté Ministériel n° 2021-532: since 6 Feb 2022 only professional use is allowed (C8). */
export const MC_PROFESSIONAL_ONLY_FROM = '2022-02-06';

const MC_AEROMODEL_MAX_G = 100;
const MC_HELIPORT_MIN_DISTANCE_M = 150;

/**
 * Whole-Principality bans set by Arrêté Ministériel n° 2024-707 (Journal de Monaco 8726), local time. Where the
 * notes lose the end of a period, the whole last day is kept banned.
 */
const MC_EVENT_BANS = [
  { from: '2025-01-23T14:00', to: '2025-01-23T20:00' },
  { from: '2025-01-26T14:00', to: '2025-01-27T23:59' },
  { from: '2025-01-30T06:00', to: '2025-01-30T10:00' },
  { from: '2025-02-04T15:00', to: '2025-02-05T23:00' },
  { from: '2025-02-08T06:00', to: '2025-02-09T14:00' },
  { from: '2025-03-29T18:00', to: '2025-03-30T01:00' },
  { from: '2025-05-03T00:00', to: '2025-05-04T23:59' },
] as const;

/** Without a start time the whole day is checked, so any ban touching that day applies. */
function activeEventBan(facts: MissionFacts) {
  return MC_EVENT_BANS.find((ban) => {
    if (facts.timeLocal === undefined) return ban.from.slice(0, 10) <= facts.dateISO && facts.dateISO <= ban.to.slice(0, 10);
    const instant = `${facts.dateISO}T${facts.timeLocal}`;
    return ban.from <= instant && instant <= ban.to;
  });
}

/** MC-01 says "> 100 g" and MC-05 "< 100 g": 100 g exactly is read as an aéromodèle (open question). */
function needsAgrement(facts: MissionFacts): boolean {
  return facts.massGrams > MC_AEROMODEL_MAX_G;
}

export const mcRules: readonly RegulationRule[] = [
  defineRule({
    id: 'MC-06a',
    catalogueCode: 'CPX201',
    source: `Arrêté Ministériel n° 2021-532 art. 6 (Palais Princier and Place du Palais) — ${MONENTREPRISE_URL}`,
    stage: 'gate',
    evaluate: ({ facts }) =>
      facts.overPrincePalace === true ? { outcome: 'fail', category: 'FORBIDDEN', blockers: ['MC_PRINCE_PALACE'] } : { outcome: 'pass' },
  }),
  defineRule({
    id: 'MC-06b',
    catalogueCode: 'CPX202',
    source: `Arrêté Ministériel n° 2021-532 art. 6 (150 m from the heliport boundary) — ${MONENTREPRISE_URL}`,
    stage: 'gate',
    evaluate: ({ facts }) => {
      if (facts.nearHeliportM === undefined) return notApplicable;
      return facts.nearHeliportM < MC_HELIPORT_MIN_DISTANCE_M
        ? { outcome: 'fail', category: 'FORBIDDEN', blockers: ['MC_HELIPORT_150M'] }
        : { outcome: 'pass' };
    },
  }),
  defineRule({
    id: 'MC-06c',
    catalogueCode: 'CPX203',
    source: 'Arrêté Ministériel n° 2024-707 (Journal de Monaco 8726) ; Arrêté Ministériel n° 2021-532 art. 6',
    stage: 'gate',
    evaluate: ({ facts }) => {
      const ban = activeEventBan(facts);
      return ban === undefined
        ? { outcome: 'pass' }
        : { outcome: 'fail', category: 'FORBIDDEN', blockers: ['MC_EVENT_BAN'], params: { from: ban.from, to: ban.to } };
    },
  }),
  defineRule({
    id: 'MC-05',
    catalogueCode: 'CPX204',
    source: `monentreprise.gouv.mc: aéromodèles under 100 g are free to use — ${MONENTREPRISE_URL}`,
    stage: 'gate',
    evaluate: ({ facts }) => (needsAgrement(facts) ? notApplicable : { outcome: 'info' }),
  }),
  defineRule({
    id: 'MC-02',
    catalogueCode: 'CPX205',
    source: 'Arrêté Ministériel n° 2021-532 (professional use only from 2022-02-06) ; [SEC] monaco-tribune.com, monacomatin.mc',
    stage: 'requirements',
    evaluate: ({ facts }) => {
      if (!needsAgrement(facts) || facts.dateISO < MC_PROFESSIONAL_ONLY_FROM) return notApplicable;
      return facts.professional === true
        ? { outcome: 'pass' }
        : { outcome: 'fail', category: 'FORBIDDEN', blockers: ['MC_RECREATIONAL_GT_100G'] };
    },
  }),
  defineRule({
    id: 'MC-01',
    catalogueCode: 'CPX206',
    source: `Arrêté Ministériel n° 2021-532 art. 2 ; Loi n° 1.458 du 13 décembre 2017 — ${MONENTREPRISE_URL}`,
    stage: 'requirements',
    evaluate: ({ facts }) =>
      needsAgrement(facts)
        ? { outcome: 'info', category: 'SPECIFIC', requirements: ['MC_AGREMENT', 'MC_FLIGHT_AUTHORISATION'] }
        : notApplicable,
  }),
  defineRule({
    id: 'MC-03',
    catalogueCode: 'CPX207',
    source: `Arrêté Ministériel n° 2021-532 (parachute above 700 g; 2 kg before) — ${MONENTREPRISE_URL}`,
    stage: 'requirements',
    // The notes date the 700 g threshold only as "before 2022 it was 2 kg": it is tied to the 2022 regime (C8).
    evaluate: ({ facts }) => {
      const thresholdGrams = facts.dateISO >= MC_PROFESSIONAL_ONLY_FROM ? 700 : 2_000;
      return facts.massGrams > thresholdGrams
        ? { outcome: 'info', requirements: ['MC_PARACHUTE'], params: { thresholdGrams } }
        : notApplicable;
    },
  }),
  defineRule({
    id: 'MC-04',
    catalogueCode: 'CPX208',
    source: `monentreprise.gouv.mc: electronic identification compatible with the Principality's system and plate — ${MONENTREPRISE_URL}`,
    stage: 'requirements',
    evaluate: ({ facts }) => (needsAgrement(facts) ? { outcome: 'info', requirements: ['MC_ELECTRONIC_ID'] } : notApplicable),
  }),
  defineRule({
    id: 'MC-08',
    catalogueCode: 'CPX209',
    source: '[SPEC] domain specification §5: Monaco requires acceptance of the legal information',
    stage: 'requirements',
    evaluate: () => ({ outcome: 'info', requirements: ['MC_LEGAL_INFORMATION'] }),
  }),
  defineRule({
    id: 'MC-07',
    catalogueCode: 'CPX210',
    source: `monentreprise.gouv.mc: the agrément applicant must be 18 — ${MONENTREPRISE_URL}`,
    stage: 'age',
    // Since 2022 the agrément goes to companies, so the pilot's age alone does not block the flight.
    evaluate: ({ facts }) => {
      if (!needsAgrement(facts)) return notApplicable;
      return facts.pilotAge >= 18 ? { outcome: 'pass', params: { minAge: 18 } } : { outcome: 'info', params: { minAge: 18 } };
    },
  }),
];
