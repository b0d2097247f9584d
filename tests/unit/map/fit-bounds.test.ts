import { describe, expect, it } from 'vitest';
import { boundsOf } from '../../../src/components/map/fit-bounds';

describe('boundsOf', () => {
  it('spans every position of geometries, features and collections together', () => {
    expect(
      boundsOf(
        {
          type: 'MultiPolygon',
          coordinates: [
            [
              [
                [2.1, 48.7],
                [2.2, 48.7],
                [2.2, 48.8],
                [2.1, 48.7],
              ],
            ],
          ],
        },
        {
          type: 'FeatureCollection',
          features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [6.1, 49.6, 300] } }],
        },
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'LineString',
            coordinates: [
              [-1.7, 48.1],
              [-1.6, 48.2],
            ],
          },
        },
      ),
    ).toEqual([-1.7, 48.1, 6.1, 49.6]);
  });

  it('is null for nothing to fit', () => {
    expect(boundsOf(null, undefined, { type: 'FeatureCollection', features: [] })).toBeNull();
  });
});
