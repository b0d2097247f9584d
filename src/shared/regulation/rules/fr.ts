import type { MissionFacts } from '../facts';
import { defineRule, notApplicable, type Evaluation, type NationalProfile, type RegulationRule, type RuleContext } from '../rule';
import { addDays, calendarDaysBetween, countFrJoursOuvrablesBetween, earliestFrFlightDateByJoursOuvrables } from '../working-days';
import { heightCapM } from './eu';
import { applies, flightBand, FR_MANAGED_ZONE_KINDS } from './geozones';

const ARRETE_ESPACE_URL = 'https://www.legifrance.gouv.fr/jorf/id/JORFTEXT000042635803';
const ARRETE_2025_ART5_URL = 'https://juriblio.fr/arretes/arrete-du-23-decembre-2025/187384467/article-5';
const BULLETIN_23_URL =
  'https://salledelecture-ext.aviation-civile.gouv.fr/externe/DSAC/alphatango/AlphaTango_Bulletin_23/AlphaTango_Bulletin_23.html';
const ART7_URL = 'https://legal.tricoteuses.fr/articles/LEGIARTI000042649833';
const ANNEXE_I_URL = 'https://legal.tricoteuses.fr/articles/JORFARTI000042635835';
const REG_2022_425_URL = 'https://gesetze.legal/eu/vo_eu_2022_425/1';
const ARRETE_2012_ANNEXE_II = 'arrêté du 11 avril 2012 (NOR DEVA1207595A) annexe II cas 2';

/** One band of annexe I: below `untilKm` of DA (distance to the runway axis line) the height is capped at `capM`. */
export interface AerodromeBand {
  readonly untilKm: number;
  readonly capM: number;
}

/** Annexe I 1°: runway without instrument procedure, shorter than 1 200 m; free from DA = 5 km. */
export const SMALL_RUNWAY_BANDS: readonly AerodromeBand[] = [
  { untilKm: 0.5, capM: 0 },
  { untilKm: 3.5, capM: 50 },
  { untilKm: 5, capM: 100 },
];
/** Annexe I 2°: runway with an instrument procedure or of 1 200 m or more; free from DA = 10 km. */
export const LARGE_RUNWAY_BANDS: readonly AerodromeBand[] = [
  { untilKm: 2.5, capM: 0 },
  { untilKm: 5, capM: 30 },
  { untilKm: 8, capM: 60 },
  { untilKm: 10, capM: 100 },
];

/** The annexe I cap at `distanceKm`; undefined beyond the last band (the general 120 m applies). */
export function aerodromeCapM(bands: readonly AerodromeBand[], distanceKm: number): number | undefined {
  return bands.find((band) => distanceKm < band.untilKm)?.capM;
}

function runwayKind(facts: MissionFacts): 'small' | 'large' | undefined {
  if (facts.runwayInstrument === true || (facts.runwayLengthM !== undefined && facts.runwayLengthM >= 1_200)) return 'large';
  return facts.runwayInstrument === false && facts.runwayLengthM !== undefined ? 'small' : undefined;
}

/** Under the cap (and in VLOS) the flight is outside the aerodrome's vicinity; above it, or at a 0 m cap, it needs the agreement. */
function aerodromeBandEvaluation(facts: MissionFacts, bands: readonly AerodromeBand[], distanceKm: number): Evaluation {
  const capM = aerodromeCapM(bands, distanceKm);
  if (capM === undefined) return { outcome: 'pass' };
  const withinCap = capM > 0 && facts.maxHeightM <= capM && facts.vlos;
  return withinCap
    ? { outcome: 'pass', maxHeightM: capM, params: { capM } }
    : { outcome: 'fail', maxHeightM: capM, requirements: ['AERODROME_AGREEMENT'], params: { capM } };
}

/** Arrêté du 23 décembre 2025 (JO 26/12/2025) art. 5 and 6: flights from 1 Jan 2026 (C1, C2). */
export const FR_2026_REFORM_FROM = '2026-01-01';
/** Reg. (EU) 2022/425 art. 1(3): validity of the national scenarios ended on 1 Jan 2026 (C3). */
export const FR_NATIONAL_SCENARIOS_END = '2026-01-01';

