import { describe, expect, it } from 'vitest';
import { classify, type JpCategory } from '@/shared/regulation';
import { classifyRow, expectVerdict, missionFacts, type VerdictRow } from './mission-facts';

type JpRow = VerdictRow & { jpCategory: JpCategory | undefined };

const rows: JpRow[] = [
  {
    name: 'JP-DEF-01 (C6): on 2022-06-19 a 150 g aircraft is a model aircraft, outside the unmanned-aircraft rules',
    facts: { massGrams: 150, dateISO: '2022-06-19' },
    category: 'OPEN',
    blockers: [],
    absentRequirements: ['JP_REGISTRATION'],
    jpCategory: undefined,
  },
  {
    name: 'JP-DEF-01 (C6): from 2022-06-20 a 150 g aircraft is an unmanned aircraft and must be registered',
    facts: { massGrams: 150, dateISO: '2022-06-20' },
    category: 'OPEN',
    blockers: [],
    requirements: ['JP_REGISTRATION'],
    jpCategory: 'I',
  },
  {
    name: 'JP-DEF-01: on 2022-06-19 a 199 g aircraft over a DID needs no permission',
    facts: { massGrams: 199, urban: true, dateISO: '2022-06-19' },
    category: 'OPEN',
    blockers: [],
    absentRequirements: ['MLIT_PERMISSION'],
    jpCategory: undefined,
  },
  {
    name: 'JP-DEF-01: on 2022-06-19 a 200 g aircraft over a DID needs a permission (no registration yet)',
    facts: { massGrams: 200, urban: true, dateISO: '2022-06-19' },
    category: 'SPECIFIC',
    blockers: [],
    requirements: ['MLIT_PERMISSION'],
    absentRequirements: ['JP_REGISTRATION'],
    jpCategory: 'II',
  },
  {
    name: 'JP-DEF-01: 99 g over a DID is a model aircraft',
    facts: { massGrams: 99, urban: true },
    category: 'OPEN',
    blockers: [],
    absentRequirements: ['MLIT_PERMISSION', 'JP_REGISTRATION'],
    jpCategory: undefined,
  },
  {
    name: 'JP-DEF-01: 100 g exactly over a DID is an unmanned aircraft and needs a permission',
    facts: { massGrams: 100, urban: true },
    category: 'SPECIFIC',
    blockers: [],
    requirements: ['MLIT_PERMISSION', 'JP_REGISTRATION'],
    jpCategory: 'II',
  },
  {
    name: 'JP-AIR-01: 149.9 m is Category I',
    facts: { maxHeightM: 149.9 },
    category: 'OPEN',
    blockers: [],
    absentRequirements: ['MLIT_PERMISSION'],
    jpCategory: 'I',
  },
  {
    name: 'JP-AIR-01: 150 m exactly needs a permission',
    facts: { maxHeightM: 150 },
    category: 'SPECIFIC',
    blockers: [],
    requirements: ['MLIT_PERMISSION'],
    jpCategory: 'II',
  },
  {
    name: 'JP-AIR-01: around an airport a permission is needed',
    facts: { nearAerodrome: true },
    category: 'SPECIFIC',
    blockers: [],
    requirements: ['MLIT_PERMISSION'],
    jpCategory: 'II',
  },
  {
    name: 'JP-AIR-01: an urban mission known to be outside any DID needs no permission',
    facts: { urban: true, inDID: false },
    category: 'OPEN',
    blockers: [],
    jpCategory: 'I',
  },
  {
    name: 'JP-METH-01: exactly 30 m from third parties needs no approval',
    facts: { distanceToPeopleM: 30 },
    category: 'OPEN',
    blockers: [],
    absentRequirements: ['MLIT_APPROVAL'],
    jpCategory: 'I',
  },
  {
    name: 'JP-METH-01: 29.9 m from third parties needs an approval',
    facts: { distanceToPeopleM: 29.9 },
    category: 'SPECIFIC',
    blockers: [],
    requirements: ['MLIT_APPROVAL'],
    jpCategory: 'II',
  },
  ...(
    [
      ['a night flight', { night: true }],
      ['a flight beyond visual line of sight', { vlos: false }],
      ['a flight over an event site with access control', { eventSite: true, accessControlled: true }],
    ] as const
  ).map(([what, facts]): JpRow => ({
    name: `JP-METH-01: ${what} needs an approval (Category II)`,
    facts,
    category: 'SPECIFIC',
    blockers: [],
    requirements: ['MLIT_APPROVAL'],
    jpCategory: 'II',
  })),
  {
    name: 'JP-CAT-01: a flight over third parties is Category III (licence, type certificate)',
    facts: { overPeople: 'uninvolved' },
    category: 'CERTIFIED',
    blockers: [],
    requirements: ['MLIT_APPROVAL', 'JP_LICENSE_1', 'JP_TYPE_1'],
    jpCategory: 'III',
  },
  {
    name: 'JP-CAT-01: a DID flight without 立入管理措置 is Category III',
    facts: { urban: true, accessControlled: false },
    category: 'CERTIFIED',
    blockers: [],
    requirements: ['MLIT_PERMISSION', 'JP_LICENSE_1', 'JP_TYPE_1'],
    jpCategory: 'III',
  },
  {
    name: 'JP-CAT-01: a DID flight with 立入管理措置 is Category II',
    facts: { urban: true, accessControlled: true },
    category: 'SPECIFIC',
    blockers: [],
    absentRequirements: ['JP_LICENSE_1'],
    jpCategory: 'II',
  },
  {
    name: 'JP-AGE-01: a Category III pilot of 16 may hold the licence',
    facts: { overPeople: 'uninvolved', pilotAge: 16 },
    category: 'CERTIFIED',
    blockers: [],
    jpCategory: 'III',
  },
  {
    name: 'JP-AGE-01: a Category III pilot of 15 cannot hold the licence',
    facts: { overPeople: 'uninvolved', pilotAge: 15 },
    category: 'FORBIDDEN',
    blockers: ['PILOT_MIN_AGE'],
    jpCategory: 'III',
  },
  {
    name: 'JP-AGE-01: no age rule applies to a Category II flight',
    facts: { urban: true, pilotAge: 10 },
    category: 'SPECIFIC',
    blockers: [],
    jpCategory: 'II',
  },
];

