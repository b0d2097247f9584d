import { describe, expect, it } from 'vitest';
import { classify } from '@/shared/regulation';
import { classifyRow, expectVerdict, missionFacts, type VerdictRow } from './mission-facts';

const C5_ON_CONTROLLED_GROUND = { classMark: 'C5', massGrams: 3_000, controlledGroundArea: true } as const;
const C6_BVLOS = { classMark: 'C6', massGrams: 5_000, vlos: false, controlledGroundArea: true } as const;

const rows: VerdictRow[] = [
  {
    name: 'EU-STS-03 (C5): on 2023-12-31 a C5 mission needs an operational authorisation, STS not yet applicable',
    facts: { ...C5_ON_CONTROLLED_GROUND, dateISO: '2023-12-31' },
    category: 'SPECIFIC',
    blockers: ['CLASS_NOT_OPEN', 'STS_NOT_YET_APPLICABLE'],
    requirements: ['OPERATIONAL_AUTHORISATION', 'REGISTRATION'],
    absentRequirements: ['STS_DECLARATION'],
  },
  {
    name: 'EU-STS-03 (C5): from 2024-01-01 the same mission is declared under STS-01',
    facts: { ...C5_ON_CONTROLLED_GROUND, dateISO: '2024-01-01' },
    category: 'SPECIFIC',
    subcategory: 'STS-01',
    blockers: ['CLASS_NOT_OPEN'],
    requirements: ['STS_DECLARATION', 'REGISTRATION'],
    absentRequirements: ['OPERATIONAL_AUTHORISATION'],
  },
  {
    name: 'EU-STS-01: without a controlled ground area STS-01 does not fit',
    facts: { ...C5_ON_CONTROLLED_GROUND, controlledGroundArea: false },
    category: 'SPECIFIC',
    blockers: ['CLASS_NOT_OPEN'],
    requirements: ['OPERATIONAL_AUTHORISATION'],
  },
  {
    name: 'EU-STS-01: 120 m exactly fits STS-01',
    facts: { ...C5_ON_CONTROLLED_GROUND, maxHeightM: 120 },
    category: 'SPECIFIC',
    subcategory: 'STS-01',
    blockers: ['CLASS_NOT_OPEN'],
  },
  {
    name: 'EU-STS-01: 120.1 m does not fit STS-01',
    facts: { ...C5_ON_CONTROLLED_GROUND, maxHeightM: 120.1 },
    category: 'SPECIFIC',
    blockers: ['HEIGHT_GT_120M', 'CLASS_NOT_OPEN'],
    requirements: ['OPERATIONAL_AUTHORISATION'],
  },
  {
    name: 'EU-STS-02: a C6 exactly 1 km from the pilot without observers fits STS-02',
    facts: { ...C6_BVLOS, distanceFromPilotM: 1_000 },
    category: 'SPECIFIC',
    subcategory: 'STS-02',
    blockers: ['VLOS_REQUIRED', 'CLASS_NOT_OPEN'],
    requirements: ['STS_DECLARATION'],
  },
  {
    name: 'EU-STS-02: 1,000.1 m from the pilot without observers does not fit STS-02',
    facts: { ...C6_BVLOS, distanceFromPilotM: 1_000.1 },
    category: 'SPECIFIC',
    blockers: ['VLOS_REQUIRED', 'CLASS_NOT_OPEN', 'STS02_GT_1KM_WITHOUT_AO'],
    requirements: ['OPERATIONAL_AUTHORISATION'],
  },
  {
    name: 'EU-STS-02: exactly 2 km from the pilot with airspace observers fits STS-02',
    facts: { ...C6_BVLOS, distanceFromPilotM: 2_000, airspaceObservers: true },
    category: 'SPECIFIC',
    subcategory: 'STS-02',
    blockers: ['VLOS_REQUIRED', 'CLASS_NOT_OPEN'],
  },
  {
    name: 'EU-STS-02: 2,000.1 m from the pilot with airspace observers does not fit STS-02',
    facts: { ...C6_BVLOS, distanceFromPilotM: 2_000.1, airspaceObservers: true },
    category: 'SPECIFIC',
    blockers: ['VLOS_REQUIRED', 'CLASS_NOT_OPEN', 'STS02_GT_2KM_WITH_AO'],
    requirements: ['OPERATIONAL_AUTHORISATION'],
  },
  {
    name: 'EU-STS-02: a populated environment does not fit STS-02',
    facts: { ...C6_BVLOS, populatedEnvironment: true },
    category: 'SPECIFIC',
    blockers: ['VLOS_REQUIRED', 'CLASS_NOT_OPEN'],
    requirements: ['OPERATIONAL_AUTHORISATION'],
  },
  {
    name: 'EU-STS-03 (C5): on 2023-12-31 a C6 mission is not yet STS-02',
    facts: { ...C6_BVLOS, dateISO: '2023-12-31' },
    category: 'SPECIFIC',
    blockers: ['VLOS_REQUIRED', 'CLASS_NOT_OPEN', 'STS_NOT_YET_APPLICABLE'],
    requirements: ['OPERATIONAL_AUTHORISATION'],
  },
];

describe('EU specific category and standard scenarios (Art. 5, Appendix 1, Reg. 2022/425)', () => {
  it.each(rows)('$name', (row) => expectVerdict(classifyRow('EU', row), row));

  it('EU-STS-01: the failing conditions of a standard scenario are named in the rule result', () => {
    const verdict = classify('EU', missionFacts({ ...C5_ON_CONTROLLED_GROUND, controlledGroundArea: false, vlos: false }));
    const sts01 = verdict.rules.find((rule) => rule.id === 'EU-STS-01');
    expect(sts01).toMatchObject({ outcome: 'fail', params: { unmet: 'vlos,controlledGroundArea' } });
  });
});
