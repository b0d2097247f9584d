import { describe, expect, it } from 'vitest';
import { classify, earliestFrFlightDate } from '@/shared/regulation';
import { classifyRow, expectVerdict, missionFacts, type VerdictRow } from './mission-facts';

const OVER_PUBLIC_SPACE_IN_TOWN = { urban: true, publicSpace: true } as const;
const STS01_IN_TOWN = { classMark: 'C5', massGrams: 3_000, controlledGroundArea: true, urban: true } as const;
const STS01_IN_COUNTRYSIDE = { classMark: 'C5', massGrams: 3_000, controlledGroundArea: true } as const;
const S3_IN_TOWN = { classMark: 'privately_built', massGrams: 3_000, urban: true, distanceToPeopleM: 60, scenario: 'FR-S3' } as const;
const S2_BVLOS = { classMark: 'privately_built', massGrams: 2_000, vlos: false, scenario: 'FR-S2', distanceFromPilotM: 800 } as const;
const SMALL_RUNWAY = { nearAerodrome: true, runwayInstrument: false, runwayLengthM: 800 } as const;

const publicSpaceRows: VerdictRow[] = [
  {
    name: 'FR-OPEN-01 (C2): on 2025-12-31 even a professional open flight over public space in town is not OPEN',
    facts: { ...OVER_PUBLIC_SPACE_IN_TOWN, professional: true, dateISO: '2025-12-31' },
    category: 'SPECIFIC',
    blockers: ['FR_OPEN_OVER_PUBLIC_SPACE_IN_AGGLOMERATION'],
    requirements: ['OPERATIONAL_AUTHORISATION', 'PREFECTURE_DECLARATION'],
  },
  {
    name: 'FR-OPEN-02 (C2): from 2026-01-01 a professional open flight over public space in town is OPEN with a prefecture declaration',
    facts: { ...OVER_PUBLIC_SPACE_IN_TOWN, professional: true, dateISO: '2026-01-01' },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    requirements: ['PREFECTURE_DECLARATION'],
    absentRequirements: ['OPERATIONAL_AUTHORISATION'],
  },
  {
    name: 'FR-OPEN-02 (C2): from 2026-01-01 a leisure flight over public space in town is still not OPEN',
    facts: { ...OVER_PUBLIC_SPACE_IN_TOWN, professional: false, dateISO: '2026-01-01' },
    category: 'SPECIFIC',
    blockers: ['FR_OPEN_OVER_PUBLIC_SPACE_IN_AGGLOMERATION'],
  },
  {
    name: 'FR-OPEN-01: before 2026 a place authorised by the préfet allows OPEN over public space',
    facts: { ...OVER_PUBLIC_SPACE_IN_TOWN, prefectAuthorisedPlace: true, dateISO: '2025-12-31' },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    absentRequirements: ['PREFECTURE_DECLARATION'],
  },
  {
    name: 'FR-OPEN-02: from 2026 a place authorised by the préfet allows OPEN over public space without declaration',
    facts: { ...OVER_PUBLIC_SPACE_IN_TOWN, prefectAuthorisedPlace: true, dateISO: '2026-01-01' },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    absentRequirements: ['PREFECTURE_DECLARATION'],
  },
  {
    name: 'FR-OPEN-01: an open flight in town away from public space stays OPEN',
    facts: { urban: true, publicSpace: false, dateISO: '2025-06-10' },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
  },
];

