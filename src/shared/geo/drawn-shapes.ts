import type { Feature, Geometry, Point, Polygon, Position } from 'geojson';

/** What a mission's map holds: areas to fly over and waypoints (in order, a route). */
export interface DrawnShapes {
  areas: Feature<Polygon>[];
  waypoints: Feature<Point>[];
}

export const emptyShapes = (): DrawnShapes => ({ areas: [], waypoints: [] });

const samePosition = (a: Position | undefined, b: Position | undefined) => !!a && !!b && a[0] === b[0] && a[1] === b[1];

/** 7 decimals is about a centimetre: the drawing refuses more than 9 (QGIS and Python write 15). */
export const COORDINATE_DECIMALS = 7;
const SCALE = 10 ** COORDINATE_DECIMALS;

/** Longitude and latitude rounded, the altitude (Google Earth's `lon,lat,0`) dropped. */
export function normalisePosition(position: Position): [number, number] {
  return [Math.round((position[0] ?? 0) * SCALE) / SCALE, Math.round((position[1] ?? 0) * SCALE) / SCALE];
}

/** A ring rounded, without the repeats rounding makes, closed; null when fewer than 3 distinct corners remain. */
function normaliseRing(ring: readonly Position[]): [number, number][] | null {
  const positions = ring.map(normalisePosition).filter((position, index, all) => index === 0 || !samePosition(position, all[index - 1]));
  if (positions.length > 1 && samePosition(positions[0], positions.at(-1))) positions.pop();
  if (positions.length < 3) return null;
  return [...positions, positions[0]];
}

function nameOf(properties: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const name = properties?.name;
  return typeof name === 'string' && name.trim() !== '' ? { name: name.trim() } : {};
}

function addGeometry(shapes: DrawnShapes, geometry: Geometry | null, properties: Record<string, unknown>) {
  if (!geometry) return;
  const polygon = (coordinates: Position[][]) => {
    const [outer, ...holes] = coordinates.map(normaliseRing);
    if (!outer) return;
    const rings = [outer, ...holes.filter((ring): ring is [number, number][] => ring !== null)];
    shapes.areas.push({ type: 'Feature', properties, geometry: { type: 'Polygon', coordinates: rings } });
  };
  const point = (coordinates: Position) =>
    shapes.waypoints.push({
      type: 'Feature',
      properties,
      geometry: { type: 'Point', coordinates: normalisePosition(coordinates) },
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
        polygon([geometry.coordinates]);
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
