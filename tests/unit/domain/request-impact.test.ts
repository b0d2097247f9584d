import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classify,
  evaluateRule,
  IMPACT_RANK,
  type ClassificationRuleInput,
  type ClassificationRuleType,
  type ClassifiedMission,
  type ImpactLevel,
  type TouchedZone,
} from '../../../src/shared/domain/request-impact';
import type { MultiPolygon, Polygon } from '../../../src/shared/geozones/zone';

/** A square of `side` degrees with its south-west corner at (lon, lat). */
function square(lon: number, lat: number, side: number): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lon, lat],
        [lon + side, lat],
        [lon + side, lat + side],
        [lon, lat + side],
        [lon, lat],
      ],
    ],
  };
}
const areasOf = (...polygons: Polygon[]): MultiPolygon => ({
  type: 'MultiPolygon',
  coordinates: polygons.map((polygon) => polygon.coordinates),
});

// About 1.1 km × 0.73 km near Saclay: 0.8 km².
const FIELD = square(2.16, 48.71, 0.01);
const MISSION: ClassifiedMission = {
  areas: areasOf(FIELD),
  maxHeightM: 100,
  startAt: '2026-07-01T08:00:00Z',
  endAt: '2026-07-01T10:00:00Z',
};

function rule(type: ClassificationRuleType, fields: Partial<ClassificationRuleInput> = {}): ClassificationRuleInput {
  return { id: `rule-${type}`, title: type, type, threshold: null, geometry: null, parameters: null, impact: 'medium', ...fields };
}

const zone = (identifier: string, restriction: TouchedZone['restriction'], nfzLevel: number | null = null): TouchedZone => ({
  identifier,
  name: identifier,
  restriction,
  nfzLevel,
});
const ZONES = [zone('LFPO-1', 'PROHIBITED', 7), zone('LFPV', 'REQ_AUTHORISATION', 3), zone('PARK', 'CONDITIONAL')];

interface Row {
  name: string;
  rule: ClassificationRuleInput;
  mission?: Partial<ClassifiedMission>;
  zones?: TouchedZone[];
  matched: boolean;
}

const ROWS: Row[] = [
  { name: 'height over: 100 m > 99 m', rule: rule('heightOver', { threshold: 99 }), matched: true },
  { name: 'height over: 100 m is not over 100 m', rule: rule('heightOver', { threshold: 100 }), matched: false },
  {
    name: 'height over: no height never matches',
    rule: rule('heightOver', { threshold: 0 }),
    mission: { maxHeightM: null },
    matched: false,
  },
  {
    name: 'radial distance below: point inside the area is at 0 m',
    rule: rule('radialDistanceBelow', { threshold: 1, geometry: { type: 'Point', coordinates: [2.165, 48.715] } }),
    matched: true,
  },
  {
    name: 'radial distance below: a point ~740 m east is below 1 km',
    rule: rule('radialDistanceBelow', { threshold: 1000, geometry: { type: 'Point', coordinates: [2.18, 48.715] } }),
    matched: true,
  },
  {
    name: 'radial distance below: a point ~740 m east is not below 500 m',
    rule: rule('radialDistanceBelow', { threshold: 500, geometry: { type: 'Point', coordinates: [2.18, 48.715] } }),
    matched: false,
  },
  {
    name: 'decree 2020 zone: the area overlaps the zone',
    rule: rule('insideDecree2020Zone', { geometry: square(2.165, 48.715, 0.1) }),
    matched: true,
  },
  { name: 'decree 2020 zone: a zone elsewhere', rule: rule('insideDecree2020Zone', { geometry: square(3, 49, 0.1) }), matched: false },
  {
    name: 'decree 2020 prohibited zone: the area lies inside it',
    rule: rule('insideDecree2020ProhibitedZone', { geometry: square(2.1, 48.6, 0.5) }),
    matched: true,
  },
  {
    name: 'decree 2020 prohibited zone: no area never matches',
    rule: rule('insideDecree2020ProhibitedZone', { geometry: square(2.1, 48.6, 0.5) }),
    mission: { areas: null },
    matched: false,
  },
  { name: 'duration over: 120 min > 90 min', rule: rule('durationOver', { threshold: 90 }), matched: true },
  { name: 'duration over: 120 min is not over 120 min', rule: rule('durationOver', { threshold: 120 }), matched: false },
  {
    name: 'easement: touching the plan without a height',
    rule: rule('aeronauticalEasementInteraction', { geometry: square(2.165, 48.715, 0.1) }),
    matched: true,
  },
  {
    name: 'easement: touching the plan below its surface height',
    rule: rule('aeronauticalEasementInteraction', { geometry: square(2.165, 48.715, 0.1), threshold: 150 }),
    matched: false,
  },
  {
    name: 'easement: touching the plan above its surface height',
    rule: rule('aeronauticalEasementInteraction', { geometry: square(2.165, 48.715, 0.1), threshold: 60 }),
    matched: true,
  },
  { name: 'easement: away from the plan', rule: rule('aeronauticalEasementInteraction', { geometry: square(3, 49, 0.1) }), matched: false },
  { name: 'surface over: 0.8 km² > 0.5 km²', rule: rule('surfaceOver', { threshold: 0.5 }), matched: true },
  { name: 'surface over: 0.8 km² is not over 1 km²', rule: rule('surfaceOver', { threshold: 1 }), matched: false },
  { name: 'zone count over: 3 zones > 2', rule: rule('zoneCountOver', { threshold: 2 }), zones: ZONES, matched: true },
  { name: 'zone count over: 3 zones are not over 3', rule: rule('zoneCountOver', { threshold: 3 }), zones: ZONES, matched: false },
  { name: 'zone interaction: any zone when no filter', rule: rule('zoneInteraction'), zones: ZONES, matched: true },
  { name: 'zone interaction: no zone touched', rule: rule('zoneInteraction'), zones: [], matched: false },
  {
    name: 'zone interaction: a prohibited zone is touched',
    rule: rule('zoneInteraction', { parameters: { restrictions: ['PROHIBITED'] } }),
    zones: ZONES,
    matched: true,
  },
  {
    name: 'zone interaction: NFZ level 3 is touched',
    rule: rule('zoneInteraction', { parameters: { nfzLevels: [3, 4] } }),
    zones: ZONES,
    matched: true,
  },
  {
    name: 'zone interaction: both filters must hold on the same zone',
    rule: rule('zoneInteraction', { parameters: { restrictions: ['PROHIBITED'], nfzLevels: [3] } }),
    zones: ZONES,
    matched: false,
  },
  {
    name: 'zone interaction: a zone without NFZ level never passes a level filter',
    rule: rule('zoneInteraction', { parameters: { nfzLevels: [0] } }),
    zones: [zone('PARK', 'CONDITIONAL')],
    matched: false,
  },
];