const scenarioRows: VerdictRow[] = [
  {
    name: 'FR-NS-01 (C3): on 2025-12-31 a mission in town is flown under national scenario S-3',
    facts: { ...S3_IN_TOWN, dateISO: '2025-12-31' },
    category: 'SPECIFIC',
    subcategory: 'S-3',
    blockers: ['A3_LT_150M_FROM_RESIDENTIAL'],
    requirements: ['NATIONAL_SCENARIO_DECLARATION', 'PREFECTURE_DECLARATION', 'REGISTRATION'],
    absentRequirements: ['OPERATIONAL_AUTHORISATION'],
  },
  {
    name: 'FR-NS-01 (C3): from 2026-01-01 S-3 has expired and an operational authorisation is needed',
    facts: { ...S3_IN_TOWN, dateISO: '2026-01-01' },
    category: 'SPECIFIC',
    blockers: ['A3_LT_150M_FROM_RESIDENTIAL', 'NATIONAL_SCENARIO_EXPIRED'],
    requirements: ['OPERATIONAL_AUTHORISATION', 'PREFECTURE_DECLARATION'],
    absentRequirements: ['NATIONAL_SCENARIO_DECLARATION'],
  },
  {
    name: 'FR-NS-03: S-3 with exactly 8 kg fits',
    facts: { ...S3_IN_TOWN, massGrams: 8_000 },
    category: 'SPECIFIC',
    subcategory: 'S-3',
    blockers: ['A3_LT_150M_FROM_RESIDENTIAL'],
  },
  {
    name: 'FR-NS-03: S-3 with 8,000.1 g does not fit',
    facts: { ...S3_IN_TOWN, massGrams: 8_000.1 },
    category: 'SPECIFIC',
    blockers: ['A3_LT_150M_FROM_RESIDENTIAL', 'S3_MASS_GT_8KG'],
    requirements: ['OPERATIONAL_AUTHORISATION'],
  },
  {
    name: 'FR-NS-03: S-3 exactly 100 m from the pilot fits',
    facts: { ...S3_IN_TOWN, distanceFromPilotM: 100 },
    category: 'SPECIFIC',
    subcategory: 'S-3',
    blockers: ['A3_LT_150M_FROM_RESIDENTIAL'],
  },
  {
    name: 'FR-NS-03: S-3 100.1 m from the pilot does not fit',
    facts: { ...S3_IN_TOWN, distanceFromPilotM: 100.1 },
    category: 'SPECIFIC',
    blockers: ['A3_LT_150M_FROM_RESIDENTIAL'],
    requirements: ['OPERATIONAL_AUTHORISATION'],
  },
  {
    name: 'FR-NS-02: S-2 with 2 kg at exactly 50 m fits, capped at 50 m',
    facts: { ...S2_BVLOS, maxHeightM: 50 },
    category: 'SPECIFIC',
    subcategory: 'S-2',
    blockers: ['VLOS_REQUIRED'],
    requirements: ['NATIONAL_SCENARIO_DECLARATION', 'ARMY_NOTIFICATION'],
    maxHeightM: 50,
  },
  {
    name: 'FR-NS-02: S-2 with 2 kg at 50.1 m does not fit',
    facts: { ...S2_BVLOS, maxHeightM: 50.1 },
    category: 'SPECIFIC',
    blockers: ['VLOS_REQUIRED', 'S2_HEIGHT_GT_50M_FOR_GE_2KG'],
    requirements: ['OPERATIONAL_AUTHORISATION'],
  },
  {
    name: 'FR-NS-02 (spec domain §5): a 3 kg S-2 flight at 80 m in 2025 is blocked and capped at 50 m, not 120 m',
    facts: { ...S2_BVLOS, massGrams: 3_000, maxHeightM: 80, dateISO: '2025-06-10' },
    category: 'SPECIFIC',
    blockers: ['VLOS_REQUIRED', 'S2_HEIGHT_GT_50M_FOR_GE_2KG'],
    maxHeightM: 50,
  },
  {
    name: 'FR-NS-02: S-2 with 1,999 g may fly up to 120 m',
    facts: { ...S2_BVLOS, massGrams: 1_999, maxHeightM: 120 },
    category: 'SPECIFIC',
    subcategory: 'S-2',
    blockers: ['VLOS_REQUIRED'],
    maxHeightM: 120,
  },
  {
    name: 'FR-NS-02: S-2 is flown outside agglomerations only',
    facts: { ...S2_BVLOS, maxHeightM: 50, urban: true },
    category: 'SPECIFIC',
    blockers: ['VLOS_REQUIRED', 'A3_LT_150M_FROM_RESIDENTIAL'],
    requirements: ['OPERATIONAL_AUTHORISATION', 'PREFECTURE_DECLARATION'],
  },
  {
    name: 'FR-NS-01 (C3): from 2026-01-01 S-2 has expired',
    facts: { ...S2_BVLOS, maxHeightM: 50, dateISO: '2026-01-01' },
    category: 'SPECIFIC',
    blockers: ['VLOS_REQUIRED', 'NATIONAL_SCENARIO_EXPIRED'],
    requirements: ['OPERATIONAL_AUTHORISATION'],
  },
];

