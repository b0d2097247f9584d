// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { parseTypedArea, TypedAreaError } from '../../../src/shared/geo/typed-area';

const parseXml = (text: string) => new DOMParser().parseFromString(text, 'application/xml');

function errorOf(text: string): { code: string; line?: number } {
  try {
    parseTypedArea(text, parseXml);
  } catch (error) {
    if (error instanceof TypedAreaError) return { code: error.code, ...(error.line === undefined ? {} : { line: error.line }) };
    throw error;
  }
  throw new Error('no error');
}

describe('parseTypedArea', () => {
  it('reads "lat, lon" lines (commas, semicolons or spaces, blank lines ignored) into a closed area of lon/lat', () => {
    const [area] = parseTypedArea('48.7294, 2.1640\n48.7295;2.1712\n\n48.7253 2.1713\n48.7252, 2.1642\n', parseXml);
    expect(area.geometry.coordinates).toEqual([
      [
        [2.164, 48.7294],
        [2.1712, 48.7295],
        [2.1713, 48.7253],
        [2.1642, 48.7252],
        [2.164, 48.7294],
      ],
    ]);
  });

  it('accepts a ring typed closed, and rounds pasted coordinates of many decimals', () => {
    const [area] = parseTypedArea(
      '48.729415304666171, 2.16402398513792\n48.73, 2.17\n48.72, 2.17\n48.729415304666171, 2.16402398513792',
      parseXml,
    );
    expect(area.geometry.coordinates[0]).toHaveLength(4);
    expect(area.geometry.coordinates[0][0]).toEqual([2.164024, 48.7294153]);
  });

  it('reads pasted GeoJSON, keeping its areas only', () => {
    const geojson = JSON.stringify({
      type: 'Polygon',
      coordinates: [
        [
          [2.1, 48.1, 0],
          [2.2, 48.1, 0],
          [2.2, 48.2, 0],
          [2.1, 48.1, 0],
        ],
      ],
    });
    expect(parseTypedArea(geojson, parseXml)[0].geometry.coordinates[0]).toEqual([
      [2.1, 48.1],
      [2.2, 48.1],
      [2.2, 48.2],
      [2.1, 48.1],
    ]);
  });

  it('says why typed text makes no area, with the line at fault', () => {
    expect(errorOf('   ')).toEqual({ code: 'EMPTY' });
    expect(errorOf('48.1, 2.1\nforty-eight, two\n48.2, 2.2')).toEqual({ code: 'BAD_LINE', line: 2 });
    expect(errorOf('48.1, 2.1\n48.1, 2.2\n98.2, 2.2')).toEqual({ code: 'OUT_OF_RANGE', line: 3 });
    expect(errorOf('48.1, 2.1\n48.2, 2.2')).toEqual({ code: 'TOO_FEW_POINTS' });
    expect(errorOf('{"type": "Polygon"')).toEqual({ code: 'INVALID_GEOJSON' });
    expect(errorOf('{"type": "Point", "coordinates": [2.1, 48.1]}')).toEqual({ code: 'NO_AREA' });
  });
});
