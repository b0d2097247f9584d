import { describe, it } from 'vitest';
import { classifyRow, expectVerdict, type VerdictRow } from './mission-facts';

const C2_IN_TOWN = { classMark: 'C2', massGrams: 900, urban: true } as const;
const C3_IN_COUNTRYSIDE = { classMark: 'C3', massGrams: 5_000 } as const;

const heightRows: VerdictRow[] = [
  {
    name: 'EU-H-01: 120 m exactly stays OPEN',
    facts: { maxHeightM: 120 },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    maxHeightM: 120,
  },
  {
    name: 'EU-H-01: 120.1 m leaves OPEN for SPECIFIC with an operational authorisation',
    facts: { maxHeightM: 120.1 },
    category: 'SPECIFIC',
    blockers: ['HEIGHT_GT_120M'],
    requirements: ['OPERATIONAL_AUTHORISATION', 'REGISTRATION'],
    maxHeightM: 120,
  },
  {
    name: 'EU-H-02: within 50 m of a 130 m obstacle, 145 m (obstacle + 15 m) stays OPEN on the owner’s request',
    facts: { maxHeightM: 145, obstacleHeightM: 130, obstacleDistanceM: 50 },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    requirements: ['OBSTACLE_OWNER_REQUEST'],
    maxHeightM: 145,
  },
  {
    name: 'EU-H-02: 145.1 m next to a 130 m obstacle is above the obstacle cap',
    facts: { maxHeightM: 145.1, obstacleHeightM: 130, obstacleDistanceM: 50 },
    category: 'SPECIFIC',
    blockers: ['HEIGHT_GT_120M'],
    absentRequirements: ['OBSTACLE_OWNER_REQUEST'],
    maxHeightM: 145,
  },
  {
    name: 'EU-H-02: an obstacle of exactly 105 m is not "taller than 105 m"',
    facts: { maxHeightM: 121, obstacleHeightM: 105, obstacleDistanceM: 10 },
    category: 'SPECIFIC',
    blockers: ['HEIGHT_GT_120M'],
    maxHeightM: 120,
  },
  {
    name: 'EU-H-02: an obstacle 50.1 m away is outside the 50 m radius',
    facts: { maxHeightM: 121, obstacleHeightM: 130, obstacleDistanceM: 50.1 },
    category: 'SPECIFIC',
    blockers: ['HEIGHT_GT_120M'],
  },
  {
    name: 'EU-H-02: without the owner’s request the obstacle cap does not apply',
    facts: { maxHeightM: 121, obstacleHeightM: 130, obstacleDistanceM: 10, obstacleOwnerRequest: false },
    category: 'SPECIFIC',
    blockers: ['HEIGHT_GT_120M'],
  },
];

const gateRows: VerdictRow[] = [
  {
    name: 'EU-CAT-01b: a privately built aircraft of 24,999 g stays OPEN (A3)',
    facts: { classMark: 'privately_built', massGrams: 24_999 },
    category: 'OPEN',
    subcategory: 'A3',
    blockers: [],
  },
  {
    name: 'EU-CAT-01b: 25 kg exactly is not OPEN',
    facts: { classMark: 'privately_built', massGrams: 25_000 },
    category: 'SPECIFIC',
    blockers: ['MTOM_GE_25KG'],
    requirements: ['OPERATIONAL_AUTHORISATION'],
  },
  {
    name: 'EU-CAT-01c: a flight over an assembly of people is not OPEN, even with a C0',
    facts: { overPeople: 'assemblies' },
    category: 'SPECIFIC',
    blockers: ['OVER_ASSEMBLIES'],
  },
  {
    name: 'EU-CAT-01d: a flight beyond visual line of sight is not OPEN',
    facts: { vlos: false },
    category: 'SPECIFIC',
    blockers: ['VLOS_REQUIRED'],
  },
  {
    name: 'EU-CAT-01a: a C5 aircraft is not admitted in OPEN',
    facts: { classMark: 'C5', massGrams: 3_000 },
    category: 'SPECIFIC',
    blockers: ['CLASS_NOT_OPEN'],
    requirements: ['OPERATIONAL_AUTHORISATION'],
  },
  {
    name: 'EU-CAT-03: transporting people is CERTIFIED',
    facts: { classMark: 'privately_built', massGrams: 20_000, transportsPeople: true },
    category: 'CERTIFIED',
    blockers: [],
    requirements: ['REGISTRATION'],
  },
  {
    name: 'EU-CAT-03: a certified aircraft over an assembly of people is CERTIFIED',
    facts: { overPeople: 'assemblies', certifiedUas: true },
    category: 'CERTIFIED',
    blockers: ['OVER_ASSEMBLIES'],
  },
  {
    name: 'EU-CAT-03: a certified aircraft away from assemblies stays OPEN',
    facts: { certifiedUas: true },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
  },
];