const nightRows: VerdictRow[] = [
  {
    name: 'FR-NIGHT-01: an open flight at night is not OPEN and needs a derogation outside STS-01/S-3',
    facts: { night: true, maxHeightM: 40 },
    category: 'SPECIFIC',
    blockers: ['FR_NIGHT_NOT_IN_OPEN', 'FR_NIGHT_SCENARIO_REQUIRED'],
    requirements: ['LIGHT_SIGNALLING', 'FR_NIGHT_DEROGATION', 'OPERATIONAL_AUTHORISATION'],
  },
  {
    name: 'FR-NIGHT-02: STS-01 at night at 49.9 m with 7,999 g needs only light signalling',
    facts: { ...STS01_IN_COUNTRYSIDE, massGrams: 7_999, night: true, maxHeightM: 49.9 },
    category: 'SPECIFIC',
    subcategory: 'STS-01',
    blockers: ['CLASS_NOT_OPEN', 'FR_NIGHT_NOT_IN_OPEN'],
    requirements: ['LIGHT_SIGNALLING'],
    absentRequirements: ['FR_NIGHT_DEROGATION'],
  },
  {
    name: 'FR-NIGHT-02: at night 50 m exactly is not "below 50 m"',
    facts: { ...STS01_IN_COUNTRYSIDE, night: true, maxHeightM: 50 },
    category: 'SPECIFIC',
    subcategory: 'STS-01',
    blockers: ['CLASS_NOT_OPEN', 'FR_NIGHT_NOT_IN_OPEN', 'FR_NIGHT_HEIGHT_GE_50M'],
    requirements: ['LIGHT_SIGNALLING', 'FR_NIGHT_DEROGATION'],
  },
  {
    name: 'FR-NIGHT-02: at night 8 kg exactly is not "below 8 kg": only a derogation lifts it, so the flight is FORBIDDEN',
    facts: { ...STS01_IN_COUNTRYSIDE, massGrams: 8_000, night: true, maxHeightM: 40 },
    category: 'FORBIDDEN',
    subcategory: undefined,
    blockers: ['CLASS_NOT_OPEN', 'FR_NIGHT_NOT_IN_OPEN', 'FR_NIGHT_MASS_GE_8KG'],
    requirements: ['FR_NIGHT_DEROGATION'],
  },
];

