import type { Feature, Polygon } from 'geojson';
import { shapesFromFeatures } from './drawn-shapes';
import { importShapes, ShapeFileError } from './import-shapes';

export type TypedAreaErrorCode = 'EMPTY' | 'BAD_LINE' | 'OUT_OF_RANGE' | 'TOO_FEW_POINTS' | 'INVALID_GEOJSON' | 'NO_AREA';

/** Why typed coordinates make no area; `line` (from 1) when one line is at fault. */
export class TypedAreaError extends Error {
  constructor(
    readonly code: TypedAreaErrorCode,
    readonly line?: number,
  ) {
    super(line === undefined ? code : `${code} (line ${line})`);
    this.name = 'TypedAreaError';
  }
}

// "48.71, 2.17", "48.71;2.17", "48,71 2,17" is not accepted (a decimal comma is ambiguous with the separator).
const LINE = /^\s*(-?\d+(?:\.\d+)?)\s*[,;\s]\s*(-?\d+(?:\.\d+)?)\s*$/;

/**
 * The areas of text typed or pasted beside the map: GeoJSON (anything `importShapes` reads), or one corner a line as
 * "latitude, longitude" in decimal degrees, the order people copy from a map or a GPS. Keyboard entry beside the mouse.
 */
export function parseTypedArea(text: string, parseXml: (text: string) => Document): Feature<Polygon>[] {
  const trimmed = text.trim();
  if (trimmed === '') throw new TypedAreaError('EMPTY');
  if (trimmed.startsWith('{')) {
    let areas: Feature<Polygon>[];
    try {
      areas = importShapes(trimmed, 'geojson', parseXml).areas;
    } catch (error) {
      if (error instanceof ShapeFileError && error.code === 'EMPTY_FILE') throw new TypedAreaError('NO_AREA');
      throw new TypedAreaError('INVALID_GEOJSON');
    }
    if (areas.length === 0) throw new TypedAreaError('NO_AREA');
    return areas;
  }
  const corners: [number, number][] = [];
  trimmed.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === '') return;
    const match = LINE.exec(raw);
    if (!match) throw new TypedAreaError('BAD_LINE', index + 1);
    const [lat, lon] = [Number(match[1]), Number(match[2])];
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) throw new TypedAreaError('OUT_OF_RANGE', index + 1);
    corners.push([lon, lat]);
  });
  const { areas } = shapesFromFeatures([{ geometry: { type: 'Polygon', coordinates: [[...corners, corners[0]]] }, properties: {} }]);
  if (areas.length === 0) throw new TypedAreaError('TOO_FEW_POINTS');
  return areas;
}
