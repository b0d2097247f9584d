import { readFileSync, writeFileSync } from 'node:fs';
import { simplify } from '@turf/turf';
import type { Feature, FeatureCollection, MultiLineString, Position } from 'geojson';

// Builds data-seed/basemap/roads.json, the motorways and trunk roads of the offline basemap (docs/map.md "Basemap"),
// from an OpenStreetMap extract of France and its neighbours' border regions (`highway=motorway|trunk`, as Overpass
// gives them, simplified to about 15 m upstream): `mradeck/skycheck-project`'s `data/fr-motorways.json`, passed as the
// argument (`npm run basemap:roads -- path/to/fr-motorways.json`). Its output is committed, like water.json: the tiles
// are cut from it at build time (scripts/basemap-tiles.ts), at zoom 10 at most, where 30 m is less than a pixel.
const OUT = 'data-seed/basemap/roads.json';
const TOLERANCE_DEGREES = 0.0005;
const DECIMALS = 4;

const source = process.argv[2];
if (!source) throw new Error('Usage: npm run basemap:roads -- path/to/fr-motorways.json');
const input = JSON.parse(readFileSync(source, 'utf8')) as FeatureCollection<MultiLineString>;

const round = (value: number) => Math.round(value * 10 ** DECIMALS) / 10 ** DECIMALS;
const roundLine = (line: Position[]) =>
  line
    .map(([lon, lat]) => [round(lon), round(lat)])
    .filter((position, index, all) => index === 0 || position[0] !== all[index - 1][0] || position[1] !== all[index - 1][1]);

const features: Feature<MultiLineString>[] = input.features.flatMap((road) => {
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
console.log(`${OUT}: ${features.length} roads, ${positions} positions, ${(text.length / 1000).toFixed(0)} kB`);