const airspaceRows: VerdictRow[] = [
  {
    name: 'FR-CTR-01: a specific flight in a CTR at exactly 50 m needs no ATC agreement',
    facts: { ...STS01_IN_COUNTRYSIDE, inCTR: true, maxHeightM: 50 },
    category: 'SPECIFIC',
    subcategory: 'STS-01',
    blockers: ['CLASS_NOT_OPEN'],
    absentRequirements: ['ATC_AGREEMENT'],
  },
  {
    name: 'FR-CTR-01: a specific flight in a CTR at 50.1 m needs the ATC agreement',
    facts: { ...STS01_IN_COUNTRYSIDE, inCTR: true, maxHeightM: 50.1 },
    category: 'SPECIFIC',
    subcategory: 'STS-01',
    blockers: ['CLASS_NOT_OPEN'],
    requirements: ['ATC_AGREEMENT'],
  },
  {
    name: 'FR-CTR-01: in a military CTR of annexe II 3° the ATC agreement is needed at any height',
    facts: { ...STS01_IN_COUNTRYSIDE, inCTR: true, ctrListedAnnexII3: true, maxHeightM: 10 },
    category: 'SPECIFIC',
    subcategory: 'STS-01',
    blockers: ['CLASS_NOT_OPEN'],
    requirements: ['ATC_AGREEMENT'],
  },
  {
    name: 'FR-CTR-02 (arrêté espace art. 5, CTR zones of 50 m): an open flight at 100 m in a CTR needs the ATC agreement',
    facts: { inCTR: true, maxHeightM: 100 },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    requirements: ['ATC_AGREEMENT'],
    maxHeightM: 50,
  },
  {
    name: 'FR-CTR-02 (arrêté espace art. 5): an open flight at exactly 50 m in a CTR needs no agreement',
    facts: { inCTR: true, maxHeightM: 50 },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    absentRequirements: ['ATC_AGREEMENT'],
    maxHeightM: 50,
  },
  {
    name: 'FR-AD-02: under 0.5 km from the runway the cap is 0 and any flight needs the aerodrome’s agreement',
    facts: { ...SMALL_RUNWAY, distanceDAkm: 0.49, maxHeightM: 10 },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    requirements: ['AERODROME_AGREEMENT'],
    maxHeightM: 0,
  },
  {
    name: 'FR-AD-02: at 0.5 km, 50 m exactly is within the cap',
    facts: { ...SMALL_RUNWAY, distanceDAkm: 0.5, maxHeightM: 50 },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    absentRequirements: ['AERODROME_AGREEMENT'],
    maxHeightM: 50,
  },
  {
    name: 'FR-AD-02: at 0.5 km, 50.1 m needs the aerodrome’s agreement',
    facts: { ...SMALL_RUNWAY, distanceDAkm: 0.5, maxHeightM: 50.1 },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    requirements: ['AERODROME_AGREEMENT'],
    maxHeightM: 50,
  },
  {
    name: 'FR-AD-02: at 3.49 km the cap is still 50 m',
    facts: { ...SMALL_RUNWAY, distanceDAkm: 3.49, maxHeightM: 40 },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    maxHeightM: 50,
  },
  {
    name: 'FR-AD-02: at 3.5 km, 100 m exactly is within the cap',
    facts: { ...SMALL_RUNWAY, distanceDAkm: 3.5, maxHeightM: 100 },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    absentRequirements: ['AERODROME_AGREEMENT'],
    maxHeightM: 100,
  },
  {
    name: 'FR-AD-02: at 4.99 km, 100.1 m needs the aerodrome’s agreement',
    facts: { ...SMALL_RUNWAY, distanceDAkm: 4.99, maxHeightM: 100.1 },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    requirements: ['AERODROME_AGREEMENT'],
    maxHeightM: 100,
  },
  {
    name: 'FR-AD-02: from 5 km the general 120 m applies',
    facts: { ...SMALL_RUNWAY, distanceDAkm: 5, maxHeightM: 120 },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    absentRequirements: ['AERODROME_AGREEMENT'],
    maxHeightM: 120,
  },
  {
    name: 'FR-AD-03 (annexe I 2°): a runway of exactly 1,200 m at DA 4 km caps at 30 m; 40 m needs the agreement',
    facts: { ...SMALL_RUNWAY, runwayLengthM: 1_200, distanceDAkm: 4, maxHeightM: 40 },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    requirements: ['AERODROME_AGREEMENT'],
    maxHeightM: 30,
  },
  {
    name: 'FR-AD-03: an instrument runway needs the aerodrome’s agreement',
    facts: { ...SMALL_RUNWAY, runwayInstrument: true, distanceDAkm: 4 },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    requirements: ['AERODROME_AGREEMENT'],
  },
  {
    name: 'FR-AD-03: near an aerodrome without runway data the agreement is asked for',
    facts: { nearAerodrome: true },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    requirements: ['AERODROME_AGREEMENT'],
  },
  {
    name: 'FR-MIL-01: a flight beyond visual line of sight is notified to the armed forces',
    facts: { ...STS01_IN_COUNTRYSIDE, vlos: false },
    category: 'SPECIFIC',
    blockers: ['VLOS_REQUIRED', 'CLASS_NOT_OPEN'],
    requirements: ['ARMY_NOTIFICATION', 'OPERATIONAL_AUTHORISATION'],
  },
];

