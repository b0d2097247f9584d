import type { ClassMark } from '../codes';
import type { MissionFacts } from '../facts';
import { RegulationError } from '../regulation-error';
import { defineRule, notApplicable, type RegulationRule, type RuleContext } from '../rule';

const EURLEX_2019_947 = 'https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:02019R0947';
const ART4_URL = 'https://gesetze.legal/eu/vo_eu_2019_947/4';
const ART9_URL = 'https://gesetze.legal/eu/vo_eu_2019_947/9';
const REG_2022_425_URL = 'https://gesetze.legal/eu/vo_eu_2022_425/1';
const EASA_LEGACY_FAQ_URL = 'https://www.easa.europa.eu/en/the-agency/faqs/drones-without-class-identification-label-open-category';
const OPEN_020_URL = 'https://regulatorylibrary.caa.co.uk/2019-947/Content/map/00320_UAS.OPEN.020_UAS_operations_in_subcategory_A1.htm';

/** Reg. (EU) 2019/947 applies from 31 Dec 2020; the national regimes before it are not encoded. */
export const EU_REGULATION_APPLIES_FROM = '2020-12-31';
/** Art. 20 and 22 as amended by Reg. (EU) 2022/425: the Art. 22 transitional regime ended on 31 Dec 2023 (C4). */
export const LEGACY_ART20_FROM = '2024-01-01';
/** Art. 23(2) as replaced by Reg. (EU) 2022/425: STS declarations from 1 Jan 2024 (C5). */
export const STS_APPLICABLE_FROM = '2024-01-01';

const OPEN_MAX_HEIGHT_M = 120;
const OPEN_MTOM_LIMIT_G = 25_000;
const SUB_250_G = 250;

// DR 2019/945 Parts 1, 3–6, 16, 17. C1 is absent on purpose: Part 2 also admits a C1 of 900 g or more when the
// impact energy stays under 80 J, so its mass alone does not contradict the class mark.
const CLASS_MTOM_LIMIT_G: Partial<Record<ClassMark, number>> = {
  C0: 250,
  C2: 4_000,
  C3: 25_000,
  C4: 25_000,
  C5: 25_000,
  C6: 25_000,
};

const OPEN_FAMILIES: ReadonlySet<ClassMark> = new Set(['C0', 'C1', 'C2', 'C3', 'C4', 'none', 'privately_built']);

/** Throws when the EU rules cannot decide: a date before Reg. 2019/947, or a class mark the mass contradicts. */
export function assertEuRulesApply(facts: MissionFacts): void {
  if (facts.dateISO < EU_REGULATION_APPLIES_FROM) throw new RegulationError('REGULATION_NOT_SUPPORTED', ['dateISO']);
  const classLimit = CLASS_MTOM_LIMIT_G[facts.classMark];
  if (classLimit !== undefined && facts.massGrams >= classLimit) {
    throw new RegulationError('DRONE_NOT_APPROVED', ['classMark', 'massGrams']);
  }
}

/** An overflight puts the aircraft at no distance at all from the persons overflown. */
export function peopleDistanceM(facts: MissionFacts): number {
  return facts.overPeople === 'none' ? facts.distanceToPeopleM : 0;
}

/** UAS.OPEN.010(2): within 50 m of an artificial obstacle taller than 105 m, up to 15 m above it, on request. */
function obstacleCapM(facts: MissionFacts): number | undefined {
  const { obstacleHeightM, obstacleDistanceM, obstacleOwnerRequest } = facts;
  if (obstacleHeightM === undefined || obstacleDistanceM === undefined || obstacleOwnerRequest === false) {
    return undefined;
  }
  return obstacleHeightM > 105 && obstacleDistanceM <= 50 ? obstacleHeightM + 15 : undefined;
}

/** The height cap of OPEN, the STS and the national scenarios: 120 m or the obstacle cap. */
export function heightCapM(facts: MissionFacts): number {
  return obstacleCapM(facts) ?? OPEN_MAX_HEIGHT_M;
}

function isLegacy(facts: MissionFacts): boolean {
  return facts.classMark === 'none';
}

function isTransitionalLegacy(facts: MissionFacts): boolean {
  return isLegacy(facts) && facts.dateISO < LEGACY_ART20_FROM;
}

/** When the caller does not know the distance, an urban mission is taken to be inside such an area. */
function residentialDistanceM(facts: MissionFacts): number {
  return facts.distanceToResidentialM ?? (facts.urban ? 0 : Number.POSITIVE_INFINITY);
}

