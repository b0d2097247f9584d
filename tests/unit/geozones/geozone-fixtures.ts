import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { destination } from '@turf/turf';
import type { GeozoneParseResult } from '@/shared/geozones/geozone-file-error';
import { parseGeozoneFile } from '@/shared/geozones/parse';
import type { Polygon, Position, Zone } from '@/shared/geozones/zone';

const SEED_DIR = fileURLToPath(new URL('../../../data-seed/geozones/', import.meta.url));

/** The shipped files, copied byte for byte from shared/data (see data-seed/geozones/ATTRIBUTION.md). */
export function readSeedFile(name: string): string {
  return readFileSync(`${SEED_DIR}${name}`, 'utf8');
}

const parsedSeedFiles = new Map<string, GeozoneParseResult>();

/** Parsed once per test file: the French file takes a noticeable fraction of a second. Do not mutate the result. */
export function parseSeedFile(name: string): GeozoneParseResult {
  const cached = parsedSeedFiles.get(name);
  if (cached) return cached;
  const result = parseGeozoneFile(readSeedFile(name));
  parsedSeedFiles.set(name, result);
  return result;
}

export function squareAround([lon, lat]: Position, halfSideDeg: number): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lon - halfSideDeg, lat - halfSideDeg],
        [lon + halfSideDeg, lat - halfSideDeg],
        [lon + halfSideDeg, lat + halfSideDeg],
        [lon - halfSideDeg, lat + halfSideDeg],
        [lon - halfSideDeg, lat - halfSideDeg],
      ],
    ],
  };
}

/** A thin triangle pointing at `center`, whose tip is `tipDistanceM` away and whose other points lie further out. */
export function triangleTippingAt(center: Position, tipDistanceM: number, bearingDeg = 0): Polygon {
  const at = (distanceM: number, bearing: number) =>
    destination(center, distanceM, bearing, { units: 'meters' }).geometry.coordinates as Position;
  const tip = at(tipDistanceM, bearingDeg);
  return {
    type: 'Polygon',
    coordinates: [[tip, at(tipDistanceM + 200, bearingDeg + 1), at(tipDistanceM + 200, bearingDeg - 1), tip]],
  };
}

/** A valid raw ED-269 airspace volume: a 0.02° square over Paris, 0–120 m AGL. */
export function rawVolume(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    uomDimensions: 'M',
    lowerLimit: 0,
    lowerVerticalReference: 'AGL',
    upperLimit: 120,
    upperVerticalReference: 'AGL',
    horizontalProjection: squareAround([2.35, 48.85], 0.01),
    ...overrides,
  };
}

/** A valid raw ED-269 zone (UASZoneVersion); override any field. */
export function rawZone(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    identifier: 'TST001',
    country: 'FRA',
    name: 'Test zone',
    type: 'COMMON',
    restriction: 'PROHIBITED',
    reason: ['AIR_TRAFFIC'],
    applicability: [{ permanent: 'YES' }],
    zoneAuthority: [{ name: 'DGAC', purpose: 'AUTHORIZATION' }],
    geometry: [rawVolume()],
    ...overrides,
  };
}

/** Parses raw ED-269 zones through the public entry point and insists that every one is accepted. */
export function zonesFrom(...raws: Record<string, unknown>[]): Zone[] {
  const result = parseGeozoneFile(JSON.stringify({ features: raws }));
  if (result.errors.length > 0) throw new Error(`fixture zones rejected: ${JSON.stringify(result.errors)}`);
  return result.zones;
}
