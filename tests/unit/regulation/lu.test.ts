import { describe, expect, it } from 'vitest';
import { classify } from '@/shared/regulation';
import { classifyRow, expectVerdict, missionFacts, type VerdictRow } from './mission-facts';

const SUPERVISED_MINOR_WITH_CAMERA = { directSupervision: true, hasCamera: true } as const;

const rows: VerdictRow[] = [
  {
    name: 'LU-03 (C7): on 2026-01-13 a pilot of 15 cannot be the registered operator',
    facts: { ...SUPERVISED_MINOR_WITH_CAMERA, pilotAge: 15, dateISO: '2026-01-13' },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: ['OPERATOR_MIN_AGE'],
    requirements: ['REGISTRATION', 'DIRECT_SUPERVISION'],
  },
  {
    name: 'LU-03 (C7): from 2026-01-14 a pilot of 15 may be registered as OPEN operator',
    facts: { ...SUPERVISED_MINOR_WITH_CAMERA, pilotAge: 15, dateISO: '2026-01-14' },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    requirements: ['REGISTRATION', 'DIRECT_SUPERVISION'],
  },
  {
    name: 'LU-03: from 2026-01-14 a minor of exactly 14 may be registered',
    facts: { ...SUPERVISED_MINOR_WITH_CAMERA, pilotAge: 14, dateISO: '2026-01-14' },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
  },
  {
    name: 'LU-03: a minor of 13 may not be registered',
    facts: { ...SUPERVISED_MINOR_WITH_CAMERA, pilotAge: 13, dateISO: '2026-01-14' },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: ['OPERATOR_MIN_AGE'],
  },
  {
    name: 'LU-03: the lower operator age is for the OPEN category only',
    facts: { ...SUPERVISED_MINOR_WITH_CAMERA, pilotAge: 15, maxHeightM: 130, dateISO: '2026-02-01' },
    category: 'SPECIFIC',
    blockers: ['OPERATOR_MIN_AGE', 'HEIGHT_GT_120M'],
  },
  {
    name: 'LU-03: no registration, no operator age (C0 of 249 g without camera)',
    facts: { directSupervision: true, hasCamera: false, pilotAge: 12, dateISO: '2026-01-13' },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    absentRequirements: ['REGISTRATION'],
  },
  {
    name: 'LU-01: the pilot age stays 16 (Art. 9(1)): a pilot of 15 alone may not fly',
    facts: { pilotAge: 15, dateISO: '2026-02-01' },
    category: 'FORBIDDEN',
    blockers: ['PILOT_MIN_AGE'],
  },
  {
    name: 'LU-01: A2 at 30 m and A3 at 150 m as in the EU rules',
    facts: { classMark: 'C2', massGrams: 900, urban: true, distanceToPeopleM: 30 },
    category: 'OPEN',
    subcategory: 'A2',
    blockers: [],
  },
];

describe('Luxembourg: EU rules administered by the DAC (LU-01…LU-04)', () => {
  it.each(rows)('$name', (row) => expectVerdict(classifyRow('LU', row), row));

  it('LU-02: an STS declaration is filed with the DAC on form UAS432', () => {
    const verdict = classify('LU', missionFacts({ classMark: 'C5', massGrams: 3_000, controlledGroundArea: true }));
    expect(verdict.subcategory).toBe('STS-01');
    expect(verdict.requirements).toContain('STS_DECLARATION');
    expect(verdict.rules.find((rule) => rule.id === 'LU-02')).toMatchObject({ outcome: 'info', params: { form: 'UAS432' } });
  });

  it('LU-04: the verdict reminds that only the Geoportail zones are legally applicable', () => {
    const verdict = classify('LU', missionFacts());
    expect(verdict.rules.find((rule) => rule.id === 'LU-04')?.outcome).toBe('info');
  });
});
