// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importShapes } from '../../../src/shared/geo/import-shapes';

const parseXml = (text: string) => new DOMParser().parseFromString(text, 'application/xml');
const fixture = (name: string) => readFileSync(path.resolve('tests/fixtures/shapes', name), 'utf8');
const trackFixture = (name: string) => readFileSync(path.resolve('tests/fixtures/tracks', name), 'utf8');

const decimals = (value: number) => (String(value).split('.')[1] ?? '').length;

describe('imported coordinates are what the drawing accepts', () => {
  it('reads a Google Earth KML whose coordinates carry an altitude (lon,lat,0) as 2D positions', () => {
    const shapes = importShapes(fixture('google-earth-field.kml'), 'kml', parseXml);
    expect(shapes.areas).toHaveLength(1);
    expect(shapes.areas[0].properties).toEqual({ name: 'Champ Saclay' });
    const ring = shapes.areas[0].geometry.coordinates[0];
    expect(ring).toHaveLength(5);
    expect(ring.every((position) => position.length === 2)).toBe(true);
    expect(ring[0]).toEqual([2.164024, 48.7294153]);
    expect(ring.at(-1)).toEqual(ring[0]);
    expect(shapes.waypoints.map((point) => point.geometry.coordinates)).toEqual([[2.1675193, 48.7273711]]);
  });

  it("reads Google's KML samples: every polygon, the Pentagon with its courtyard as a hole, 3D points in 2D", () => {
    const shapes = importShapes(fixture('google-kml-samples.kml'), 'kml', parseXml);
    // Nine <Polygon>s in the file: four Google buildings, the Pentagon, four Grand Canyon structures.
    expect(shapes.areas).toHaveLength(9);
    const pentagon = shapes.areas.find((area) => area.properties?.name === 'The Pentagon')!;
    expect(pentagon.geometry.coordinates).toHaveLength(2);
    // The file's own first corners, written lon,lat,100 (relative to ground).
    expect(pentagon.geometry.coordinates[0][0]).toEqual([-77.0578846, 38.8725326]);
    expect(pentagon.geometry.coordinates[1][0]).toEqual([-77.0566806, 38.8715424]);
    expect(shapes.areas.flatMap((area) => area.geometry.coordinates.flat()).every((position) => position.length === 2)).toBe(true);
    // "Floating placemark" is written -122.084075,37.4220033612141,50.
    expect(shapes.waypoints.map((point) => point.geometry.coordinates)).toContainEqual([-122.084075, 37.4220034]);
  });

  it('rounds a QGIS GeoJSON of 15 decimals with a Z value to 7 decimals and two dimensions', () => {
    const shapes = importShapes(fixture('qgis-field.geojson'), 'geojson', parseXml);
    const ring = shapes.areas[0].geometry.coordinates[0];
    expect(ring).toHaveLength(5);
    for (const position of ring) {
      expect(position).toHaveLength(2);
      expect(Math.max(...position.map(decimals))).toBeLessThanOrEqual(7);
    }
    expect(ring[1]).toEqual([2.1711602, 48.7295128]);
  });

  it("reads IGN's Vaucluse, a MultiPolygon of two parts (the Enclave des Papes apart), as two areas", () => {
    const shapes = importShapes(fixture('ign-vaucluse.geojson'), 'geojson', parseXml);
    // Python's json: 2 polygons of one ring each, 188 and 842 corners, no hole.
    expect(shapes.areas.map((area) => area.geometry.coordinates.map((ring) => ring.length))).toEqual([[188], [842]]);
    expect(shapes.areas[0].geometry.coordinates[0][0]).toEqual([4.89291, 44.36482]);
    expect(shapes.areas[1].geometry.coordinates[0][0]).toEqual([4.64922, 44.27036]);
    expect(shapes.waypoints).toEqual([]);
  });

  it("reads GPSBabel's GPX of a Garmin walk, every point in 3D (lat, lon, ele), as 2D waypoints", () => {
    const shapes = importShapes(trackFixture('gpsbabel-garmin-cerknica.gpx'), 'gpx', parseXml);
    // gpxpy: 7 waypoints (6 with an <ele>) and 8 open tracks of 296 points in all, each with its <ele>.
    expect(shapes.areas).toEqual([]);
    expect(shapes.waypoints).toHaveLength(296 + 7);
    expect(shapes.waypoints.every((point) => point.geometry.coordinates.length === 2)).toBe(true);
    expect(shapes.waypoints[0].geometry.coordinates).toEqual([14.3576592, 45.772175]);
    // <wpt lat="45.757933259" lon="14.294899916"><ele>-0.114380</ele><name>BACK T TH</name>
    expect(shapes.waypoints).toContainEqual({
      type: 'Feature',
      properties: { name: 'BACK T TH' },
      geometry: { type: 'Point', coordinates: [14.2948999, 45.7579333] },
    });
  });

  it('drops the corners that rounding merges and an area left with fewer than three', () => {
    const tiny = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [2.1, 48.1],
                [2.100000001, 48.100000001],
                [2.2, 48.1],
                [2.2, 48.2],
                [2.1, 48.1],
              ],
            ],
          },
        },
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [3.1, 48.1],
                [3.100000001, 48.1],
                [3.1, 48.100000001],
                [3.1, 48.1],
              ],
            ],
          },
        },
      ],
    });
    const shapes = importShapes(tiny, 'geojson', parseXml);
    expect(shapes.areas.map((area) => area.geometry.coordinates[0])).toEqual([
      [
        [2.1, 48.1],
        [2.2, 48.1],
        [2.2, 48.2],
        [2.1, 48.1],
      ],
    ]);
  });
});
