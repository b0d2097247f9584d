import { describe, expect, it } from 'vitest';
import { classify, type GeozoneFact } from '@/shared/regulation';
import { classifyRow, expectVerdict, missionFacts, type VerdictRow } from './mission-facts';

function zone(overrides: Partial<GeozoneFact>): GeozoneFact {
  return { identifier: 'LU-TEST', name: 'Test zone', restriction: 'PROHIBITED', lowerLimitM: 0, upperLimitM: 120, ...overrides };
}

const rows: VerdictRow[] = [
  {
    name: 'GZ-03-P: a prohibited zone from the ground forbids the flight',
    facts: { geozones: [zone({ lowerLimitM: 0 })] },
    category: 'FORBIDDEN',
    blockers: ['GEOZONE_PROHIBITED'],
    maxHeightM: 0,
  },
  {
    name: 'GZ-02: a prohibited zone starting exactly at the planned 100 m only caps the height',
    facts: { maxHeightM: 100, geozones: [zone({ lowerLimitM: 100 })] },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    maxHeightM: 100,
  },
  {
    name: 'GZ-02: a prohibited zone from 50 m above a flight capped at 40 m caps the height at 50 m',
    facts: { maxHeightM: 40, geozones: [zone({ lowerLimitM: 50 })] },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    maxHeightM: 50,
  },
  {
    name: 'GZ-03-P: flying at 50.1 m into a prohibited zone starting at 50 m is forbidden, the cap is 50 m',
    facts: { maxHeightM: 50.1, geozones: [zone({ lowerLimitM: 50 })] },
    category: 'FORBIDDEN',
    blockers: ['GEOZONE_PROHIBITED'],
    maxHeightM: 50,
  },
  {
    name: 'GZ-03-A: a zone requiring authorisation adds ZONE_AUTHORISATION without changing the category',
    facts: { geozones: [zone({ restriction: 'REQ_AUTHORISATION' })] },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    requirements: ['ZONE_AUTHORISATION'],
    maxHeightM: 120,
  },
  {
    name: 'GZ-02: a zone requiring authorisation from 50 m does not apply to a flight capped at 50 m',
    facts: { maxHeightM: 50, geozones: [zone({ restriction: 'REQ_AUTHORISATION', lowerLimitM: 50 })] },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    absentRequirements: ['ZONE_AUTHORISATION'],
  },
  {
    name: 'GZ-03-C: a conditional zone (LU HELIS 50–120 m AGL) adds ZONE_NOTIFICATION',
    facts: { geozones: [zone({ identifier: 'HELIS1', restriction: 'CONDITIONAL', lowerLimitM: 50, upperLimitM: 120 })] },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    requirements: ['ZONE_NOTIFICATION'],
  },
  {
    name: 'GZ-03-N: a zone without restriction is information only',
    facts: { geozones: [zone({ restriction: 'NO_RESTRICTION', upperLimitM: null })] },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    absentRequirements: ['ZONE_AUTHORISATION', 'ZONE_NOTIFICATION'],
  },
  {
    name: 'GZ-04: a two-volume zone (authorisation 0–50 m, prohibited from 60 m) at 55 m needs the authorisation, capped at 60 m',
    facts: {
      maxHeightM: 55,
      geozones: [
        zone({ identifier: 'A12', restriction: 'REQ_AUTHORISATION', lowerLimitM: 0, upperLimitM: 50 }),
        zone({ identifier: 'A12', restriction: 'PROHIBITED', lowerLimitM: 60, upperLimitM: 120 }),
      ],
    },
    category: 'OPEN',
    subcategory: 'A1',
    blockers: [],
    requirements: ['ZONE_AUTHORISATION'],
    maxHeightM: 60,
  },
];

describe('Geozones: consequences of the applicable zones (regulation.md §5.3)', () => {
  it.each(rows)('$name', (row) => expectVerdict(classifyRow('LU', row), row));

  it('GZ-03-P: the rule result names the zones that forbid the flight', () => {
    const verdict = classify(
      'EU',
      missionFacts({ geozones: [zone({ identifier: 'P1' }), zone({ identifier: 'P2', lowerLimitM: 150, upperLimitM: 300 })] }),
    );
    expect(verdict.rules.find((rule) => rule.id === 'GZ-03-P')).toMatchObject({ outcome: 'fail', subjects: ['P1'] });
  });

  it('GZ-03-P: a prohibited zone forbids a Japanese or Monegasque flight as well', () => {
    const facts = missionFacts({ geozones: [zone({})] });
    expect(classify('JP', facts).category).toBe('FORBIDDEN');
    expect(classify('MC', facts).category).toBe('FORBIDDEN');
  });

  it.each([
    ['2025-06-10', 'pass'],
    ['2025-06-11', 'fail'],
  ] as const)('GZ-03-NOTICE: a 10-day interval before a flight on 2025-06-20, contacted on %s → %s', (nowISO, outcome) => {
    const facts = missionFacts({ dateISO: '2025-06-20', geozones: [zone({ restriction: 'REQ_AUTHORISATION', intervalBeforeDays: 10 })] });
    const result = classify('LU', facts, { nowISO }).rules.find((rule) => rule.id === 'GZ-03-NOTICE');
    expect(result).toMatchObject({ outcome, params: { latestContactDateISO: '2025-06-10', intervalBeforeDays: 10 } });
  });

  it('GZ-03-NOTICE: without "now" the latest contact date is given for information', () => {
    const facts = missionFacts({ dateISO: '2025-06-20', geozones: [zone({ restriction: 'CONDITIONAL', intervalBeforeDays: 3 })] });
    const result = classify('LU', facts).rules.find((rule) => rule.id === 'GZ-03-NOTICE');
    expect(result).toMatchObject({ outcome: 'info', params: { latestContactDateISO: '2025-06-17' } });
  });
});