describe('classification rule types', () => {
  it.each(ROWS)('$name', ({ rule: tested, mission, zones, matched }) => {
    expect(evaluateRule(tested, { ...MISSION, ...mission }, zones ?? []).matched).toBe(matched);
  });

  it('measures the facts it compares', () => {
    expect(evaluateRule(rule('durationOver', { threshold: 1 }), MISSION, []).measured).toBe(120);
    expect(evaluateRule(rule('surfaceOver', { threshold: 1 }), MISSION, []).measured).toBeCloseTo(0.81, 1);
    expect(evaluateRule(rule('zoneCountOver', { threshold: 1 }), MISSION, ZONES).measured).toBe(3);
  });
});

describe('impact level', () => {
  it('is the highest impact among the matching rules', () => {
    const rules = [
      rule('heightOver', { id: 'a', threshold: 50, impact: 'medium' }),
      rule('durationOver', { id: 'b', threshold: 60, impact: 'high' }),
      rule('surfaceOver', { id: 'c', threshold: 5, impact: 'high' }),
    ];
    const result = classify(rules, MISSION, []);
    expect(result.impactLevel).toBe('high');
    expect(result.rules.map((outcome) => [outcome.ruleId, outcome.matched])).toEqual([
      ['a', true],
      ['b', true],
      ['c', false],
    ]);
  });

  it('is low when no rule matches, and when the airspace has none', () => {
    expect(classify([rule('heightOver', { threshold: 500, impact: 'high' })], MISSION, []).impactLevel).toBe('low');
    expect(classify([], MISSION, []).impactLevel).toBe('low');
  });

  it('never goes down when the mission flies higher', () => {
    const impact = fc.constantFrom<ImpactLevel>('low', 'medium', 'high');
    const rules = fc.array(
      fc.record({
        threshold: fc.integer({ min: 0, max: 500 }),
        impact,
        type: fc.constantFrom<ClassificationRuleType>('heightOver', 'durationOver'),
      }),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(rules, fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 500 }), (drawn, height, raise) => {
        const inputs = drawn.map((fields, index) => rule(fields.type, { ...fields, id: String(index) }));
        const before = classify(inputs, { ...MISSION, maxHeightM: height }, []).impactLevel;
        const after = classify(inputs, { ...MISSION, maxHeightM: height + raise }, []).impactLevel;
        expect(IMPACT_RANK[after]).toBeGreaterThanOrEqual(IMPACT_RANK[before]);
      }),
    );
  });
});