/** Art. 7 1°: in controlled airspace up to 50 m needs no ATC agreement (exactly 50 m included). */
const CTR_FREE_HEIGHT_M = 50;
const NOTICE_JOURS_OUVRABLES = 5;
const S2_HEAVY_FROM_G = 2_000;
const S2_HEAVY_CAP_M = 50;
const NOTICE_DAYS_FROM_2026 = 10;

/** Art. 9(3)(a) of Reg. 2019/947 as used by France (FR-AGE-01): 14 in OPEN, 16 in SPECIFIC. */
export const frProfile: NationalProfile = { openMinPilotAge: 14, specificMinPilotAge: 16 };

function isOverPublicSpaceInAgglomeration(facts: MissionFacts): boolean {
  return facts.publicSpace === true && facts.urban;
}

/** Art. 2 7°: an agglomeration is itself a zone peuplée. */
function isZonePeuplee(facts: MissionFacts): boolean {
  return facts.zonePeuplee ?? facts.urban;
}

function isSpecific(context: RuleContext): boolean {
  return context.draft.category === 'SPECIFIC';
}

/**
 * Earliest flight day for a declaration sent on `declarationISO`: 5 jours ouvrables for flights before 2026,
 * 10 days (counted as calendar days, open question §7.1) for flights from 2026.
 */
export function earliestFrFlightDate(declarationISO: string): string {
  const underFormerRule = earliestFrFlightDateByJoursOuvrables(declarationISO, NOTICE_JOURS_OUVRABLES);
  if (underFormerRule < FR_2026_REFORM_FROM) return underFormerRule;
  const tenDaysLater = addDays(declarationISO, NOTICE_DAYS_FROM_2026);
  return tenDaysLater > FR_2026_REFORM_FROM ? tenDaysLater : FR_2026_REFORM_FROM;
}

function declarationDate(context: RuleContext): string | undefined {
  return context.facts.declarationDateISO ?? context.nowISO;
}

