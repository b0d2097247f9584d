import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { bbox, booleanPointInPolygon, simplify } from '@turf/turf';
import { feature } from 'topojson-client';
import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Polygon, Position } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';

// Builds data-seed/basemap/roads.json, the main roads of the offline basemap (docs/map.md "Basemap"), from two sources
// passed as arguments (`npm run basemap:roads -- path/to/fr-motorways.json path/to/ne_roads.geojson`):
// - an OpenStreetMap extract of France and its neighbours' border regions (`highway=motorway|trunk`, as Overpass gives
//   them, simplified to about 15 m upstream): `mradeck/skycheck-project`'s `data/fr-motorways.json`;
// - Natural Earth's 1:10m major highways of Europe (`GaborFarkas/gaborfarkas.github.io`'s
//   `thesis/res/vector/ne_roads.geojson`), for the rest of Germany: only what lies in Germany (Natural Earth's 1:50m
//   outline, world-atlas) outside the box the OpenStreetMap extract covers, cut where it leaves them.
// Its output is committed, like water.json: the tiles are cut from it at build time (scripts/basemap-tiles.ts), at zoom
// 10 at most, where 30 m is less than a pixel.
const OUT = 'data-seed/basemap/roads.json';
const TOLERANCE_DEGREES = 0.0005;
const DECIMALS = 4;
const GERMANY = '276';
/** Halvings of a segment to find where it crosses an edge: a millionth of a degree on Natural Earth's longest. */
const BISECTIONS = 24;

const [osmSource, naturalEarthSource] = process.argv.slice(2);
if (!osmSource || !naturalEarthSource)
  throw new Error('Usage: npm run basemap:roads -- path/to/fr-motorways.json path/to/ne_roads.geojson');
const readLines = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as FeatureCollection<MultiLineString>;
const osm = readLines(osmSource);
const naturalEarth = readLines(naturalEarthSource);

const round = (value: number) => Math.round(value * 10 ** DECIMALS) / 10 ** DECIMALS;
const roundLine = (line: Position[]) =>
  line
    .map(([lon, lat]) => [round(lon), round(lat)])
    .filter((position, index, all) => index === 0 || position[0] !== all[index - 1][0] || position[1] !== all[index - 1][1]);

function germany(): Feature<Polygon | MultiPolygon> {
  const require = createRequire(import.meta.url);
  const atlas = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as Topology;
  const countries = feature(atlas, atlas.objects.countries as GeometryCollection) as FeatureCollection<Polygon | MultiPolygon>;
  const found = countries.features.find((country) => country.id === GERMANY);
  if (!found) throw new Error('world-atlas has no Germany');
  return found;
}

/** The parts of a line inside a region, each ended where its segment crosses the region's edge. */
function clip(line: Position[], inside: (position: Position) => boolean): Position[][] {
  const crossing = (from: Position, to: Position) => {
    let [a, b] = [from, to];
    for (let i = 0; i < BISECTIONS; i++) {
      const middle = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      if (inside(middle) === inside(from)) a = middle;
      else b = middle;
    }
    return inside(from) ? a : b;
  };
  const parts: Position[][] = [];
  let current: Position[] = [];
  line.forEach((position, index) => {
    const isInside = inside(position);
    if (index > 0 && isInside !== inside(line[index - 1])) {
      current.push(crossing(line[index - 1], position));
      if (!isInside) {
        parts.push(current);
        current = [];
      }
    }
    if (isInside) current.push(position);
  });
  if (current.length > 0) parts.push(current);
  return parts;
}

const [west, south, east, north] = bbox(osm);
const outsideOsm = ([lon, lat]: Position) => lon < west || lon > east || lat < south || lat > north;
const country = germany();
const inGermanyOutsideOsm = (position: Position) => outsideOsm(position) && booleanPointInPolygon(position, country);
const fromNaturalEarth: Feature<MultiLineString>[] = naturalEarth.features.flatMap((road) => {
  const lines = road.geometry.coordinates.flatMap((line) => clip(line, inGermanyOutsideOsm));
  return lines.length > 0 ? [{ type: 'Feature', properties: {}, geometry: { type: 'MultiLineString', coordinates: lines } }] : [];
});

const features: Feature<MultiLineString>[] = [...osm.features, ...fromNaturalEarth].flatMap((road) => {
  const simplified = simplify(road, { tolerance: TOLERANCE_DEGREES, highQuality: true });
  const lines = simplified.geometry.coordinates.map(roundLine).filter((line) => line.length >= 2);
  if (lines.length === 0) return [];
  const ref = road.properties?.ref;
  return [
    { type: 'Feature', properties: typeof ref === 'string' ? { ref } : {}, geometry: { type: 'MultiLineString', coordinates: lines } },
  ];
});
const text = JSON.stringify({ type: 'FeatureCollection', features } satisfies FeatureCollection);
writeFileSync(OUT, text);
const positions = features.reduce((sum, road) => sum + road.geometry.coordinates.reduce((n, line) => n + line.length, 0), 0);
console.log(
  `${OUT}: ${features.length} roads (${fromNaturalEarth.length} from Natural Earth), ${positions} positions, ${(text.length / 1000).toFixed(0)} kB`,
);
