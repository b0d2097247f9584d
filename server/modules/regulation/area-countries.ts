import { isInEuropeanUnion, iso1A2Code, iso1A3Code } from '@rapideditor/country-coder';
import { booleanPointInPolygon } from '@turf/turf';
import type { AreaCountry } from '../../../src/shared/contracts/regulation';
import type { AreaGeometry, Position } from '../../../src/shared/geozones/zone';
import type { Country } from '../../../src/shared/regulation';

// France's outermost regions are EU territory under French law; its overseas collectivities (PF, NC, WF, PM…) are not.
const FRENCH_EU_TERRITORIES: ReadonlySet<string> = new Set(['FR', 'GP', 'MQ', 'GF', 'RE', 'YT', 'MF']);
// Overseas countries and territories: associated with the EU but outside it, so Reg. (EU) 2019/947 does not apply.
const OVERSEAS_COUNTRIES_AND_TERRITORIES: ReadonlySet<string> = new Set([
  'PF',
  'NC',
  'WF',
  'PM',
  'BL',
  'TF',
  'AW',
  'CW',
  'SX',
  'BQ',
  'GL',
  'FO',
]);
const OWN_REGULATIONS: Readonly<Record<string, Country>> = { LU: 'LU', MC: 'MC', JP: 'JP' };

/** The regulation that applies on a territory: FR, LU, MC, JP their own, another EU member state the EU rules, else none. */
export function regulationOf(territory: string): Country | null {
  if (FRENCH_EU_TERRITORIES.has(territory)) return 'FR';
  if (OVERSEAS_COUNTRIES_AND_TERRITORIES.has(territory)) return null;
  const own = OWN_REGULATIONS[territory];
  if (own) return own;
  return isInEuropeanUnion(territory) ? 'EU' : null;
}

/**
 * The countries of an area (ISO 3166-1 alpha-2) the store holds no zone of, given the countries of the stored zones
 * (alpha-3, as ED-269 and ED-318 write them): their verdicts were decided without geozones.
 */
export function countriesWithoutZones(areaCountries: readonly AreaCountry[], zoneCountries: ReadonlySet<string>): string[] {
  return areaCountries.map((country) => country.code).filter((code) => !zoneCountries.has(iso1A3Code(code) ?? code));
}

const GRID = 12;
const EDGE_STEPS = 8;
/**
 * At most this many points along the boundaries: a detailed area is sampled at every k-th vertex, whose gaps are
 * far finer than the boundaries of country-coder, and its cost per save stays bounded.
 */
const BOUNDARY_SAMPLES_MAX = 4_000;

/**
 * Points of the area that stand for all of it: its vertices, points along its edges (a border may cross an edge
 * between two vertices of the same country), and a grid over the bounding box kept where it falls inside the area.
 */
function samplePoints(area: AreaGeometry): Position[] {
  const polygons = area.type === 'Polygon' ? [area.coordinates] : area.coordinates;
  const edges = polygons.reduce((sum, polygon) => sum + Math.max(0, (polygon[0]?.length ?? 0) - 1), 0);
  const steps = Math.max(1, Math.min(EDGE_STEPS, Math.floor(BOUNDARY_SAMPLES_MAX / Math.max(1, edges))));
  const stride = Math.max(1, Math.ceil(edges / BOUNDARY_SAMPLES_MAX));
  const points: Position[] = [];
  for (const polygon of polygons) {
    const ring = polygon[0] ?? [];
    ring.forEach((point, index) => {
      const next = ring[index + 1];
      if (!next || index % stride !== 0) return;
      for (let step = 0; step < steps; step += 1) {
        const t = step / steps;
        points.push([point[0] + (next[0] - point[0]) * t, point[1] + (next[1] - point[1]) * t]);
      }
    });
    const lons = ring.map((point) => point[0]);
    const lats = ring.map((point) => point[1]);
    const [minLon, maxLon, minLat, maxLat] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
    for (let i = 0; i <= GRID; i += 1)
      for (let j = 0; j <= GRID; j += 1) {
        const point: Position = [minLon + ((maxLon - minLon) * i) / GRID, minLat + ((maxLat - minLat) * j) / GRID];
        if (booleanPointInPolygon(point, { type: 'Polygon', coordinates: polygon })) points.push(point);
      }
  }
  return points;
}

/**
 * The countries (ISO 3166-1 alpha-2 territories, from the offline boundaries of @rapideditor/country-coder) the area
 * lies in, the one holding most of it first, each with the regulation that applies there. Sea outside any territory
 * is left out; an area wholly outside every territory gives an empty list.
 */
export function countriesOfArea(area: AreaGeometry): AreaCountry[] {
  const counts = new Map<string, number>();
  for (const point of samplePoints(area)) {
    const territory = iso1A2Code(point, { level: 'territory' });
    if (territory) counts.set(territory, (counts.get(territory) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([codeA, countA], [codeB, countB]) => countB - countA || codeA.localeCompare(codeB))
    .map(([code]) => ({ code, regulation: regulationOf(code) }));
}
