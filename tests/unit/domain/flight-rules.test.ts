import { describe, expect, it } from 'vitest';
import type { MissionEnvelope } from '../../../server/modules/conformance/conformance.rules';
import { bboxOf } from '../../../server/modules/conformance/conformance.rules';
import { assess } from '../../../server/modules/conformance/flight.rules';

// A square of about 1.1 km a side south of Paris; 0.001° of latitude is 111 m.
const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [2.1, 48.7],
      [2.115, 48.7],
      [2.115, 48.71],
      [2.1, 48.71],
      [2.1, 48.7],
    ],
  ],
};
const start = new Date('2026-06-01T10:00:00Z');
const end = new Date('2026-06-01T12:00:00Z');
const mission = (fields: Partial<MissionEnvelope> = {}): MissionEnvelope => ({
  id: 'm',
  title: 'Survey',
  userId: 'u',
  pilotUserIds: [],
  toleranceM: 50,
  area: square,
  areaBox: bboxOf(square),
  reducedAreas: [],
  maxHeightM: 120,
  slots: [{ startAt: start, endAt: end }],
  activations: [],
  managers: [],
  ...fields,
});
const margins = { distanceM: 30, heightM: 10, timeMs: 5 * 60_000 };
const at = (lat: number, heightM: number | null = 50, time = '2026-06-01T11:00:00Z') => ({
  lat,
  lon: 2.1075,
  heightM,
  time: new Date(time),
});

describe('flight conformance rules', () => {
  it.each([
    ['well inside, under the height, in the slot', mission(), at(48.705), 'conforming', [], []],
    ['inside, 22 m from the area edge, the contingency beyond: conforming', mission(), at(48.7098), 'conforming', [], []],
    ['22 m from the edge of an area without contingency: warned', mission({ toleranceM: 0 }), at(48.7098), 'warning', [], ['area']],
    ['outside the area but within the contingency distance: warned', mission(), at(48.7102), 'warning', [], ['area']],
    ['beyond the contingency distance: violating', mission(), at(48.711), 'violating', ['area'], []],
    ['above the maximum height', mission(), at(48.705, 130), 'violating', ['height'], []],
    ['just under the maximum height: warned', mission(), at(48.705, 115), 'warning', [], ['height']],
    ['no height: not checked against the limit', mission(), at(48.705, null), 'conforming', [], []],
    ['after the slot', mission(), at(48.705, 50, '2026-06-01T12:30:00Z'), 'violating', ['slot'], []],
    ['4 minutes before the slot ends: warned', mission(), at(48.705, 50, '2026-06-01T11:56:00Z'), 'warning', [], ['slot']],
    ['no held activation where one is asked', mission({ activations: [[]] }), at(48.705), 'violating', ['activation'], []],
    [
      'the activation ends first: warned for it',
      mission({ activations: [[{ startAt: start, endAt: new Date('2026-06-01T11:02:00Z') }]] }),
      at(48.705),
      'warning',
      [],
      ['activation'],
    ],
    [
      'outside a reduced area granted, inside the mission area',
      mission({
        reducedAreas: [
          {
            airspace: null,
            area: {
              ...square,
              coordinates: [
                [
                  [2.1, 48.7],
                  [2.115, 48.7],
                  [2.115, 48.703],
                  [2.1, 48.703],
                  [2.1, 48.7],
                ],
              ],
            },
          },
        ],
      }),
      at(48.705),
      'violating',
      ['area'],
      [],
    ],
  ] as const)('%s', (_name, envelope, position, state, violations, warnings) => {
    const result = assess(envelope, position, margins);
    expect(result.state).toBe(state);
    expect([...result.violations.keys()]).toEqual(violations);
    expect([...result.warnings]).toEqual(warnings);
  });

  it('measures the edge with the contingency and the breach beyond it', () => {
    const inside = assess(mission(), at(48.705), margins);
    const outside = assess(mission(), at(48.711), margins);

    expect(inside.edgeDistanceM).toBeCloseTo(50 + 555, -1);
    expect(outside.violations.get('area')).toBeCloseTo(111 - 50, -1);
    expect(outside.edgeDistanceM).toBeCloseTo(-61, -1);
    expect(inside.slotEndsAt).toEqual(end);
  });
});