const a1Rows: VerdictRow[] = [
  {
    name: 'EU-A1-02: a C0 may overfly uninvolved persons in A1',
    facts: { overPeople: 'uninvolved' },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
  },
  {
    name: 'EU-A1-03: a C1 away from people flies A1 with the online exam',
    facts: { classMark: 'C1', massGrams: 600 },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    requirements: ['A1A3_EXAM', 'REGISTRATION'],
  },
  {
    name: 'EU-A1-03: a C1 with a planned overflight of uninvolved persons is not A1',
    facts: { classMark: 'C1', massGrams: 600, overPeople: 'uninvolved' },
    category: 'SPECIFIC',
    blockers: ['A1_C1_PLANNED_OVERFLIGHT'],
  },
  {
    name: 'EU-A1-05: a C1 pilot without the A1/A3 exam is blocked but the mission stays A1',
    facts: { classMark: 'C1', massGrams: 600, pilotCertificates: [] },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: ['MISSING_A1A3_EXAM'],
    requirements: ['A1A3_EXAM'],
  },
  {
    name: 'EU-A1-01: a privately built 249 g aircraft under 19 m/s flies A1 over uninvolved persons',
    facts: { classMark: 'privately_built', massGrams: 249, maxSpeedMps: 18.9, overPeople: 'uninvolved' },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
  },
  {
    name: 'EU-A1-01: a privately built 249 g aircraft at 19 m/s is not an A1 aircraft',
    facts: { classMark: 'privately_built', massGrams: 249, maxSpeedMps: 19, overPeople: 'uninvolved' },
    category: 'SPECIFIC',
    blockers: ['A3_UNINVOLVED_PERSONS_IN_RANGE'],
  },
  {
    name: 'EU-A1-01: a privately built aircraft of 250 g exactly is not an A1 aircraft',
    facts: { classMark: 'privately_built', massGrams: 250, overPeople: 'uninvolved' },
    category: 'SPECIFIC',
    blockers: ['A3_UNINVOLVED_PERSONS_IN_RANGE'],
  },
  {
    name: 'EU-A3-02: a privately built aircraft of 250 g flies A3 away from people',
    facts: { classMark: 'privately_built', massGrams: 250 },
    category: 'OPEN',
    subcategory: 'A3',
    blockers: [],
  },
  {
    name: 'EU-LEG-01: a legacy aircraft of 249 g flies A1 over uninvolved persons from 2024',
    facts: { classMark: 'none', massGrams: 249, overPeople: 'uninvolved' },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
  },
  {
    name: 'EU-LEG-01: a legacy aircraft of 250 g exactly is A3 only',
    facts: { classMark: 'none', massGrams: 250, overPeople: 'uninvolved' },
    category: 'SPECIFIC',
    blockers: ['A3_UNINVOLVED_PERSONS_IN_RANGE', 'LEGACY_GE_250G_A3_ONLY'],
  },
  {
    name: 'EU-LEG-01: a legacy aircraft of 250 g flies A3 away from people',
    facts: { classMark: 'none', massGrams: 250 },
    category: 'OPEN',
    subcategory: 'A3',
    blockers: [],
  },
];

