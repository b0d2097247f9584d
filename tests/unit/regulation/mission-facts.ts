import { expect } from 'vitest';
import {
  classify,
  type BlockerCode,
  type Category,
  type ClassifyOptions,
  type MissionFacts,
  type RequirementCode,
  type Subcategory,
  type Verdict,
} from '@/shared/regulation';

/** A plain A1 mission in the countryside with a C0 camera drone; each row overrides only what it is about. */
export function missionFacts(overrides: Partial<MissionFacts> = {}): MissionFacts {
  return {
    massGrams: 249,
    classMark: 'C0',
    maxHeightM: 100,
    overPeople: 'none',
    distanceToPeopleM: 200,
    vlos: true,
    urban: false,
    pilotAge: 30,
    pilotCertificates: ['A1A3_EXAM', 'A2_COC'],
    nearAerodrome: false,
    dateISO: '2025-06-10',
    hasCamera: true,
    ...overrides,
  };
}

export interface VerdictRow {
  name: string;
  facts: Partial<MissionFacts>;
  options?: ClassifyOptions;
  category: Category;
  subcategory?: Subcategory;
  /** The exact blocker list, in vocabulary order. */
  blockers: BlockerCode[];
  requirements?: RequirementCode[];
  absentRequirements?: RequirementCode[];
  maxHeightM?: number | null;
  transitional?: boolean;
}

export function expectVerdict(verdict: Verdict, row: VerdictRow): void {
  expect(verdict.category).toBe(row.category);
  expect(verdict.subcategory).toBe(row.subcategory);
  expect(verdict.blockers).toEqual(row.blockers);
  expect(verdict.requirements).toEqual(expect.arrayContaining(row.requirements ?? []));
  for (const absent of row.absentRequirements ?? []) expect(verdict.requirements).not.toContain(absent);
  if (row.maxHeightM !== undefined) expect(verdict.maxHeightM).toBe(row.maxHeightM);
  if (row.transitional !== undefined) expect(verdict.transitional).toBe(row.transitional);
}

export function classifyRow(country: string, row: VerdictRow): Verdict {
  return classify(country, missionFacts(row.facts), row.options);
}