const specRows: VerdictRow[] = [
  {
    name: 'FR-ROAD-01 [SPEC]: exactly 30 m from a road is compliant',
    facts: { distanceToRoadM: 30 },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
  },
  {
    name: 'FR-ROAD-01 [SPEC]: 29.9 m from a road is blocked, with no authorisation path: FORBIDDEN',
    facts: { distanceToRoadM: 29.9 },
    category: 'FORBIDDEN',
    blockers: ['FR_ROAD_RAIL_LT_30M'],
  },
  ...(
    [
      ['2025-08-31', true],
      ['2025-09-01', false],
      ['2025-10-31', false],
      ['2025-11-01', true],
      ['2026-01-15', true],
    ] as const
  ).map(([dateISO, sensitive]): VerdictRow => ({
    name: `FR-ENV-01 [SPEC]: a protected-species zone on ${dateISO} is ${sensitive ? '' : 'not '}in the sensitive period`,
    facts: { inProtectedSpeciesZone: true, dateISO },
    category: sensitive ? 'FORBIDDEN' : 'OPEN',
    ...(sensitive ? {} : { subcategory: 'A1' as const }),
    blockers: sensitive ? ['FR_PROTECTED_SPECIES_SENSITIVE_PERIOD'] : [],
  })),
];

const ageRows: VerdictRow[] = [
  { name: 'FR-AGE-01: a pilot of 14 flies OPEN in France', facts: { pilotAge: 14 }, category: 'OPEN', subcategory: 'A1', blockers: [] },
  {
    name: 'FR-AGE-01: a pilot of 13 is under the French OPEN minimum age',
    facts: { pilotAge: 13 },
    category: 'FORBIDDEN',
    blockers: ['PILOT_MIN_AGE'],
  },
  {
    name: 'FR-AGE-01: a pilot of 15 is under the SPECIFIC minimum age of 16',
    facts: { pilotAge: 15, maxHeightM: 130 },
    category: 'FORBIDDEN',
    blockers: ['PILOT_MIN_AGE', 'HEIGHT_GT_120M'],
  },
  {
    name: 'FR-AGE-01: a pilot of 16 flies SPECIFIC',
    facts: { pilotAge: 16, maxHeightM: 130 },
    category: 'SPECIFIC',
    blockers: ['HEIGHT_GT_120M'],
  },
];

describe('France: open flights over public space, national scenarios, night, airspace (arrêté espace)', () => {
  it.each([...publicSpaceRows, ...scenarioRows, ...nightRows, ...airspaceRows, ...specRows, ...ageRows])('$name', (row) =>
    expectVerdict(classifyRow('FR', row), row),
  );
});

interface NoticeRow {
  name: string;
  declarationDateISO: string;
  dateISO: string;
  noticeSatisfied: boolean;
  earliestFlightDateISO: string;
}

