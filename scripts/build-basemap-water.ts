import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { Feature, FeatureCollection, LineString } from 'geojson';

// Builds data-seed/basemap/water.json, the coasts, lakes and rivers of the offline basemap (docs/map.md "Basemap"),
// from GSHHG 2.3.7 at its high resolution (Debian packages `gmt` and `gmt-gshhg-high`: `apt-get install gmt
// gmt-gshhg-high`), read with GMT's `coast` module. Run it again only to change what is shipped: its output is committed,
// the tiles are cut from it at build time (scripts/basemap-tiles.ts).
const OUT = 'data-seed/basemap/water.json';
/** France with Corsica, Monaco, Luxembourg, Germany, and their borders' surroundings. */
export const WATER_REGION = '-6/16/41/56';
const DECIMALS = 4;

/** GMT's `coast` selections: level 1 shorelines (coasts), level 2 (lakes), all permanent rivers (WDBII 1–4). */
const KINDS = [
  ['coast', ['-A0/1/1', '-W']],
  ['lake', ['-A0/2/2', '-W']],
  ['river', ['-Ir']],
] as const;

const round = (value: number) => Math.round(value * 10 ** DECIMALS) / 10 ** DECIMALS;

function segments(options: readonly string[]): { level: number; coordinates: [number, number][] }[] {
  const text = execFileSync('gmt', ['coast', `-R${WATER_REGION}`, '-Dh', '-M', ...options], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const out: { level: number; coordinates: [number, number][] }[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('>')) out.push({ level: Number(/Level (\d+)/.exec(line)?.[1] ?? 0), coordinates: [] });
    else if (line.trim() !== '') {
      const [lon, lat] = line.trim().split(/\s+/).map(Number);
      const position: [number, number] = [round(lon), round(lat)];
      const current = out.at(-1)!.coordinates;
      const last = current.at(-1);
      if (!last || last[0] !== position[0] || last[1] !== position[1]) current.push(position);
    }
  }
  return out.filter((segment) => segment.coordinates.length >= 2);
}

const features: Feature<LineString>[] = KINDS.flatMap(([kind, options]) =>
  segments(options).map(({ level, coordinates }) => ({
    type: 'Feature' as const,
    properties: { kind, level },
    geometry: { type: 'LineString' as const, coordinates },
  })),
);
const collection: FeatureCollection = { type: 'FeatureCollection', features };
const text = JSON.stringify(collection);
writeFileSync(OUT, text);
console.log(`${OUT}: ${features.length} lines, ${(text.length / 1000).toFixed(0)} kB`);
