import { pointToPolygonDistance } from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { signedDistanceM } from '../../../server/modules/conformance/conformance.rules';

const square = (lon: number, lat: number, size: number) => [
  [lon, lat],
  [lon + size, lat],
  [lon + size, lat + size],
  [lon, lat + size],
  [lon, lat],
];
const concave: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [2.1, 48.7],
      [2.2, 48.7],
      [2.2, 48.8],
      [2.15, 48.72],
      [2.1, 48.8],
      [2.1, 48.7],
    ],
  ],
};
const withHole: Polygon = { type: 'Polygon', coordinates: [square(2.0, 48.6, 0.2), square(2.05, 48.65, 0.05).reverse()] };
const multi: MultiPolygon = { type: 'MultiPolygon', coordinates: [[square(2.0, 48.6, 0.01)], withHole.coordinates, concave.coordinates] };

/** A fixed sequence of points around and inside the areas, on their vertices and edges too. */
function points() {
  let seed = 7;
  const next = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 0.4;
  const some: [number, number][] = Array.from({ length: 300 }, () => [1.95 + next(), 48.55 + next()]);
  return [...some, [2.0, 48.6], [2.1, 48.6], [2.05, 48.675], [2.15, 48.72], [2.2, 48.75], [2.3, 48.9]] as [number, number][];
}

describe('signedDistanceM', () => {
  it.each([
    ['a concave polygon', concave],
    ['a polygon with a hole', withHole],
    ['a multipolygon', multi],
  ] as const)('gives what turf pointToPolygonDistance gives (geodesic, metres) for %s', (_name, area) => {
    for (const [lon, lat] of points()) {
      expect(signedDistanceM(area, lon, lat)).toBe(pointToPolygonDistance([lon, lat], area, { units: 'meters' }));
    }
  });
});
