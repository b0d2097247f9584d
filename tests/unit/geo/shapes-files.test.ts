// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { DrawnShapes } from '../../../src/shared/geo/drawn-shapes';
import { exportGeoJson, exportGpx, exportKml } from '../../../server/modules/missions/export-shapes';
import { importShapes, shapeFormatOf, ShapeFileError } from '../../../src/shared/geo/import-shapes';

const parseXml = (text: string) => new DOMParser().parseFromString(text, 'application/xml');

const shapes: DrawnShapes = {
  areas: [
    {
      type: 'Feature',
      properties: { name: 'Field <north> & co' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [2.35, 48.7],
            [2.36, 48.7],
            [2.36, 48.71],
            [2.35, 48.71],
            [2.35, 48.7],
          ],
          [
            [2.352, 48.702],
            [2.354, 48.702],
            [2.354, 48.704],
            [2.352, 48.702],
          ],
        ],
      },
    },
  ],
  waypoints: [
    { type: 'Feature', properties: { name: 'Take-off' }, geometry: { type: 'Point', coordinates: [2.351, 48.701] } },
    { type: 'Feature', properties: { name: 'Turn' }, geometry: { type: 'Point', coordinates: [2.359, 48.709] } },
    { type: 'Feature', properties: { name: 'Landing' }, geometry: { type: 'Point', coordinates: [2.355, 48.705] } },
  ],
};

const coordinatesOf = (result: DrawnShapes) => ({
  areas: result.areas.map((area) => area.geometry.coordinates),
  waypoints: result.waypoints.map((point) => point.geometry.coordinates),
});

describe('mission shapes: export and import round trips', () => {
  it('GeoJSON keeps areas, holes, waypoints and names', () => {
    expect(importShapes(exportGeoJson(shapes), 'geojson', parseXml)).toEqual(shapes);
  });

  it('KML keeps areas with their holes, waypoints and names, with XML characters escaped', () => {
    const kml = exportKml(shapes, 'Mission & test');
    expect(kml).toContain('<name>Field &lt;north&gt; &amp; co</name>');

    const back = importShapes(kml, 'kml', parseXml);

    expect(coordinatesOf(back)).toEqual(coordinatesOf(shapes));
    expect(back.areas[0]?.properties).toEqual({ name: 'Field <north> & co' });
    expect(back.waypoints.map((point) => point.properties?.name)).toEqual(['Take-off', 'Turn', 'Landing']);
  });

  it('GPX writes the waypoints as one route, in order, and reads them back as waypoints', () => {
    const gpx = exportGpx(shapes, 'Route');
    expect(gpx.match(/<rtept /g)).toHaveLength(3);
    expect(gpx).not.toContain('<trk>');

    const back = importShapes(gpx, 'gpx', parseXml);

    expect(back.areas).toEqual([]);
    expect(back.waypoints.map((point) => point.geometry.coordinates)).toEqual(coordinatesOf(shapes).waypoints);
  });
});

describe('mission shapes: names that are XML markup', () => {
  const title = `Survey <b> & "north" 'field' ]]> <![CDATA[x]]> end`;
  const named: DrawnShapes = {
    areas: shapes.areas.map((area) => ({ ...area, properties: { name: title } })),
    waypoints: shapes.waypoints.map((point) => ({ ...point, properties: { name: `${title} WP` } })),
  };
  const names = (document: Document) => [...document.getElementsByTagName('name')].map((name) => name.textContent);

  it('KML: the document, area and waypoint names read back from a real parser as written', () => {
    const kml = parseXml(exportKml(named, title));

    expect(kml.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(names(kml)).toEqual([title, title, `${title} WP`, `${title} WP`, `${title} WP`]);
    expect(importShapes(exportKml(named, title), 'kml', parseXml).areas[0]?.properties).toEqual({ name: title });
  });

  it('GPX: the route and waypoint names read back from a real parser as written', () => {
    const gpx = parseXml(exportGpx(named, title));

    expect(gpx.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(names(gpx)).toEqual([title, `${title} WP`, `${title} WP`, `${title} WP`]);
  });
});

describe('importShapes', () => {
  it('reads a closed GPX track as an area', () => {
    const track =
      '<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Field</name><trkseg>' +
      '<trkpt lat="48.7" lon="2.35"/><trkpt lat="48.7" lon="2.36"/><trkpt lat="48.71" lon="2.36"/><trkpt lat="48.7" lon="2.35"/>' +
      '</trkseg></trk></gpx>';

    const back = importShapes(track, 'gpx', parseXml);

    expect(back.waypoints).toEqual([]);
    expect(back.areas[0]?.geometry.coordinates[0]).toHaveLength(4);
    expect(back.areas[0]?.properties).toEqual({ name: 'Field' });
  });

  it('splits a MultiPolygon into areas and accepts a bare geometry and a BOM', () => {
    const multi = { type: 'MultiPolygon', coordinates: [shapes.areas[0]?.geometry.coordinates, shapes.areas[0]?.geometry.coordinates] };
    expect(importShapes('\uFEFF' + JSON.stringify(multi), 'geojson', parseXml).areas).toHaveLength(2);
  });

  it.each([
    ['geojson', '{not json'],
    ['geojson', '{"type":"Topology"}'],
    ['kml', '<kml><Document>'],
  ] as const)('rejects a broken %s file as INVALID_FILE', (format, text) => {
    expect(() => importShapes(text, format, parseXml)).toThrow(new ShapeFileError('INVALID_FILE'));
  });

  it('rejects a file with no area and no waypoint as EMPTY_FILE', () => {
    expect(() => importShapes('{"type":"FeatureCollection","features":[]}', 'geojson', parseXml)).toThrow(new ShapeFileError('EMPTY_FILE'));
  });

  it.each([
    ['zone.GeoJSON', 'geojson'],
    ['zone.json', 'geojson'],
    ['field.kml', 'kml'],
    ['route.gpx', 'gpx'],
    ['photo.jpg', undefined],
  ])('recognises %s as %s', (name, format) => {
    expect(shapeFormatOf(name)).toBe(format);
  });
});