type A1Basis = 'C0' | 'C1' | 'privatelyBuilt' | 'legacyArt20' | 'legacyArt22';

/** UAS.OPEN.020(5), Art. 20(a) and, before 2024, Art. 22(a). */
function a1Basis(facts: MissionFacts): A1Basis | undefined {
  switch (facts.classMark) {
    case 'C0':
    case 'C1':
      return facts.classMark;
    case 'privately_built':
      return facts.massGrams < SUB_250_G && (facts.maxSpeedMps ?? 0) < 19 ? 'privatelyBuilt' : undefined;
    case 'none':
      if (isTransitionalLegacy(facts)) return facts.massGrams < 500 ? 'legacyArt22' : undefined;
      return facts.massGrams < SUB_250_G ? 'legacyArt20' : undefined;
    default:
      return undefined;
  }
}

/** UAS.OPEN.030(4) and, before 2024, Art. 22(b): a lighter legacy aircraft may fly what a heavier one may. */
function a2Basis(facts: MissionFacts): 'C2' | 'legacyArt22' | undefined {
  if (facts.classMark === 'C2') return 'C2';
  return isTransitionalLegacy(facts) && facts.massGrams < 2_000 ? 'legacyArt22' : undefined;
}

/** UAS.OPEN.040(4), Art. 20(b) and, before 2024, Art. 22(c) extended to lighter legacy aircraft. */
function isA3Aircraft(facts: MissionFacts): boolean {
  if (facts.classMark === 'C2' || facts.classMark === 'C3' || facts.classMark === 'C4') return true;
  return (facts.classMark === 'privately_built' || isLegacy(facts)) && facts.massGrams < OPEN_MTOM_LIMIT_G;
}

/** Art. 14(5): MTOM ≥ 250 g, more than 80 J on impact, or a sensor able to capture personal data unless a toy. */
function needsOpenRegistration(facts: MissionFacts): boolean {
  const impactEnergyJ = facts.maxSpeedMps === undefined ? 0 : 0.5 * (facts.massGrams / 1000) * facts.maxSpeedMps ** 2;
  if (facts.massGrams >= SUB_250_G || impactEnergyJ > 80) return true;
  return (facts.hasCamera ?? true) && facts.isToy !== true;
}

function minPilotAge(context: RuleContext): number {
  return context.draft.category === 'OPEN' ? context.profile.openMinPilotAge : context.profile.specificMinPilotAge;
}

/** Art. 9(2): no minimum age for a C0 toy in A1, a privately built aircraft under 250 g, or under supervision. */
function ageExemption(context: RuleContext): 'toy' | 'privatelyBuilt' | 'directSupervision' | undefined {
  const { facts, draft } = context;
  if (draft.subcategory === 'A1' && facts.classMark === 'C0' && facts.isToy === true) return 'toy';
  if (facts.classMark === 'privately_built' && facts.massGrams < SUB_250_G) return 'privatelyBuilt';
  return facts.directSupervision === true ? 'directSupervision' : undefined;
}

function isOpenOrSpecific(context: RuleContext): boolean {
  return context.draft.category === 'OPEN' || context.draft.category === 'SPECIFIC';
}

function holds(facts: MissionFacts, certificate: MissionFacts['pilotCertificates'][number]): boolean {
  return facts.pilotCertificates.includes(certificate);
}

