import { bbox, booleanIntersects, circle, pointToLineDistance, pointToPolygonDistance } from '@turf/turf';
import type { Feature, LineString, MultiLineString } from 'geojson';
import { beforeAll, describe, expect, it } from 'vitest';
import { contextFacts, createShippedContextLayers } from '../../../server/modules/regulation/context-facts';
import type { Polygon } from '../../../src/shared/geozones/zone';

const layers = createShippedContextLayers();
const inline = {
  intersectsEach: async (area: Polygon, geometries: readonly unknown[]) => geometries.map((g) => booleanIntersects(area, g as Polygon)),
};

/** A disc of `vertices` points, `radiusM` around (lon, lat). */
const disc = (lon: number, lat: number, radiusM: number, vertices: number): Polygon =>
  circle([lon, lat], radiusM, { units: 'meters', steps: vertices }).geometry as Polygon;

type Lines = Feature<LineString | MultiLineString>;

/** The distance turf measures between the area and the shipped road and rail lines within 0.01° of it, vertex by vertex (m). */
function turfDistance(area: Polygon, lines: readonly Lines[]): number {
  const [west, south, east, north] = bbox(area);
  let least = Number.POSITIVE_INFINITY;
  for (const line of lines) {
    const [lineWest, lineSouth, lineEast, lineNorth] = bbox(line);
    if (lineWest > east + 0.01 || lineEast < west - 0.01 || lineSouth > north + 0.01 || lineNorth < south - 0.01) continue;
    const paths = line.geometry.type === 'LineString' ? [line.geometry.coordinates] : line.geometry.coordinates;
    for (const path of paths) {
      const segment: LineString = { type: 'LineString', coordinates: path };
      for (const vertex of area.coordinates[0]!) least = Math.min(least, pointToLineDistance(vertex, segment, { units: 'meters' }));
      for (const point of path) least = Math.min(least, Math.abs(pointToPolygonDistance(point, area, { units: 'meters' })));
    }
  }
  return least;
}

// A vertex of the Paris-Montparnasse railway in the shipped OSM layer, and a point 200 m east of the line there.
const ON_RAIL = [2.31836, 48.8385] as const;
const EAST_OF_RAIL = [2.3225, 48.8372] as const;

describe('context facts from the shipped Île-de-France layers', () => {
  const beside = disc(EAST_OF_RAIL[0], EAST_OF_RAIL[1], 40, 32);
  let expected: number;
  beforeAll(async () => {
    expected = turfDistance(beside, await layers.roadsAndRail());
  }, 60_000);

  it('an area over the railway is 0 m from it', async () => {
    expect((await contextFacts(disc(ON_RAIL[0], ON_RAIL[1], 50, 32), layers, inline)).distanceToRoadM).toBe(0);
  });

  it('an area beside the railway is as far from it as turf measures, to the metre', async () => {
    expect(expected).toBeGreaterThan(30);
    expect(expected).toBeLessThan(1_000);
    const facts = await contextFacts(beside, layers, inline);
    expect(Math.abs((facts.distanceToRoadM ?? Number.NaN) - expected)).toBeLessThanOrEqual(1);
  });

  // The 4,000-gon reaches at most 0.2 m nearer the line than the 32-gon of the same circle.
  it('a detailed area gets a distance no greater than the exact one and within its sampling slack', async () => {
    const area = disc(EAST_OF_RAIL[0], EAST_OF_RAIL[1], 40, 4_000);
    const measured = (await contextFacts(area, layers, inline)).distanceToRoadM ?? Number.NaN;
    expect(measured).toBeLessThanOrEqual(expected + 0.5);
    expect(measured).toBeGreaterThan(expected - 5);
  });

  it('says nothing of an area outside the layers', async () => {
    expect(await contextFacts(disc(-1.68, 48.11, 50, 32), layers, inline)).toEqual({});
  });
});
