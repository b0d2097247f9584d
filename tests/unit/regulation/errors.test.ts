import { describe, expect, it } from 'vitest';
import { classify, isRegulationError, type RegulationError, type MissionFacts, type RegulationErrorCode } from '@/shared/regulation';
import { missionFacts } from './mission-facts';

function errorOf(action: () => unknown): RegulationError {
  try {
    action();
  } catch (error) {
    if (isRegulationError(error)) return error;
    throw error;
  }
  throw new Error('expected a RegulationError');
}

function withoutField(field: keyof MissionFacts): MissionFacts {
  const { [field]: _removed, ...rest } = missionFacts();
  return rest as MissionFacts;
}

describe('Classification domain errors (spec domain §8)', () => {
  it.each([
    [undefined, 'COUNTRY_UNDETERMINED'],
    [null, 'COUNTRY_UNDETERMINED'],
    ['  ', 'COUNTRY_UNDETERMINED'],
    ['DE', 'REGULATION_NOT_SUPPORTED'],
    ['XX', 'REGULATION_NOT_SUPPORTED'],
  ] as const)('country %j → %s', (country, code: RegulationErrorCode) => {
    expect(errorOf(() => classify(country, missionFacts())).code).toBe(code);
  });

  it('a lower-case country code is accepted', () => {
    expect(classify('fr', missionFacts()).country).toBe('FR');
  });

  it.each(['massGrams', 'dateISO', 'pilotAge'] as const)('missing %s → INSUFFICIENT_DATA naming the field', (field) => {
    const error = errorOf(() => classify('EU', withoutField(field)));
    expect(error.code).toBe('INSUFFICIENT_DATA');
    expect(error.fields).toEqual([field]);
  });

  it('an impossible date → INSUFFICIENT_DATA', () => {
    expect(errorOf(() => classify('EU', missionFacts({ dateISO: '2025-02-30' }))).fields).toEqual(['dateISO']);
  });

  it('an unreadable "now" → INSUFFICIENT_DATA naming nowISO', () => {
    expect(errorOf(() => classify('EU', missionFacts(), { nowISO: 'tomorrow' })).fields).toEqual(['nowISO']);
  });

  it.each([
    ['C0', 250],
    ['C2', 4_000],
    ['C3', 25_000],
    ['C6', 25_000],
  ] as const)('EU-CLASS: a %s of %i g contradicts its class mark → DRONE_NOT_APPROVED', (classMark, massGrams) => {
    expect(errorOf(() => classify('FR', missionFacts({ classMark, massGrams }))).code).toBe('DRONE_NOT_APPROVED');
  });

  it.each([
    ['C0', 249.9],
    ['C2', 3_999],
  ] as const)('EU-CLASS: a %s of %i g is within its class', (classMark, massGrams) => {
    expect(classify('EU', missionFacts({ classMark, massGrams })).category).toBe('OPEN');
  });

  it('EU-CLASS: a C1 of 950 g is not rejected, since C1 also admits an impact energy under 80 J', () => {
    expect(classify('EU', missionFacts({ classMark: 'C1', massGrams: 950 })).subcategory).toBe('A1');
  });

  it('EU-CLASS: class marks are not checked under the Japanese rules', () => {
    expect(classify('JP', missionFacts({ classMark: 'C0', massGrams: 900 })).category).toBe('OPEN');
  });

  it('a mission before Reg. 2019/947 applied (2020-12-30) → REGULATION_NOT_SUPPORTED; 2020-12-31 is classified', () => {
    expect(errorOf(() => classify('FR', missionFacts({ dateISO: '2020-12-30' }))).code).toBe('REGULATION_NOT_SUPPORTED');
    expect(classify('FR', missionFacts({ dateISO: '2020-12-31' })).category).toBe('OPEN');
    expect(errorOf(() => classify('LU', missionFacts({ dateISO: '2020-09-30' }))).code).toBe('REGULATION_NOT_SUPPORTED');
  });

  it('the error message is the code, never an English sentence', () => {
    const error = errorOf(() => classify('DE', missionFacts()));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('RegulationError');
    expect(error.message).toBe('REGULATION_NOT_SUPPORTED');
  });
});
