import { afterEach, describe, expect, it, vi } from 'vitest';
import { classify, COUNTRIES } from '@/shared/regulation';
import { missionFacts } from './mission-facts';

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const entry of Object.values(value)) deepFreeze(entry);
    Object.freeze(value);
  }
  return value;
}

const FACTS = missionFacts({
  classMark: 'C2',
  massGrams: 900,
  urban: true,
  distanceToPeopleM: 30,
  declarationDateISO: '2025-06-01',
  applicationDateISO: '2025-06-01',
  geozones: [{ identifier: 'Z1', name: 'Zone', restriction: 'REQ_AUTHORISATION', lowerLimitM: 0, upperLimitM: 120, intervalBeforeDays: 5 }],
});

describe('The engine is a pure function of its inputs', () => {
  afterEach(() => vi.useRealTimers());

  it.each(COUNTRIES)('%s: the verdict does not depend on the system clock', (country) => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2020-01-01T00:00:00Z'));
    const before = classify(country, FACTS);
    vi.setSystemTime(new Date('2030-06-15T12:00:00Z'));
    expect(classify(country, FACTS)).toEqual(before);
  });

  it.each(COUNTRIES)('%s: the mission facts are not mutated', (country) => {
    const frozen = deepFreeze(structuredClone(FACTS));
    expect(() => classify(country, frozen)).not.toThrow();
    expect(frozen).toEqual(FACTS);
  });

  it('the mission date, not today, decides which rule applies', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const legacy = missionFacts({ classMark: 'none', massGrams: 400, urban: true, distanceToPeopleM: 60 });
    expect(classify('EU', { ...legacy, dateISO: '2023-12-31' }).subcategory).toBe('A1');
    expect(classify('EU', { ...legacy, dateISO: '2024-01-01' }).category).toBe('SPECIFIC');
  });
});