const a2Rows: VerdictRow[] = [
  {
    name: 'EU-A2-02: a C2 exactly 30 m from uninvolved persons flies A2 without low-speed mode',
    facts: { ...C2_IN_TOWN, distanceToPeopleM: 30 },
    category: 'OPEN',
    subcategory: 'A2',
    blockers: [],
    requirements: ['A2_COC'],
    absentRequirements: ['LOW_SPEED_MODE'],
  },
  {
    name: 'EU-A2-02: 29.9 m without low-speed mode is not A2',
    facts: { ...C2_IN_TOWN, distanceToPeopleM: 29.9 },
    category: 'SPECIFIC',
    blockers: ['A2_DISTANCE_LT_30M_WITHOUT_LOW_SPEED', 'A3_LT_150M_FROM_RESIDENTIAL', 'A3_UNINVOLVED_PERSONS_IN_RANGE'],
  },
  {
    name: 'EU-A2-02: 29.9 m with low-speed mode flies A2',
    facts: { ...C2_IN_TOWN, distanceToPeopleM: 29.9, lowSpeedMode: true },
    category: 'OPEN',
    subcategory: 'A2',
    blockers: [],
    requirements: ['LOW_SPEED_MODE', 'A2_COC'],
  },
  {
    name: 'EU-A2-02: exactly 5 m with low-speed mode flies A2',
    facts: { ...C2_IN_TOWN, distanceToPeopleM: 5, lowSpeedMode: true },
    category: 'OPEN',
    subcategory: 'A2',
    blockers: [],
  },
  {
    name: 'EU-A2-02: 4.9 m is not A2 even with low-speed mode',
    facts: { ...C2_IN_TOWN, distanceToPeopleM: 4.9, lowSpeedMode: true },
    category: 'SPECIFIC',
    blockers: ['A2_DISTANCE_LT_5M', 'A3_LT_150M_FROM_RESIDENTIAL', 'A3_UNINVOLVED_PERSONS_IN_RANGE'],
  },
  {
    name: 'EU-A2-02: a C2 must not overfly uninvolved persons',
    facts: { ...C2_IN_TOWN, overPeople: 'uninvolved', lowSpeedMode: true },
    category: 'SPECIFIC',
    blockers: ['A2_DISTANCE_LT_5M', 'A3_LT_150M_FROM_RESIDENTIAL', 'A3_UNINVOLVED_PERSONS_IN_RANGE'],
  },
  {
    name: 'EU-A2-03: an A2 mission without the A2 certificate stays A2 and is blocked',
    facts: { ...C2_IN_TOWN, distanceToPeopleM: 30, pilotCertificates: ['A1A3_EXAM'] },
    category: 'OPEN',
    subcategory: 'A2',
    blockers: ['MISSING_A2_COC'],
    requirements: ['A2_COC'],
  },
  {
    name: 'EU-A2-03: away from people, a C2 pilot holding the A2 certificate flies A2',
    facts: { classMark: 'C2', massGrams: 900 },
    category: 'OPEN',
    subcategory: 'A2',
    blockers: [],
  },
  {
    name: 'EU-A3-03: away from people, a C2 pilot without the A2 certificate flies A3 with the online exam',
    facts: { classMark: 'C2', massGrams: 900, pilotCertificates: ['A1A3_EXAM'] },
    category: 'OPEN',
    subcategory: 'A3',
    blockers: [],
    requirements: ['A1A3_EXAM'],
    absentRequirements: ['A2_COC'],
  },
];

const a3Rows: VerdictRow[] = [
  {
    name: 'EU-A3-01b: exactly 150 m from a residential area flies A3',
    facts: { ...C3_IN_COUNTRYSIDE, distanceToResidentialM: 150 },
    category: 'OPEN',
    subcategory: 'A3',
    blockers: [],
    requirements: ['A1A3_EXAM'],
  },
  {
    name: 'EU-A3-01b: 149.9 m from a residential area is not A3',
    facts: { ...C3_IN_COUNTRYSIDE, distanceToResidentialM: 149.9 },
    category: 'SPECIFIC',
    blockers: ['A3_LT_150M_FROM_RESIDENTIAL'],
  },
  {
    name: 'EU-A3-01b: an urban mission with no distance given is taken to be inside a residential area',
    facts: { ...C3_IN_COUNTRYSIDE, urban: true },
    category: 'SPECIFIC',
    blockers: ['A3_LT_150M_FROM_RESIDENTIAL'],
  },
  {
    name: 'EU-A3-01a: uninvolved persons 30 m away do not stop A3',
    facts: { ...C3_IN_COUNTRYSIDE, distanceToPeopleM: 30 },
    category: 'OPEN',
    subcategory: 'A3',
    blockers: [],
  },
  {
    name: 'EU-A3-01a: uninvolved persons 29.9 m away are in range of an A3 flight',
    facts: { ...C3_IN_COUNTRYSIDE, distanceToPeopleM: 29.9 },
    category: 'SPECIFIC',
    blockers: ['A3_UNINVOLVED_PERSONS_IN_RANGE'],
  },
  {
    name: 'EU-A3-03: an A3 pilot without the online exam is blocked but the mission stays A3',
    facts: { ...C3_IN_COUNTRYSIDE, pilotCertificates: [] },
    category: 'OPEN',
    subcategory: 'A3',
    blockers: ['MISSING_A1A3_EXAM'],
  },
];

