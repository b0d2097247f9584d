import { writeFileSync, readFileSync } from 'node:fs';
import type { Feature, FeatureCollection, Point } from 'geojson';
import { OBSTACLE_KINDS, type ObstacleKind, type ObstacleProperties } from '../src/shared/contracts/context-layers';

// Builds data-seed/context/fr-obstacles.geojson, the obstacle layer (docs/map.md "Obstacles"), from the French SIA's
// obstacle list (AIXM 4.5 "Obstacles Model", effective 2021-07-15) as `cquest/aixmParser` converted it to GeoJSON
// (`out/obstacles.geojson`), passed as the argument: `npm run context:obstacles -- path/to/obstacles.geojson`.
// Heights stay in feet as published (AGL height and AMSL elevation of the top); the SIA's French type becomes a kind
// the interface translates. A top published below the obstacle's height (8 pylons at 0 ft) is an elevation the list
// does not know: null.
const OUT = 'data-seed/context/fr-obstacles.geojson';
const DECIMALS = 6;

const KIND_OF_TYPE: Readonly<Record<string, ObstacleKind>> = {
  'Eolienne(s)': 'windTurbine',
  Pylône: 'pylon',
  Mât: 'mast',
  "Château d'eau": 'waterTower',
  Tour: 'tower',
  Bâtiment: 'building',
  Cheminée: 'chimney',
  Silo: 'silo',
  Antenne: 'antenna',
  Grue: 'crane',
  Câble: 'cable',
  'Phare marin': 'lighthouse',
  Torchère: 'flare',
  Terril: 'spoilHeap',
  'Pile de pont': 'bridgePier',
  'Treillis métallique': 'lattice',
  Eglise: 'church',
  'Centrale thermique': 'powerPlant',
  Derrick: 'derrick',
  Portique: 'gantry',
  Autre: 'other',
};

interface SourceProperties {
  type: string;
  name: string;
  codeLight: 'Y' | 'N';
  elevation: string;
  height: string;
  verticalUnit: string;
}

const source = process.argv[2];
if (!source) throw new Error('Usage: npm run context:obstacles -- path/to/obstacles.geojson');
const input = JSON.parse(readFileSync(source, 'utf8')) as FeatureCollection<Point, SourceProperties>;

const feet = (text: string, what: string) => {
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${what} is not a number of feet: ${text}`);
  return value;
};
const round = (value: number) => Math.round(value * 10 ** DECIMALS) / 10 ** DECIMALS;

const features: Feature<Point, ObstacleProperties>[] = input.features.map(({ properties: p, geometry }) => {
  const kind = KIND_OF_TYPE[p.type];
  if (!kind || !OBSTACLE_KINDS.includes(kind)) throw new Error(`Unknown obstacle type ${p.type} (${p.name})`);
  if (p.verticalUnit !== 'FT') throw new Error(`Obstacle ${p.name} is not in feet`);
  const [lon, lat] = geometry.coordinates;
  const heightFt = feet(p.height, `${p.name} height`);
  const elevationFt = feet(p.elevation, `${p.name} elevation`);
  return {
    type: 'Feature',
    properties: {
      kind,
      name: p.name,
      heightFt,
      elevationFt: elevationFt >= heightFt ? elevationFt : null,
      lit: p.codeLight === 'Y',
    },
    geometry: { type: 'Point', coordinates: [round(lon!), round(lat!)] },
  };
});
const text = JSON.stringify({ type: 'FeatureCollection', features } satisfies FeatureCollection);
writeFileSync(OUT, text);
console.log(`${OUT}: ${features.length} obstacles, ${(text.length / 1000).toFixed(0)} kB`);
