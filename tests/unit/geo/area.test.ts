import { circle } from '@turf/turf';
import type { Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { areaKm2, exceedsMissionArea, totalAreaKm2 } from '../../../src/shared/geo/area';
import { MISSION_MAX_AREA_KM2 } from '../../../src/shared/domain/limits';

// About 1 km × 1 km south of Orly: 0.009° of latitude ≈ 1 km, 0.0136° of longitude ≈ 1 km at 48.7°N.
const square: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [2.35, 48.7],
      [2.3636, 48.7],
      [2.3636, 48.709],
      [2.35, 48.709],
      [2.35, 48.7],
    ],
  ],
};

describe('areaKm2', () => {
  it('measures a 1 km square as about 1 km²', () => {
    expect(areaKm2(square)).toBeCloseTo(1, 1);
  });

  it('accepts a Feature and a MultiPolygon alike', () => {
    expect(areaKm2({ type: 'Feature', properties: {}, geometry: square })).toBeCloseTo(areaKm2(square), 9);
    expect(areaKm2({ type: 'MultiPolygon', coordinates: [square.coordinates, square.coordinates] })).toBeCloseTo(2 * areaKm2(square), 6);
  });

  it('measures a circle of radius 2 km as π·4 km² within 1 %', () => {
    const disc = circle([2.36, 48.72], 2, { units: 'kilometers', steps: 256 });
    expect(areaKm2(disc)).toBeCloseTo(Math.PI * 4, 1);
  });

  it('adds several areas', () => {
    expect(totalAreaKm2([square, square, square])).toBeCloseTo(3 * areaKm2(square), 6);
    expect(totalAreaKm2([])).toBe(0);
  });
});

describe('exceedsMissionArea', () => {
  it.each([
    [MISSION_MAX_AREA_KM2 - 0.01, false],
    [MISSION_MAX_AREA_KM2, false],
    [MISSION_MAX_AREA_KM2 + 0.01, true],
  ])('when the area is %f km² answers %s (limit 10 km²)', (km2, expected) => {
    expect(exceedsMissionArea(km2)).toBe(expected);
  });
});
