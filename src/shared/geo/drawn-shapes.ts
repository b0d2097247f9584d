import type { Feature, Geometry, Point, Polygon, Position } from 'geojson';

/** What a mission's map holds: areas to fly over and waypoints (in order, a route). */
export interface DrawnShapes {
  areas: Feature<Polygon>[];
  waypoints: Feature<Point>[];
}

export const emptyShapes = (): DrawnShapes => ({ areas: [], waypoints: [] });

const samePosition = (a: Position | undefined, b: Position | undefined) => !!a && !!b && a[0] === b[0] && a[1] === b[1];

function nameOf(properties: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const name = properties?.name;
  return typeof name === 'string' && name.trim() !== '' ? { name: name.trim() } : {};
}

function addGeometry(shapes: DrawnShapes, geometry: Geometry | null, properties: Record<string, unknown>) {
  if (!geometry) return;
  const polygon = (coordinates: Position[][]) =>
    shapes.areas.push({ type: 'Feature', properties, geometry: { type: 'Polygon', coordinates } });
  const point = (coordinates: Position) =>
    shapes.waypoints.push({
      type: 'Feature',
      properties,
      geometry: { type: 'Point', coordinates: [coordinates[0] ?? 0, coordinates[1] ?? 0] },
    });
  switch (geometry.type) {
    case 'Polygon':
      polygon(geometry.coordinates);
      break;
    case 'MultiPolygon':
      geometry.coordinates.forEach(polygon);
      break;
    case 'Point':
      point(geometry.coordinates);
      break;
    case 'MultiPoint':
      geometry.coordinates.forEach(point);
      break;
    case 'LineString':
      // A closed line (a GPX track walked round a field) is an area; an open one is a route of waypoints.
      if (geometry.coordinates.length >= 4 && samePosition(geometry.coordinates[0], geometry.coordinates.at(-1))) {
        polygon([geometry.coordinates.map((p) => [p[0] ?? 0, p[1] ?? 0])]);
      } else {
        // The line's name is the route's, not each point's.
        geometry.coordinates.forEach((coordinates) => addGeometry(shapes, { type: 'Point', coordinates }, {}));
      }
      break;
    case 'MultiLineString':
      geometry.coordinates.forEach((coordinates) => addGeometry(shapes, { type: 'LineString', coordinates }, properties));
      break;
    case 'GeometryCollection':
      geometry.geometries.forEach((part) => addGeometry(shapes, part, properties));
      break;
  }
}

/** Sorts any GeoJSON geometries into areas and waypoints, keeping only a feature's name. */
export function shapesFromFeatures(features: readonly { geometry: Geometry | null; properties: Feature['properties'] }[]): DrawnShapes {
  const shapes = emptyShapes();
  for (const feature of features) addGeometry(shapes, feature.geometry, nameOf(feature.properties));
  return shapes;
}