const legacyRows: VerdictRow[] = [
  {
    name: 'EU-LEG-02 (C4): on 2023-12-31 a legacy 400 g aircraft still flies A1 under Art. 22',
    facts: { classMark: 'none', massGrams: 400, urban: true, distanceToPeopleM: 60, dateISO: '2023-12-31' },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    transitional: true,
  },
  {
    name: 'EU-LEG-01 (C4): from 2024-01-01 the same legacy 400 g aircraft is A3 only',
    facts: { classMark: 'none', massGrams: 400, urban: true, distanceToPeopleM: 60, dateISO: '2024-01-01' },
    category: 'SPECIFIC',
    blockers: ['A3_LT_150M_FROM_RESIDENTIAL', 'LEGACY_GE_250G_A3_ONLY'],
    transitional: false,
  },
  {
    name: 'EU-LEG-02: before 2024 a legacy 499 g aircraft flies A1-like',
    facts: { classMark: 'none', massGrams: 499, urban: true, distanceToPeopleM: 60, dateISO: '2023-06-01' },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    transitional: true,
  },
  {
    name: 'EU-LEG-02: before 2024 a legacy aircraft of exactly 500 g falls under Art. 22(b) (A2-like)',
    facts: { classMark: 'none', massGrams: 500, urban: true, distanceToPeopleM: 60, dateISO: '2023-06-01' },
    category: 'OPEN',
    subcategory: 'A2',
    blockers: [],
    transitional: true,
  },
  {
    name: 'EU-LEG-02: before 2024 a legacy 400 g aircraft may not overfly uninvolved persons (Art. 22(a))',
    facts: { classMark: 'none', massGrams: 400, overPeople: 'uninvolved', dateISO: '2023-06-01' },
    category: 'SPECIFIC',
    blockers: ['A1_C1_PLANNED_OVERFLIGHT', 'A3_UNINVOLVED_PERSONS_IN_RANGE', 'LEGACY_TRANSITIONAL_LT_50M'],
    transitional: true,
  },
  {
    name: 'EU-LEG-02b: before 2024 a legacy 1 kg aircraft exactly 50 m from people flies A2-like',
    facts: { classMark: 'none', massGrams: 1_000, urban: true, distanceToPeopleM: 50, dateISO: '2023-06-01' },
    category: 'OPEN',
    subcategory: 'A2',
    blockers: [],
  },
  {
    name: 'EU-LEG-02b: before 2024 a legacy 1 kg aircraft 49.9 m from people is not A2-like',
    facts: { classMark: 'none', massGrams: 1_000, urban: true, distanceToPeopleM: 49.9, dateISO: '2023-06-01' },
    category: 'SPECIFIC',
    blockers: ['A3_LT_150M_FROM_RESIDENTIAL', 'LEGACY_TRANSITIONAL_LT_50M'],
  },
  {
    name: 'EU-LEG-02: before 2024 a legacy aircraft of exactly 2 kg is not "< 2 kg" (A3-like only)',
    facts: { classMark: 'none', massGrams: 2_000, urban: true, distanceToPeopleM: 60, dateISO: '2023-06-01' },
    category: 'SPECIFIC',
    blockers: ['A3_LT_150M_FROM_RESIDENTIAL'],
  },
  {
    name: 'EU-LEG-02: before 2024 a legacy 2 kg aircraft flies A3-like away from people',
    facts: { classMark: 'none', massGrams: 2_000, dateISO: '2023-06-01' },
    category: 'OPEN',
    subcategory: 'A3',
    blockers: [],
    transitional: true,
  },
];