export const frRules: readonly RegulationRule[] = [
  defineRule({
    id: 'FR-OPEN-01',
    catalogueCode: 'WTS101',
    source: `Arrêté du 3 décembre 2020 « espace » art. 5 1° (version before 2026) — ${ARRETE_ESPACE_URL}`,
    stage: 'national',
    evaluate: ({ facts }) => {
      if (facts.dateISO >= FR_2026_REFORM_FROM || !isOverPublicSpaceInAgglomeration(facts)) return notApplicable;
      return facts.prefectAuthorisedPlace === true
        ? { outcome: 'pass' }
        : { outcome: 'fail', category: 'SPECIFIC', blockers: ['FR_OPEN_OVER_PUBLIC_SPACE_IN_AGGLOMERATION'] };
    },
  }),
  defineRule({
    id: 'FR-OPEN-02',
    catalogueCode: 'WTS102',
    source: `Arrêté du 3 décembre 2020 art. 5 1° as replaced by arrêté du 23 décembre 2025 art. 5 — ${ARRETE_2025_ART5_URL} ; ${BULLETIN_23_URL}`,
    stage: 'national',
    evaluate: ({ facts }) => {
      if (facts.dateISO < FR_2026_REFORM_FROM || !isOverPublicSpaceInAgglomeration(facts)) return notApplicable;
      if (facts.prefectAuthorisedPlace === true) return { outcome: 'pass' };
      if (facts.professional === true) {
        return isZonePeuplee(facts) ? { outcome: 'info', requirements: ['PREFECTURE_DECLARATION'] } : { outcome: 'pass' };
      }
      return { outcome: 'fail', category: 'SPECIFIC', blockers: ['FR_OPEN_OVER_PUBLIC_SPACE_IN_AGGLOMERATION'] };
    },
  }),
  defineRule({
    id: 'FR-NIGHT-01',
    catalogueCode: 'WTS103',
    source: `Arrêté du 3 décembre 2020 « espace » art. 3 3° — ${ARRETE_ESPACE_URL}`,
    stage: 'national',
    evaluate: ({ facts }) =>
      facts.night === true ? { outcome: 'fail', category: 'SPECIFIC', blockers: ['FR_NIGHT_NOT_IN_OPEN'] } : notApplicable,
  }),
  defineRule({
    id: 'FR-NS-01',
    catalogueCode: 'WTS104',
    source: `Reg. (EU) 2019/947 Art. 23(4) as replaced by Reg. (EU) 2022/425 art. 1(3) — ${REG_2022_425_URL}`,
    stage: 'specific',
    conditionOf: ['S-1', 'S-2', 'S-3'],
    evaluate: (context) => {
      if (!isSpecific(context) || context.facts.scenario === undefined) return notApplicable;
      return context.facts.dateISO < FR_NATIONAL_SCENARIOS_END
        ? { outcome: 'pass' }
        : { outcome: 'fail', blockers: ['NATIONAL_SCENARIO_EXPIRED'], params: { until: FR_NATIONAL_SCENARIOS_END } };
    },
  }),
  defineRule({
    id: 'FR-NS-S1',
    catalogueCode: 'WTS119',
    source: `Arrêté du 3 décembre 2020 « scénarios standard nationaux » annexe (S-1), valid until 2026-01-01 per Reg. (EU) 2022/425 — ${REG_2022_425_URL}`,
    stage: 'specific',
    eligibilityOf: 'S-1',
    evaluate: (context) => {
      const { facts } = context;
      if (!isSpecific(context) || facts.scenario !== 'FR-S1' || facts.dateISO >= FR_NATIONAL_SCENARIOS_END) return notApplicable;
      const unmet = [
        facts.urban ? 'urban' : undefined,
        facts.vlos ? undefined : 'vlos',
        (facts.distanceFromPilotM ?? 0) <= 200 ? undefined : 'distanceFromPilotM',
        facts.maxHeightM <= heightCapM(facts) ? undefined : 'maxHeightM',
        facts.massGrams <= 25_000 ? undefined : 'massGrams',
      ].filter((field) => field !== undefined);
      return unmet.length === 0
        ? { outcome: 'pass', requirements: ['NATIONAL_SCENARIO_DECLARATION'] }
        : { outcome: 'fail', params: { unmet: unmet.join(',') } };
    },
  }),
  defineRule({
    id: 'FR-NS-02',
    catalogueCode: 'WTS105',
    source: `Arrêté du 3 décembre 2020 « scénarios standard nationaux » annexe (S-2) — ${REG_2022_425_URL}`,
    stage: 'specific',
    eligibilityOf: 'S-2',
    evaluate: (context) => {
      const { facts } = context;
      if (!isSpecific(context) || facts.scenario !== 'FR-S2' || facts.dateISO >= FR_NATIONAL_SCENARIOS_END) {
        return notApplicable;
      }
      const unmet = [
        facts.urban ? 'urban' : undefined,
        (facts.distanceFromPilotM ?? 0) <= 1_000 ? undefined : 'distanceFromPilotM',
        facts.massGrams <= 25_000 ? undefined : 'massGrams',
        facts.maxHeightM <= heightCapM(facts) ? undefined : 'maxHeightM',
      ].filter((field) => field !== undefined);
      return unmet.length === 0
        ? { outcome: 'pass', requirements: ['NATIONAL_SCENARIO_DECLARATION'] }
        : { outcome: 'fail', params: { unmet: unmet.join(',') } };
    },
  }),
  defineRule({
    id: 'FR-NS-02-H',
    catalogueCode: 'WTS120',
    source: `Arrêté du 3 décembre 2020 « scénarios standard nationaux » annexe (S-2: 50 m for an aircraft of 2 kg or more; the only regime whose text sets it) — ${REG_2022_425_URL}`,
    stage: 'specific',
    conditionOf: ['S-2'],
    evaluate: (context) => {
      const { facts } = context;
      if (!isSpecific(context) || facts.scenario !== 'FR-S2' || facts.massGrams < S2_HEAVY_FROM_G) return notApplicable;
      return facts.maxHeightM <= S2_HEAVY_CAP_M
        ? { outcome: 'pass', maxHeightM: S2_HEAVY_CAP_M, params: { capM: S2_HEAVY_CAP_M } }
        : { outcome: 'fail', blockers: ['S2_HEIGHT_GT_50M_FOR_GE_2KG'], maxHeightM: S2_HEAVY_CAP_M, params: { capM: S2_HEAVY_CAP_M } };
    },
  }),
  defineRule({
    id: 'FR-NS-03',
    catalogueCode: 'WTS106',
    source: `Arrêté du 3 décembre 2020 « scénarios standard nationaux » annexe (S-3) — ${REG_2022_425_URL}`,
    stage: 'specific',
    eligibilityOf: 'S-3',
    evaluate: (context) => {
      const { facts } = context;
      if (!isSpecific(context) || facts.scenario !== 'FR-S3' || facts.dateISO >= FR_NATIONAL_SCENARIOS_END) {
        return notApplicable;
      }
      const unmet = [
        facts.vlos ? undefined : 'vlos',
        (facts.distanceFromPilotM ?? 0) <= 100 ? undefined : 'distanceFromPilotM',
        facts.maxHeightM <= heightCapM(facts) ? undefined : 'maxHeightM',
        facts.massGrams <= 8_000 ? undefined : 'massGrams',
        facts.overPeople === 'none' ? undefined : 'overPeople',
      ].filter((field) => field !== undefined);
      if (unmet.length === 0) return { outcome: 'pass', requirements: ['NATIONAL_SCENARIO_DECLARATION'] };
      const blockers = facts.massGrams > 8_000 ? (['S3_MASS_GT_8KG'] as const) : [];
      return { outcome: 'fail', blockers, params: { unmet: unmet.join(',') } };
    },
  }),
  defineRule({
    id: 'FR-PREF-01',
    catalogueCode: 'WTS107',
    source: `Arrêté du 3 décembre 2020 « espace » art. 6 1° — ${ARRETE_ESPACE_URL}`,
    stage: 'requirements',
    evaluate: (context) => {
      if (!isSpecific(context)) return notApplicable;
      return isZonePeuplee(context.facts) ? { outcome: 'info', requirements: ['PREFECTURE_DECLARATION'] } : { outcome: 'pass' };
    },
  }),
  defineRule({
    id: 'FR-NIGHT-02',
    catalogueCode: 'WTS108',
    source: `Arrêté du 3 décembre 2020 « espace » art. 3 3° ii, art. 9 3° (derogation by the préfet) — ${ARRETE_ESPACE_URL}`,
    stage: 'requirements',
    evaluate: (context) => {
      const { facts, draft } = context;
      if (facts.night !== true || !isSpecific(context)) return notApplicable;
      const blockers = [
        ...(facts.maxHeightM >= 50 ? (['FR_NIGHT_HEIGHT_GE_50M'] as const) : []),
        ...(facts.massGrams >= 8_000 ? (['FR_NIGHT_MASS_GE_8KG'] as const) : []),
        ...(draft.subcategory === 'STS-01' || draft.subcategory === 'S-1' || draft.subcategory === 'S-3'
          ? []
          : (['FR_NIGHT_SCENARIO_REQUIRED'] as const)),
      ];
      return blockers.length === 0
        ? { outcome: 'pass', requirements: ['LIGHT_SIGNALLING'] }
        : { outcome: 'fail', requirements: ['LIGHT_SIGNALLING', 'FR_NIGHT_DEROGATION'], blockers };
    },
  }),
  defineRule({
    id: 'FR-ZONE-01',
    catalogueCode: 'WTS121',
    source: `Arrêté du 3 décembre 2020 « espace » art. 4 1°–3°: restricted (R) and dangerous (D) zones with the agreement of their manager, low-altitude overflight bans (AIP ENR 5.7.1) with that of the site's — ${ARRETE_ESPACE_URL}`,
    stage: 'zones',
    evaluate: ({ facts }) => {
      const band = flightBand(facts);
      const entered = (facts.geozones ?? []).filter(
        (zone) =>
          zone.restriction === 'PROHIBITED' &&
          zone.airspaceKind !== undefined &&
          FR_MANAGED_ZONE_KINDS.has(zone.airspaceKind) &&
          applies(zone, band),
      );
      return entered.length === 0
        ? notApplicable
        : { outcome: 'info', requirements: ['ZONE_AUTHORISATION'], subjects: entered.map((zone) => zone.identifier) };
    },
  }),
  defineRule({
    id: 'FR-CTR-01',
    catalogueCode: 'WTS109',
    source: `Arrêté du 3 décembre 2020 « espace » art. 7 1°, 2° (specific category) — ${ART7_URL}`,
    stage: 'requirements',
    evaluate: (context) => {
      const { facts } = context;
      if (facts.inCTR !== true || !isSpecific(context)) return notApplicable;
      return facts.ctrListedAnnexII3 === true || facts.maxHeightM > CTR_FREE_HEIGHT_M
        ? { outcome: 'info', requirements: ['ATC_AGREEMENT'] }
        : { outcome: 'pass' };
    },
  }),
  defineRule({
    id: 'FR-CTR-02',
    catalogueCode: 'WTS118',
    source: `Arrêté du 3 décembre 2020 « espace » art. 5 (open category and aéromodélisme), CTR ceiling of 50 m published as UAS geographical zones (SIA « Restrictions UAS catégorie Ouverte et aéromodélisme ») — ${ARRETE_ESPACE_URL}`,
    stage: 'requirements',
    evaluate: ({ facts, draft }) => {
      if (facts.inCTR !== true || draft.category !== 'OPEN') return notApplicable;
      return facts.ctrListedAnnexII3 === true || facts.maxHeightM > CTR_FREE_HEIGHT_M
        ? { outcome: 'fail', requirements: ['ATC_AGREEMENT'], maxHeightM: CTR_FREE_HEIGHT_M, params: { capM: CTR_FREE_HEIGHT_M } }
        : { outcome: 'pass', maxHeightM: CTR_FREE_HEIGHT_M, params: { capM: CTR_FREE_HEIGHT_M } };
    },
  }),
  defineRule({
    id: 'FR-AD-02',
    catalogueCode: 'WTS110',
    source: `Arrêté du 3 décembre 2020 « espace » art. 4 4°, annexe I 1° — ${ANNEXE_I_URL}`,
    stage: 'requirements',
    evaluate: ({ facts }) => {
      if (!facts.nearAerodrome || runwayKind(facts) !== 'small' || facts.distanceDAkm === undefined) return notApplicable;
      return aerodromeBandEvaluation(facts, SMALL_RUNWAY_BANDS, facts.distanceDAkm);
    },
  }),
  defineRule({
    id: 'FR-AD-03',
    catalogueCode: 'WTS111',
    source: `Arrêté du 3 décembre 2020 « espace » art. 4 4°, annexe I 2° (DA bands as in the ${ARRETE_2012_ANNEXE_II}) — ${ANNEXE_I_URL}`,
    stage: 'requirements',
    // Without runway data or distance the cap cannot be computed: ask for the agreement.
    evaluate: ({ facts }) => {
      if (!facts.nearAerodrome) return notApplicable;
      const kind = runwayKind(facts);
      if (kind === 'small' && facts.distanceDAkm !== undefined) return notApplicable;
      if (kind === 'large' && facts.distanceDAkm !== undefined)
        return aerodromeBandEvaluation(facts, LARGE_RUNWAY_BANDS, facts.distanceDAkm);
      return { outcome: 'info', requirements: ['AERODROME_AGREEMENT'] };
    },
  }),
  defineRule({
    id: 'FR-MIL-01',
    catalogueCode: 'WTS112',
    source: 'Arrêté du 3 décembre 2020 « espace » art. 8 ; DSAC guide catégorie spécifique v1.7 p. 62',
    stage: 'requirements',
    evaluate: ({ facts }) => (facts.vlos ? notApplicable : { outcome: 'info', requirements: ['ARMY_NOTIFICATION'] }),
  }),
  defineRule({
    id: 'FR-ROAD-01',
    catalogueCode: 'WTS113',
    source: '[SPEC] product specification only; no legal text found (regulation.md §7.3)',
    stage: 'requirements',
    evaluate: ({ facts }) => {
      if (facts.distanceToRoadM === undefined) return notApplicable;
      return facts.distanceToRoadM >= 30 ? { outcome: 'pass' } : { outcome: 'fail', blockers: ['FR_ROAD_RAIL_LT_30M'] };
    },
  }),
  defineRule({
    id: 'FR-ENV-01',
    catalogueCode: 'WTS114',
    source: '[SPEC] product specification only; no legal text found (regulation.md §7.3)',
    stage: 'requirements',
    evaluate: ({ facts }) => {
      if (facts.inProtectedSpeciesZone !== true) return notApplicable;
      const monthDay = facts.dateISO.slice(5);
      const isQuietSeason = monthDay >= '09-01' && monthDay <= '10-31';
      return isQuietSeason ? { outcome: 'pass' } : { outcome: 'fail', blockers: ['FR_PROTECTED_SPECIES_SENSITIVE_PERIOD'] };
    },
  }),
  defineRule({
    id: 'FR-AGE-01',
    catalogueCode: 'WTS115',
    source: 'Reg. (EU) 2019/947 Art. 9(3),(4) ; DSAC guide catégorie spécifique v1.7 §13.1 p. 46',
    stage: 'age',
    evaluate: ({ draft }) =>
      draft.category === 'OPEN' ? { outcome: 'info', params: { minAge: frProfile.openMinPilotAge } } : notApplicable,
  }),
  defineRule({
    id: 'FR-PREF-02',
    catalogueCode: 'WTS116',
    source: `Arrêté du 3 décembre 2020 « espace » art. 6 (version before 2026) and prefecture application rules — ${ARRETE_ESPACE_URL}`,
    stage: 'notice',
    evaluate: (context) => {
      const { facts, draft } = context;
      if (facts.dateISO >= FR_2026_REFORM_FROM || !draft.hasRequirement('PREFECTURE_DECLARATION')) return notApplicable;
      const declaredOn = declarationDate(context);
      if (declaredOn === undefined) return { outcome: 'info', notice: { noticeWorkingDays: NOTICE_JOURS_OUVRABLES } };
      const noticeSatisfied = countFrJoursOuvrablesBetween(declaredOn, facts.dateISO) >= NOTICE_JOURS_OUVRABLES;
      return {
        outcome: noticeSatisfied ? 'pass' : 'fail',
        notice: {
          noticeWorkingDays: NOTICE_JOURS_OUVRABLES,
          noticeSatisfied,
          earliestFlightDateISO: earliestFrFlightDate(declaredOn),
        },
      };
    },
  }),
  defineRule({
    id: 'FR-PREF-03',
    catalogueCode: 'WTS117',
    source: `Arrêté du 3 décembre 2020 art. 6 as amended by arrêté du 23 décembre 2025 art. 6 — ${BULLETIN_23_URL}`,
    stage: 'notice',
    evaluate: (context) => {
      const { facts, draft } = context;
      if (facts.dateISO < FR_2026_REFORM_FROM || !draft.hasRequirement('PREFECTURE_DECLARATION')) return notApplicable;
      const declaredOn = declarationDate(context);
      if (declaredOn === undefined) return { outcome: 'info', notice: { noticeDays: NOTICE_DAYS_FROM_2026 } };
      const noticeSatisfied = calendarDaysBetween(declaredOn, facts.dateISO) >= NOTICE_DAYS_FROM_2026;
      return {
        outcome: noticeSatisfied ? 'pass' : 'fail',
        notice: { noticeDays: NOTICE_DAYS_FROM_2026, noticeSatisfied, earliestFlightDateISO: earliestFrFlightDate(declaredOn) },
      };
    },
  }),
];