const noticeBefore2026: NoticeRow[] = [
  {
    name: 'FR-PREF-02: declared Tuesday 2025-03-04 for Tuesday 2025-03-11: 5 jours ouvrables in between',
    declarationDateISO: '2025-03-04',
    dateISO: '2025-03-11',
    noticeSatisfied: true,
    earliestFlightDateISO: '2025-03-11',
  },
  {
    name: 'FR-PREF-02: declared Wednesday 2025-03-05 for Tuesday 2025-03-11: only 4 (the Sunday does not count)',
    declarationDateISO: '2025-03-05',
    dateISO: '2025-03-11',
    noticeSatisfied: false,
    earliestFlightDateISO: '2025-03-12',
  },
  {
    name: 'FR-PREF-02: declared Tuesday 2025-03-04 for Monday 2025-03-10: neither end nor the Sunday counts',
    declarationDateISO: '2025-03-04',
    dateISO: '2025-03-10',
    noticeSatisfied: false,
    earliestFlightDateISO: '2025-03-11',
  },
  {
    name: 'FR-PREF-02: declared Monday 2025-03-03 for Sunday 2025-03-09: the Saturday counts',
    declarationDateISO: '2025-03-03',
    dateISO: '2025-03-09',
    noticeSatisfied: true,
    earliestFlightDateISO: '2025-03-09',
  },
  {
    name: 'FR-PREF-02: 8 May 2025 (Thursday) is a holiday: Tuesday to Tuesday gives 4',
    declarationDateISO: '2025-05-06',
    dateISO: '2025-05-13',
    noticeSatisfied: false,
    earliestFlightDateISO: '2025-05-14',
  },
  {
    name: 'FR-PREF-02: around 8 May 2025 the earliest flight is Wednesday 2025-05-14',
    declarationDateISO: '2025-05-06',
    dateISO: '2025-05-14',
    noticeSatisfied: true,
    earliestFlightDateISO: '2025-05-14',
  },
  {
    name: 'FR-PREF-02: 14 July 2025 (Monday) is a holiday',
    declarationDateISO: '2025-07-09',
    dateISO: '2025-07-16',
    noticeSatisfied: false,
    earliestFlightDateISO: '2025-07-17',
  },
  {
    name: 'FR-PREF-02: 1 November 2025 falls on a Saturday, which then does not count',
    declarationDateISO: '2025-10-29',
    dateISO: '2025-11-05',
    noticeSatisfied: false,
    earliestFlightDateISO: '2025-11-06',
  },
  {
    name: 'FR-PREF-02: 11 November 2025 (Tuesday) is a holiday',
    declarationDateISO: '2025-11-07',
    dateISO: '2025-11-14',
    noticeSatisfied: false,
    earliestFlightDateISO: '2025-11-15',
  },
  {
    name: 'FR-PREF-02 (C1): a flight on 2025-12-31 still uses jours ouvrables (25 December does not count)',
    declarationDateISO: '2025-12-24',
    dateISO: '2025-12-31',
    noticeSatisfied: false,
    earliestFlightDateISO: '2026-01-03',
  },
];

const noticeFrom2026: NoticeRow[] = [
  {
    name: 'FR-PREF-03 (C1): a flight on 2026-01-01 uses the 10-day notice',
    declarationDateISO: '2025-12-22',
    dateISO: '2026-01-01',
    noticeSatisfied: true,
    earliestFlightDateISO: '2025-12-30',
  },
  {
    name: 'FR-PREF-03: declared 2026-03-01, a flight on 2026-03-11 has its 10 days',
    declarationDateISO: '2026-03-01',
    dateISO: '2026-03-11',
    noticeSatisfied: true,
    earliestFlightDateISO: '2026-03-11',
  },
  {
    name: 'FR-PREF-03: declared 2026-03-01, a flight on 2026-03-10 has only 9 days',
    declarationDateISO: '2026-03-01',
    dateISO: '2026-03-10',
    noticeSatisfied: false,
    earliestFlightDateISO: '2026-03-11',
  },
  {
    name: 'FR-PREF-03: the 10 days are calendar days, so 1 and 8 May and the weekends count',
    declarationDateISO: '2026-04-30',
    dateISO: '2026-05-10',
    noticeSatisfied: true,
    earliestFlightDateISO: '2026-05-10',
  },
  {
    name: 'FR-PREF-03: declared 2025-12-24 for 2026-01-02 (9 days): the earliest flight is 2026-01-03',
    declarationDateISO: '2025-12-24',
    dateISO: '2026-01-02',
    noticeSatisfied: false,
    earliestFlightDateISO: '2026-01-03',
  },
];