export const euRules: readonly RegulationRule[] = [
  defineRule({
    id: 'EU-CAT-01a',
    catalogueCode: 'WTS001',
    source: `Reg. (EU) 2019/947 Art. 4(1)(a) — ${ART4_URL}`,
    stage: 'gate',
    evaluate: ({ facts }) =>
      OPEN_FAMILIES.has(facts.classMark) ? { outcome: 'pass' } : { outcome: 'fail', category: 'SPECIFIC', blockers: ['CLASS_NOT_OPEN'] },
  }),
  defineRule({
    id: 'EU-CAT-01b',
    catalogueCode: 'WTS002',
    source: `Reg. (EU) 2019/947 Art. 4(1)(b) — ${ART4_URL}`,
    stage: 'gate',
    evaluate: ({ facts }) =>
      facts.massGrams < OPEN_MTOM_LIMIT_G
        ? { outcome: 'pass', params: { limitGrams: OPEN_MTOM_LIMIT_G } }
        : { outcome: 'fail', category: 'SPECIFIC', blockers: ['MTOM_GE_25KG'], params: { limitGrams: OPEN_MTOM_LIMIT_G } },
  }),
  defineRule({
    id: 'EU-CAT-01c',
    catalogueCode: 'WTS003',
    source: `Reg. (EU) 2019/947 Art. 4(1)(c), Art. 2(3) (assemblies of people) — ${ART4_URL}`,
    stage: 'gate',
    evaluate: ({ facts }) =>
      facts.overPeople === 'assemblies' ? { outcome: 'fail', category: 'SPECIFIC', blockers: ['OVER_ASSEMBLIES'] } : { outcome: 'pass' },
  }),
  defineRule({
    id: 'EU-CAT-01d',
    catalogueCode: 'WTS004',
    source: `Reg. (EU) 2019/947 Art. 4(1)(d) — ${ART4_URL}`,
    stage: 'gate',
    evaluate: ({ facts }) => (facts.vlos ? { outcome: 'pass' } : { outcome: 'fail', category: 'SPECIFIC', blockers: ['VLOS_REQUIRED'] }),
  }),
  defineRule({
    id: 'EU-H-01',
    catalogueCode: 'WTS005',
    source: `Reg. (EU) 2019/947 Art. 4(1)(e), UAS.OPEN.010 — ${ART4_URL}`,
    stage: 'gate',
    evaluate: ({ facts }) => {
      const capM = heightCapM(facts);
      return facts.maxHeightM <= capM
        ? { outcome: 'pass', maxHeightM: capM, params: { capM } }
        : { outcome: 'fail', category: 'SPECIFIC', blockers: ['HEIGHT_GT_120M'], maxHeightM: capM, params: { capM } };
    },
  }),
  defineRule({
    id: 'EU-H-02',
    catalogueCode: 'WTS006',
    source: `Reg. (EU) 2019/947 Annex UAS.OPEN.010(2) — ${EURLEX_2019_947}`,
    stage: 'gate',
    evaluate: ({ facts }) => {
      const capM = obstacleCapM(facts);
      if (capM === undefined) return notApplicable;
      if (facts.maxHeightM <= OPEN_MAX_HEIGHT_M) return { outcome: 'pass', params: { capM } };
      return facts.maxHeightM <= capM
        ? { outcome: 'info', requirements: ['OBSTACLE_OWNER_REQUEST'], params: { capM } }
        : { outcome: 'fail', params: { capM } };
    },
  }),
  defineRule({
    id: 'EU-CAT-03',
    catalogueCode: 'WTS007',
    source: `Reg. (EU) 2019/947 Art. 6(1)(b) — ${EURLEX_2019_947}`,
    stage: 'gate',
    evaluate: ({ facts }) =>
      facts.transportsPeople === true || (facts.certifiedUas === true && facts.overPeople === 'assemblies')
        ? { outcome: 'info', category: 'CERTIFIED' }
        : notApplicable,
  }),
  defineRule({
    id: 'EU-LEG-02',
    catalogueCode: 'WTS008',
    source: `Reg. (EU) 2019/947 Art. 22 as amended by Reg. (EU) 2022/425 — ${REG_2022_425_URL}`,
    stage: 'open',
    evaluate: ({ facts }) => {
      if (!isTransitionalLegacy(facts)) return notApplicable;
      const regime = facts.massGrams < 500 ? 'a' : facts.massGrams < 2_000 ? 'b' : 'c';
      return { outcome: 'info', transitional: true, params: { regime } };
    },
  }),
  defineRule({
    id: 'EU-A1-01',
    catalogueCode: 'WTS009',
    source: `Reg. (EU) 2019/947 Annex UAS.OPEN.020(5), Art. 20(a) — ${OPEN_020_URL}`,
    stage: 'open',
    eligibilityOf: 'A1',
    evaluate: ({ facts }) => {
      const basis = a1Basis(facts);
      return basis === undefined ? notApplicable : { outcome: 'pass', params: { basis } };
    },
  }),
  defineRule({
    id: 'EU-A1-02',
    catalogueCode: 'WTS010',
    source: `Reg. (EU) 2019/947 Annex UAS.OPEN.020(2) — ${OPEN_020_URL}`,
    stage: 'open',
    conditionOf: ['A1'],
    evaluate: ({ facts }) => {
      const basis = a1Basis(facts);
      const mayOverfly = basis === 'C0' || basis === 'privatelyBuilt' || basis === 'legacyArt20';
      return mayOverfly && facts.overPeople === 'uninvolved' ? { outcome: 'pass' } : notApplicable;
    },
  }),
  defineRule({
    id: 'EU-A1-03',
    catalogueCode: 'WTS011',
    source: `Reg. (EU) 2019/947 Annex UAS.OPEN.020(1), Art. 22(a) — ${OPEN_020_URL}`,
    stage: 'open',
    conditionOf: ['A1'],
    evaluate: ({ facts }) => {
      const basis = a1Basis(facts);
      if (basis !== 'C1' && basis !== 'legacyArt22') return notApplicable;
      return facts.overPeople === 'none' ? { outcome: 'pass' } : { outcome: 'fail', blockers: ['A1_C1_PLANNED_OVERFLIGHT'] };
    },
  }),
  defineRule({
    id: 'EU-LEG-01',
    catalogueCode: 'WTS012',
    source: `Reg. (EU) 2019/947 Art. 20 as amended by Reg. (EU) 2022/425 — ${REG_2022_425_URL} ; ${EASA_LEGACY_FAQ_URL}`,
    stage: 'open',
    conditionOf: ['A1'],
    evaluate: ({ facts }) => {
      if (!isLegacy(facts) || isTransitionalLegacy(facts)) return notApplicable;
      return facts.massGrams < SUB_250_G ? { outcome: 'pass' } : { outcome: 'fail', blockers: ['LEGACY_GE_250G_A3_ONLY'] };
    },
  }),
  defineRule({
    id: 'EU-A2-01',
    catalogueCode: 'WTS013',
    source: `Reg. (EU) 2019/947 Annex UAS.OPEN.030(4), Art. 22(b) — ${EURLEX_2019_947}`,
    stage: 'open',
    eligibilityOf: 'A2',
    evaluate: ({ facts }) => {
      const basis = a2Basis(facts);
      return basis === undefined ? notApplicable : { outcome: 'pass', params: { basis } };
    },
  }),
  defineRule({
    id: 'EU-A2-02',
    catalogueCode: 'WTS014',
    source: `Reg. (EU) 2019/947 Annex UAS.OPEN.030(1),(2) — ${EURLEX_2019_947}`,
    stage: 'open',
    conditionOf: ['A2'],
    evaluate: ({ facts }) => {
      if (facts.classMark !== 'C2') return notApplicable;
      const distanceM = peopleDistanceM(facts);
      if (distanceM >= 30) return { outcome: 'pass' };
      if (distanceM < 5) return { outcome: 'fail', blockers: ['A2_DISTANCE_LT_5M'] };
      return facts.lowSpeedMode === true
        ? { outcome: 'pass', requirements: ['LOW_SPEED_MODE'] }
        : { outcome: 'fail', blockers: ['A2_DISTANCE_LT_30M_WITHOUT_LOW_SPEED'] };
    },
  }),
  defineRule({
    id: 'EU-LEG-02b',
    catalogueCode: 'WTS015',
    source: `Reg. (EU) 2019/947 Art. 22(b) as amended by Reg. (EU) 2022/425 — ${REG_2022_425_URL}`,
    stage: 'open',
    conditionOf: ['A2'],
    evaluate: ({ facts }) => {
      if (a2Basis(facts) !== 'legacyArt22') return notApplicable;
      return peopleDistanceM(facts) >= 50 ? { outcome: 'pass' } : { outcome: 'fail', blockers: ['LEGACY_TRANSITIONAL_LT_50M'] };
    },
  }),
  defineRule({
    id: 'EU-A3-02',
    catalogueCode: 'WTS016',
    source: `Reg. (EU) 2019/947 Annex UAS.OPEN.040(4), Art. 20(b) — ${EURLEX_2019_947}`,
    stage: 'open',
    eligibilityOf: 'A3',
    evaluate: ({ facts }) => (isA3Aircraft(facts) ? { outcome: 'pass' } : notApplicable),
  }),
  defineRule({
    id: 'EU-A3-01a',
    catalogueCode: 'WTS017',
    source: `Reg. (EU) 2019/947 Annex UAS.OPEN.040(1) — ${EURLEX_2019_947}`,
    stage: 'open',
    conditionOf: ['A3'],
    // The text gives no figure for "no uninvolved person endangered"; A3 never tolerates less than A2's 30 m.
    evaluate: ({ facts }) => {
      if (!isA3Aircraft(facts)) return notApplicable;
      return peopleDistanceM(facts) >= 30 ? { outcome: 'pass' } : { outcome: 'fail', blockers: ['A3_UNINVOLVED_PERSONS_IN_RANGE'] };
    },
  }),
  defineRule({
    id: 'EU-A3-01b',
    catalogueCode: 'WTS018',
    source: `Reg. (EU) 2019/947 Annex UAS.OPEN.040(2) — ${EURLEX_2019_947}`,
    stage: 'open',
    conditionOf: ['A3'],
    evaluate: ({ facts }) => {
      if (!isA3Aircraft(facts)) return notApplicable;
      return residentialDistanceM(facts) >= 150 ? { outcome: 'pass' } : { outcome: 'fail', blockers: ['A3_LT_150M_FROM_RESIDENTIAL'] };
    },
  }),
  defineRule({
    id: 'EU-STS-03',
    catalogueCode: 'WTS019',
    source: `Reg. (EU) 2019/947 Art. 23(2) as replaced by Reg. (EU) 2022/425 — ${REG_2022_425_URL}`,
    stage: 'specific',
    conditionOf: ['STS-01', 'STS-02'],
    evaluate: ({ facts, draft }) => {
      if (draft.category !== 'SPECIFIC' || (facts.classMark !== 'C5' && facts.classMark !== 'C6')) return notApplicable;
      return facts.dateISO >= STS_APPLICABLE_FROM
        ? { outcome: 'pass' }
        : { outcome: 'fail', blockers: ['STS_NOT_YET_APPLICABLE'], params: { from: STS_APPLICABLE_FROM } };
    },
  }),
  defineRule({
    id: 'EU-STS-01',
    catalogueCode: 'WTS020',
    source: `Reg. (EU) 2019/947 Appendix 1 ch. 1 (UAS.STS-01.010/020), Reg. (EU) 2019/945 Part 16 — ${EURLEX_2019_947}`,
    stage: 'specific',
    eligibilityOf: 'STS-01',
    evaluate: ({ facts, draft }) => {
      if (draft.category !== 'SPECIFIC' || facts.classMark !== 'C5') return notApplicable;
      const unmet = [
        facts.vlos ? undefined : 'vlos',
        facts.maxHeightM <= heightCapM(facts) ? undefined : 'maxHeightM',
        facts.controlledGroundArea === true ? undefined : 'controlledGroundArea',
        facts.overPeople === 'none' ? undefined : 'overPeople',
      ].filter((field) => field !== undefined);
      return unmet.length === 0
        ? { outcome: 'pass', requirements: ['STS_DECLARATION'] }
        : { outcome: 'fail', params: { unmet: unmet.join(',') } };
    },
  }),
  defineRule({
    id: 'EU-STS-02',
    catalogueCode: 'WTS021',
    source: `Reg. (EU) 2019/947 Appendix 1 ch. 2 (UAS.STS-02.*), Reg. (EU) 2019/945 Part 17 — ${EURLEX_2019_947}`,
    stage: 'specific',
    eligibilityOf: 'STS-02',
    evaluate: ({ facts, draft }) => {
      if (draft.category !== 'SPECIFIC' || facts.classMark !== 'C6') return notApplicable;
      const distanceM = facts.distanceFromPilotM ?? 0;
      const withObservers = facts.airspaceObservers === true;
      const blockers =
        withObservers && distanceM > 2_000
          ? (['STS02_GT_2KM_WITH_AO'] as const)
          : !withObservers && distanceM > 1_000
            ? (['STS02_GT_1KM_WITHOUT_AO'] as const)
            : [];
      const unmet = [
        facts.maxHeightM <= heightCapM(facts) ? undefined : 'maxHeightM',
        facts.controlledGroundArea === true ? undefined : 'controlledGroundArea',
        facts.populatedEnvironment === true ? 'populatedEnvironment' : undefined,
        facts.overPeople === 'none' ? undefined : 'overPeople',
        blockers.length === 0 ? undefined : 'distanceFromPilotM',
      ].filter((field) => field !== undefined);
      return unmet.length === 0
        ? { outcome: 'pass', requirements: ['STS_DECLARATION'] }
        : { outcome: 'fail', blockers, params: { unmet: unmet.join(',') } };
    },
  }),
  defineRule({
    id: 'EU-LUC-01',
    catalogueCode: 'WTS029',
    source: `Reg. (EU) 2019/947 Art. 5(1) and Annex Part C, UAS.LUC.060 (privileges of the LUC holder) — ${EURLEX_2019_947}`,
    stage: 'specific',
    eligibilityOf: 'LUC',
    evaluate: ({ facts, draft }) =>
      draft.category === 'SPECIFIC' && facts.lightUasOperatorCertificate === true ? { outcome: 'pass' } : notApplicable,
  }),
  defineRule({
    id: 'EU-CAT-02',
    catalogueCode: 'WTS022',
    source: `Reg. (EU) 2019/947 Art. 5(1),(2),(5), Art. 11, 12 — ${EURLEX_2019_947}`,
    stage: 'requirements',
    evaluate: ({ draft }) => {
      if (draft.category !== 'SPECIFIC') return notApplicable;
      return draft.subcategory === undefined ? { outcome: 'info', requirements: ['OPERATIONAL_AUTHORISATION'] } : { outcome: 'pass' };
    },
  }),
  defineRule({
    id: 'EU-A1-05',
    catalogueCode: 'WTS023',
    source: `Reg. (EU) 2019/947 Annex UAS.OPEN.020(4) — ${OPEN_020_URL}`,
    stage: 'requirements',
    evaluate: ({ facts, draft }) => {
      if (draft.subcategory !== 'A1' || facts.classMark !== 'C1') return notApplicable;
      return holds(facts, 'A1A3_EXAM')
        ? { outcome: 'pass', requirements: ['A1A3_EXAM'] }
        : { outcome: 'fail', requirements: ['A1A3_EXAM'], blockers: ['MISSING_A1A3_EXAM'] };
    },
  }),
  defineRule({
    id: 'EU-A2-03',
    catalogueCode: 'WTS024',
    source: `Reg. (EU) 2019/947 Annex UAS.OPEN.030(3) — ${EURLEX_2019_947}`,
    stage: 'requirements',
    evaluate: ({ facts, draft }) => {
      if (draft.subcategory !== 'A2' || facts.classMark !== 'C2') return notApplicable;
      return holds(facts, 'A2_COC')
        ? { outcome: 'pass', requirements: ['A2_COC'] }
        : { outcome: 'fail', requirements: ['A2_COC'], blockers: ['MISSING_A2_COC'] };
    },
  }),
  defineRule({
    id: 'EU-A3-03',
    catalogueCode: 'WTS025',
    source: `Reg. (EU) 2019/947 Annex UAS.OPEN.040(3) — ${EURLEX_2019_947}`,
    stage: 'requirements',
    evaluate: ({ facts, draft }) => {
      if (draft.subcategory !== 'A3') return notApplicable;
      return holds(facts, 'A1A3_EXAM')
        ? { outcome: 'pass', requirements: ['A1A3_EXAM'] }
        : { outcome: 'fail', requirements: ['A1A3_EXAM'], blockers: ['MISSING_A1A3_EXAM'] };
    },
  }),
  defineRule({
    id: 'EU-REG-01',
    catalogueCode: 'WTS026',
    source: `Reg. (EU) 2019/947 Art. 14(5) — ${EURLEX_2019_947}`,
    stage: 'requirements',
    evaluate: ({ facts, draft }) => {
      if (draft.category === 'FORBIDDEN') return notApplicable;
      return draft.category !== 'OPEN' || needsOpenRegistration(facts)
        ? { outcome: 'info', requirements: ['REGISTRATION'] }
        : { outcome: 'pass' };
    },
  }),
  defineRule({
    id: 'EU-AGE-02',
    catalogueCode: 'WTS027',
    source: `Reg. (EU) 2019/947 Art. 9(2) — ${ART9_URL}`,
    stage: 'age',
    evaluate: (context) => {
      const exemption = ageExemption(context);
      if (!isOpenOrSpecific(context) || exemption === undefined || context.facts.pilotAge >= minPilotAge(context)) {
        return notApplicable;
      }
      return exemption === 'directSupervision'
        ? { outcome: 'pass', requirements: ['DIRECT_SUPERVISION'], params: { exemption } }
        : { outcome: 'pass', params: { exemption } };
    },
  }),
  defineRule({
    id: 'EU-AGE-01',
    catalogueCode: 'WTS028',
    source: `Reg. (EU) 2019/947 Art. 9(1),(3),(4) — ${ART9_URL}`,
    stage: 'age',
    evaluate: (context) => {
      if (!isOpenOrSpecific(context)) return notApplicable;
      const minAge = minPilotAge(context);
      if (context.facts.pilotAge >= minAge) return { outcome: 'pass', params: { minAge } };
      if (ageExemption(context) !== undefined) return notApplicable;
      return { outcome: 'fail', category: 'FORBIDDEN', blockers: ['PILOT_MIN_AGE'], params: { minAge } };
    },
  }),
];
