import { describe, expect, it } from 'vitest';
import { feetOf, missionAreaIssue, missionAreaKm2, missionFormSchema, type MissionAreas } from '../../../src/shared/contracts/missions';
import { ageOn, CERTIFICATE_OF_SKILL } from '../../../server/modules/missions/missions.regulation';

/** A square of `sideDeg` at the equator, where a degree is about 111.3 km on each axis. */
const square = (sideDeg: number): MissionAreas => ({
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [0, 0],
        [sideDeg, 0],
        [sideDeg, sideDeg],
        [0, sideDeg],
        [0, 0],
      ],
    ],
  ],
});

describe('mission area', () => {
  it.each([
    ['no areas', undefined, 'MISSION_NO_AREA'],
    ['null', null, 'MISSION_NO_AREA'],
    ['an empty MultiPolygon', { type: 'MultiPolygon', coordinates: [] } as MissionAreas, 'MISSION_NO_AREA'],
    ['about 9.9 km²', square(0.0282), null],
    ['about 10.1 km²', square(0.0286), 'MISSION_AREA_TOO_LARGE'],
  ])('%s → %s', (_case, areas, issue) => {
    expect(missionAreaIssue(areas)).toBe(issue);
  });

  it('measures the area in km² with turf', () => {
    expect(missionAreaKm2(square(0.0282))).toBeCloseTo(9.85, 1);
    expect(missionAreaKm2(null)).toBe(0);
  });

  it('the form schema reports the area rules as validation keys', () => {
    const result = missionFormSchema.safeParse({ title: 'T', areas: square(0.1) });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain('validation:missionAreaTooLarge');
  });
});

describe('heights', () => {
  it.each([
    [0, 0],
    [50, 164],
    [120, 394],
    [121.92, 400],
  ])('%s m is %s ft', (metres, feet) => {
    expect(feetOf(metres)).toBe(feet);
  });
});

describe('regulation facts of a mission', () => {
  it.each([
    ['2008-07-01', '2026-07-01', 18],
    ['2008-07-02', '2026-07-01', 17],
    ['2012-02-29', '2026-02-28', 13],
    ['2012-02-29', '2026-03-01', 14],
  ])('born %s, on %s the pilot is %s', (birth, day, age) => {
    expect(ageOn(new Date(birth), day)).toBe(age);
  });

  it('maps the open and specific skill documents to certificates, and nothing else', () => {
    expect(CERTIFICATE_OF_SKILL).toEqual({ openA1A3: 'A1A3_EXAM', openA2: 'A2_COC', specificSts: 'STS_THEORY' });
  });
});