describe('Japan: unmanned aircraft, permissions, approvals and categories (航空法 132条の85–86)', () => {
  it.each(rows)('$name', (row) => {
    const verdict = classifyRow('JP', row);
    expectVerdict(verdict, row);
    expect(verdict.jpCategory).toBe(row.jpCategory);
    expect(verdict.maxHeightM).toBeNull();
  });
});

describe('Japan: application lead time in 開庁日 (JP-NOT-01/02)', () => {
  it.each([
    ['JP-NOT-01: Category II, flight Monday 2025-07-28, 海の日 (21 July) skipped', { urban: true }, '2025-07-28', 10, '2025-07-11'],
    ['JP-NOT-01: Category II across the year-end closure (29 Dec–3 Jan)', { urban: true }, '2026-01-08', 10, '2025-12-18'],
    ['JP-NOT-01: Category II across Golden Week (29 Apr, 5–6 May)', { urban: true }, '2025-05-12', 10, '2025-04-23'],
    ['JP-NOT-02: Category III needs 20 開庁日', { overPeople: 'uninvolved' }, '2025-07-28', 20, '2025-06-27'],
  ] as const)('%s', (_name, facts, dateISO, noticeWorkingDays, latestSubmissionDateISO) => {
    const verdict = classify('JP', missionFacts({ ...facts, dateISO }));
    expect(verdict).toMatchObject({ noticeWorkingDays, latestSubmissionDateISO });
  });

  it('JP-NOT-01: an application on the latest submission day satisfies the notice', () => {
    const verdict = classify('JP', missionFacts({ urban: true, dateISO: '2025-07-28', applicationDateISO: '2025-07-11' }));
    expect(verdict.noticeSatisfied).toBe(true);
  });

  it('JP-NOT-01: an application on the next office day (2025-07-14) is too late', () => {
    const verdict = classify('JP', missionFacts({ urban: true, dateISO: '2025-07-28', applicationDateISO: '2025-07-14' }));
    expect(verdict.noticeSatisfied).toBe(false);
    expect(verdict.rules.find((rule) => rule.id === 'JP-NOT-01')?.outcome).toBe('fail');
  });

  it('JP-NOT-01: without an application date, "now" passed by the caller is the submission day', () => {
    const verdict = classify('JP', missionFacts({ urban: true, dateISO: '2025-07-28' }), { nowISO: '2025-07-12' });
    expect(verdict.noticeSatisfied).toBe(false);
  });

  it('JP-CAT-01: a Category I flight needs no application and has no lead time', () => {
    const verdict = classify('JP', missionFacts({ dateISO: '2025-07-28' }));
    expect(verdict.noticeWorkingDays).toBeUndefined();
    expect(verdict.latestSubmissionDateISO).toBeUndefined();
  });
});
