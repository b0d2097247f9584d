import type { MissionFacts } from '../facts';
import { RegulationError } from '../regulation-error';
import { defineRule, notApplicable, type RegulationRule } from '../rule';
import { EU_REGULATION_APPLIES_FROM } from './eu';

const LET_ME_FLY_URL = 'https://dac.gouvernement.lu/en/drones/drones-let-me-fly.html';
const DAC_2026_URL = 'https://dac.gouvernement.lu/fr/actualites/2026/janvier2026/rglement-drones-2026.html';
const GUICHET_REGISTRATION_URL =
  'https://guichet.public.lu/fr/citoyens/loisirs/permis-licences/aviation/systeme-aeronef-sans-pilote/enregistrement-exploitant-uas.html';

/**
 * New national law and règlement grand-ducal "entered into force at the end of 2025" (C7) without a published
 * day in the notes; the first dated step of that framework is 14 Jan 2026, so the engine applies it from then.
 */
export const LU_MINOR_OPERATOR_FROM = '2026-01-14';
const LU_OPERATOR_MIN_AGE = 16;
const LU_MINOR_OPERATOR_MIN_AGE = 14;

/**
 * Spec domain §5 "authorisation window 1 Oct to 31 Dec 2020": the last quarter before Reg. (EU) 2019/947, when the
 * DAC still authorised every flight under the national regime (regulation.md LU-06). From 31 Dec 2020 the EU rules
 * apply; the window's days before that are classified under the national regime, earlier days are refused.
 */
export const LU_2020_WINDOW_FROM = '2020-10-01';
const LU_DAC_2016_URL = 'https://dac.public.lu (2016 page on drones, regulation.md LU-06)';
const LU_2020_CAP_M = 50;

/** The Luxembourg regime of the mission date: the national one inside the 2020 window, the EU rules from 2020-12-31. */
export function isLuNational2020(facts: Pick<MissionFacts, 'dateISO'>): boolean {
  return facts.dateISO < EU_REGULATION_APPLIES_FROM;
}

/** Throws for a Luxembourg mission dated before the 2020 window: no regime of the product covers it. */
export function assertLuNational2020Applies(facts: MissionFacts): void {
  if (facts.dateISO < LU_2020_WINDOW_FROM) throw new RegulationError('REGULATION_NOT_SUPPORTED', ['dateISO']);
}

export const luNational2020Rules: readonly RegulationRule[] = [
  defineRule({
    id: 'LU-06',
    catalogueCode: 'CPX105',
    source: `[SPEC] authorisation window 1 Oct–31 Dec 2020 ; DAC Luxembourg national regime before 2021: a mission-specific authorisation for every flight, at most 50 m above ground — ${LU_DAC_2016_URL}`,
    stage: 'gate',
    evaluate: ({ facts }) =>
      facts.maxHeightM <= LU_2020_CAP_M
        ? {
            outcome: 'pass',
            category: 'SPECIFIC',
            requirements: ['LU_DAC_AUTHORISATION'],
            maxHeightM: LU_2020_CAP_M,
            params: { capM: LU_2020_CAP_M },
          }
        : {
            outcome: 'fail',
            category: 'SPECIFIC',
            requirements: ['LU_DAC_AUTHORISATION'],
            blockers: ['LU_2020_HEIGHT_GT_50M'],
            maxHeightM: LU_2020_CAP_M,
            params: { capM: LU_2020_CAP_M },
          },
  }),
];

export const luRules: readonly RegulationRule[] = [
  defineRule({
    id: 'LU-01',
    catalogueCode: 'CPX101',
    source: `DAC Luxembourg, "Let me fly" and FAQ (Reg. (EU) 2019/947 applies in full) — ${LET_ME_FLY_URL}`,
    stage: 'gate',
    evaluate: () => ({ outcome: 'info' }),
  }),
  defineRule({
    id: 'LU-02',
    catalogueCode: 'CPX102',
    source: `DAC Luxembourg, STS declaration on form UAS432 (fee from 2026-01-14) — ${DAC_2026_URL}`,
    stage: 'requirements',
    evaluate: ({ draft }) =>
      draft.subcategory === 'STS-01' || draft.subcategory === 'STS-02' ? { outcome: 'info', params: { form: 'UAS432' } } : notApplicable,
  }),
  defineRule({
    id: 'LU-03',
    catalogueCode: 'CPX103',
    source: `Loi et règlement grand-ducal (end of 2025): a minor of 14 may be registered as OPEN operator — ${DAC_2026_URL} ; ${GUICHET_REGISTRATION_URL}`,
    stage: 'age',
    // The facts carry one age: the pilot is taken to be the operator who registers.
    evaluate: ({ facts, draft }) => {
      if (!draft.hasRequirement('REGISTRATION') || facts.pilotAge >= LU_OPERATOR_MIN_AGE) return notApplicable;
      const minorsAllowed = draft.category === 'OPEN' && facts.dateISO >= LU_MINOR_OPERATOR_FROM;
      const minAge = minorsAllowed ? LU_MINOR_OPERATOR_MIN_AGE : LU_OPERATOR_MIN_AGE;
      return facts.pilotAge >= minAge
        ? { outcome: 'pass', params: { minAge } }
        : { outcome: 'fail', blockers: ['OPERATOR_MIN_AGE'], params: { minAge } };
    },
  }),
  defineRule({
    id: 'LU-04',
    catalogueCode: 'CPX104',
    source: `DAC Luxembourg: only the zones published on Geoportail are legally applicable (ED-269 feed https://drones.geoportail.lu/zones) — ${DAC_2026_URL}`,
    stage: 'zones',
    evaluate: () => ({ outcome: 'info' }),
  }),
];
