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

/** A mission over the Grünewald north of Luxembourg City (49.66 N, 6.17 E), in the last quarter of 2020. */
const GRUNEWALD_2020 = { classMark: 'none', massGrams: 1_200, urban: false } as const;

const window2020Rows: VerdictRow[] = [
  {
    name: 'LU-06: on 2020-11-15 a 1.2 kg flight at 40 m needs the DAC authorisation, capped at 50 m',
    facts: { ...GRUNEWALD_2020, maxHeightM: 40, dateISO: '2020-11-15' },
    category: 'SPECIFIC',
    blockers: [],
    requirements: ['LU_DAC_AUTHORISATION'],
    maxHeightM: 50,
  },
  {
    name: 'LU-06: the window opens on 2020-10-01; exactly 50 m is within the cap',
    facts: { ...GRUNEWALD_2020, maxHeightM: 50, dateISO: '2020-10-01' },
    category: 'SPECIFIC',
    blockers: [],
    requirements: ['LU_DAC_AUTHORISATION'],
    maxHeightM: 50,
  },
  {
    name: 'LU-06: on 2020-12-30 a flight at 80 m is above the national cap',
    facts: { ...GRUNEWALD_2020, maxHeightM: 80, dateISO: '2020-12-30' },
    category: 'SPECIFIC',
    blockers: ['LU_2020_HEIGHT_GT_50M'],
    requirements: ['LU_DAC_AUTHORISATION'],
    maxHeightM: 50,
  },
  {
    name: 'LU-01: from 2020-12-31 the EU rules apply (legacy 1.2 kg aircraft under Art. 22, no DAC authorisation)',
    facts: { ...GRUNEWALD_2020, maxHeightM: 80, dateISO: '2020-12-31' },
    category: 'OPEN',
    subcategory: 'A2',
    blockers: [],
    absentRequirements: ['LU_DAC_AUTHORISATION'],
    maxHeightM: 120,
    transitional: true,
  },
];

describe('Luxembourg: the authorisation window of 1 Oct–31 Dec 2020 (spec domain §5, LU-06)', () => {
  it.each(window2020Rows)('$name', (row) => expectVerdict(classifyRow('LU', row), row));

  it('a Luxembourg mission before the window is not supported; France and the EU stay refused before 2020-12-31', () => {
    for (const [country, dateISO] of [
      ['LU', '2020-09-30'],
      ['FR', '2020-11-15'],
      ['EU', '2020-11-15'],
    ] as const) {
      expect(() => classify(country, missionFacts({ dateISO })), `${country} ${dateISO}`).toThrow(
        expect.objectContaining({ code: 'REGULATION_NOT_SUPPORTED' }),
      );
    }
  });

  it('LU-06: only the national rule and the zones are evaluated in the window', () => {
    const verdict = classify('LU', missionFacts({ ...GRUNEWALD_2020, dateISO: '2020-11-15' }));
    expect(verdict.rules.map((rule) => rule.id)).toEqual([
      'LU-06',
      'GZ-03-P',
      'GZ-03-A',
      'GZ-03-C',
      'GZ-03-N',
      'GZ-01-ALT',
      'GZ-03-NOTICE',
    ]);
  });
});