const registrationRows: VerdictRow[] = [
  {
    name: 'EU-REG-01: a C0 of 249 g without camera needs no registration',
    facts: { hasCamera: false },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    absentRequirements: ['REGISTRATION'],
  },
  {
    name: 'EU-REG-01: a C0 of 249 g with a camera needs registration',
    facts: { hasCamera: true },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    requirements: ['REGISTRATION'],
  },
  {
    name: 'EU-REG-01: a C0 toy with a camera needs no registration',
    facts: { hasCamera: true, isToy: true },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    absentRequirements: ['REGISTRATION'],
  },
  {
    name: 'EU-REG-01: 250 g exactly needs registration even without camera',
    facts: { classMark: 'none', massGrams: 250, hasCamera: false },
    category: 'OPEN',
    subcategory: 'A3',
    blockers: [],
    requirements: ['REGISTRATION'],
  },
  {
    name: 'EU-REG-01: 249 g at 25.3 m/s (79.7 J) needs no registration without camera',
    facts: { classMark: 'none', massGrams: 249, hasCamera: false, maxSpeedMps: 25.3 },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    absentRequirements: ['REGISTRATION'],
  },
  {
    name: 'EU-REG-01: 249 g at 25.4 m/s (80.3 J, above 80 J) needs registration',
    facts: { classMark: 'none', massGrams: 249, hasCamera: false, maxSpeedMps: 25.4 },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    requirements: ['REGISTRATION'],
  },
];

const ageRows: VerdictRow[] = [
  { name: 'EU-AGE-01: a pilot of 16 flies OPEN', facts: { pilotAge: 16 }, category: 'OPEN', subcategory: 'A1', blockers: [] },
  {
    name: 'EU-AGE-01: a pilot of 15 is under the minimum age',
    facts: { pilotAge: 15 },
    category: 'FORBIDDEN',
    blockers: ['PILOT_MIN_AGE'],
  },
  {
    name: 'EU-AGE-01: a pilot of 15 is under the minimum age in SPECIFIC too',
    facts: { pilotAge: 15, maxHeightM: 130 },
    category: 'FORBIDDEN',
    blockers: ['PILOT_MIN_AGE', 'HEIGHT_GT_120M'],
  },
  {
    name: 'EU-AGE-02: a pilot of 15 under direct supervision flies OPEN',
    facts: { pilotAge: 15, directSupervision: true },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    requirements: ['DIRECT_SUPERVISION'],
  },
  {
    name: 'EU-AGE-02: a pilot of 8 may fly a C0 toy in A1',
    facts: { pilotAge: 8, isToy: true, hasCamera: false },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    absentRequirements: ['DIRECT_SUPERVISION'],
  },
  {
    name: 'EU-AGE-02: a pilot of 10 may fly a privately built aircraft of 249 g',
    facts: { pilotAge: 10, classMark: 'privately_built', massGrams: 249 },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
  },
  {
    name: 'EU-AGE-02: a pilot of 10 may not fly a privately built aircraft of 250 g',
    facts: { pilotAge: 10, classMark: 'privately_built', massGrams: 250 },
    category: 'FORBIDDEN',
    blockers: ['PILOT_MIN_AGE'],
  },
];

describe('EU open category, height and gates (Reg. 2019/947 Art. 4, UAS.OPEN.010)', () => {
  it.each([...heightRows, ...gateRows])('$name', (row) => expectVerdict(classifyRow('EU', row), row));
});

describe('EU subcategory A1 (UAS.OPEN.020, Art. 20)', () => {
  it.each(a1Rows)('$name', (row) => expectVerdict(classifyRow('EU', row), row));
});

describe('EU subcategory A2 (UAS.OPEN.030)', () => {
  it.each(a2Rows)('$name', (row) => expectVerdict(classifyRow('EU', row), row));
});

describe('EU subcategory A3 (UAS.OPEN.040)', () => {
  it.each(a3Rows)('$name', (row) => expectVerdict(classifyRow('EU', row), row));
});

describe('EU legacy aircraft at the mission date (Art. 20 and 22, Reg. 2022/425)', () => {
  it.each(legacyRows)('$name', (row) => expectVerdict(classifyRow('EU', row), row));
});

describe('EU operator registration (Art. 14(5))', () => {
  it.each(registrationRows)('$name', (row) => expectVerdict(classifyRow('EU', row), row));
});

describe('EU remote pilot age (Art. 9)', () => {
  it.each(ageRows)('$name', (row) => expectVerdict(classifyRow('EU', row), row));
});
