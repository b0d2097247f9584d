import type { MultiLineString, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { networks } from '../../../scripts/basemap-sources';

const { roads } = networks();
const positions: Position[] = roads.features.flatMap((road) => (road.geometry as MultiLineString).coordinates.flat());
/** The references of the roads with a position within `radius` degrees of a place. */
const refsNear = ([lon, lat]: [number, number], radius: number) =>
  new Set(
    roads.features
      .filter((road) =>
        (road.geometry as MultiLineString).coordinates.flat().some(([x, y]) => Math.abs(x - lon) < radius && Math.abs(y - lat) < radius),
      )
      .map((road) => road.properties?.ref as string | undefined),
  );

describe("the offline basemap's main roads (OpenStreetMap and Natural Earth, data-seed/basemap/roads.json)", () => {
  it.each([
    ['Rennes, its ring road', [-1.68, 48.11], 'N 136'],
    ['Lyon', [4.84, 45.76], 'A 7'],
    ['Luxembourg', [6.13, 49.61], 'A 1'],
    ['Monaco, the A8 above it', [7.42, 43.74], 'A 8'],
    ['Saarbrücken (Germany)', [7.0, 49.23], 'A 620'],
    ['Palaiseau, the N118 of Île-de-France as before', [2.25, 48.72], 'N 118'],
  ] as const)('reach %s', (_place, centre, ref) => {
    expect(refsNear(centre as [number, number], 0.08)).toContain(ref);
  });

  // Natural Earth's major highways, where the OpenStreetMap extract stops (north of 51.2° N, east of 9.7° E).
  it.each([
    ['Berlin', [13.4, 52.52]],
    ['Hamburg', [10.0, 53.55]],
    ['Munich', [11.58, 48.14]],
    ['Dresden', [13.74, 51.05]],
    ['Hanover', [9.73, 52.37]],
  ] as const)('reach %s', (_place, [lon, lat]) => {
    expect(positions.some(([x, y]) => Math.abs(x - lon) < 0.1 && Math.abs(y - lat) < 0.1)).toBe(true);
  });

  it('are kept to a tenth of a thousandth of a degree (about 10 m), inside France and its neighbours', () => {
    expect(positions.length).toBeGreaterThan(50_000);
    const astray = positions.filter(
      ([lon, lat]) => Math.round(lon * 1e4) / 1e4 !== lon || !(lon >= -6 && lon <= 16 && lat >= 41 && lat <= 56),
    );
    expect(astray).toEqual([]);
  });
});