describe('France: prefecture declaration notice (FR-PREF-02/03, arrêté du 23 décembre 2025)', () => {
  it.each(noticeBefore2026)('$name', ({ declarationDateISO, dateISO, noticeSatisfied, earliestFlightDateISO }) => {
    const verdict = classify('FR', missionFacts({ ...STS01_IN_TOWN, declarationDateISO, dateISO }));
    expect(verdict.requirements).toContain('PREFECTURE_DECLARATION');
    expect(verdict).toMatchObject({ noticeWorkingDays: 5, noticeSatisfied, earliestFlightDateISO });
    expect(verdict.noticeDays).toBeUndefined();
  });

  it.each(noticeFrom2026)('$name', ({ declarationDateISO, dateISO, noticeSatisfied, earliestFlightDateISO }) => {
    const verdict = classify('FR', missionFacts({ ...STS01_IN_TOWN, declarationDateISO, dateISO }));
    expect(verdict).toMatchObject({ noticeDays: 10, noticeSatisfied, earliestFlightDateISO });
    expect(verdict.noticeWorkingDays).toBeUndefined();
  });

  it('FR-PREF-02: without a declaration date, "now" passed by the caller is the declaration day', () => {
    const verdict = classify('FR', missionFacts({ ...STS01_IN_TOWN, dateISO: '2025-03-11' }), { nowISO: '2025-03-04T22:00:00Z' });
    expect(verdict).toMatchObject({ noticeWorkingDays: 5, noticeSatisfied: true, earliestFlightDateISO: '2025-03-11' });
  });

  it('FR-PREF-02: without a declaration date nor "now", only the required notice is given', () => {
    const verdict = classify('FR', missionFacts({ ...STS01_IN_TOWN, dateISO: '2025-03-11' }));
    expect(verdict.noticeWorkingDays).toBe(5);
    expect(verdict.noticeSatisfied).toBeUndefined();
    expect(verdict.earliestFlightDateISO).toBeUndefined();
  });

  it('FR-PREF-01: outside a zone peuplée no prefecture declaration nor notice is required', () => {
    const verdict = classify('FR', missionFacts({ ...STS01_IN_COUNTRYSIDE, declarationDateISO: '2025-06-01' }));
    expect(verdict.requirements).not.toContain('PREFECTURE_DECLARATION');
    expect(verdict.noticeWorkingDays).toBeUndefined();
    expect(verdict.earliestFlightDateISO).toBeUndefined();
  });

  it.each([
    ['2025-12-15', '2025-12-21'],
    ['2025-12-24', '2026-01-03'],
    ['2025-12-31', '2026-01-10'],
  ])('FR-PREF-02/03: declared on %s, the earliest flight is %s across the 2026 reform', (declarationISO, earliest) => {
    expect(earliestFrFlightDate(declarationISO)).toBe(earliest);
  });
});

describe('France: the 800 g threshold is historical (regulation.md FR-HIST-01, loi n° 2016-1428)', () => {
  it.each([
    [799, 800],
    [799, 3_000],
  ])('%i g and %i g in 2025 get the same category and requirements: no national 800 g duty', (lighter, heavier) => {
    const verdictOf = (massGrams: number) => classify('FR', missionFacts({ classMark: 'none', massGrams, dateISO: '2025-06-10' }));
    const heavy = verdictOf(heavier);
    expect(heavy.requirements).toEqual(verdictOf(lighter).requirements);
    expect(heavy.category).toBe(verdictOf(lighter).category);
    expect(heavy.rules.map((rule) => rule.id)).not.toContain('FR-800-01');
  });

  it('the years the 800 g duties applied (before 31 Dec 2020) are not supported', () => {
    expect(() => classify('FR', missionFacts({ classMark: 'none', massGrams: 800, dateISO: '2020-06-10' }))).toThrow(
      'REGULATION_NOT_SUPPORTED',
    );
  });
});
