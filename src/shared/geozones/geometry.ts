import { bearing, booleanPointInPolygon, destination, distance } from '@turf/turf';
import { ZoneRejected } from './geozone-file-error';
import type { AreaGeometry, Circle, MultiPolygon, Polygon, Position } from './zone';

export type BBox = [minLon: number, minLat: number, maxLon: number, maxLat: number];

export const CIRCLE_VERTICES = 64;

export function readPosition(value: unknown, where: string): Position {
  if (!Array.isArray(value) || value.length < 2) {
    throw new ZoneRejected('INVALID_GEOMETRY', `${where}: a position is [longitude, latitude]`);
  }
  const [lon, lat] = value as unknown[];
  if (typeof lon !== 'number' || typeof lat !== 'number' || !Number.isFinite(lon) || !Number.isFinite(lat)) {
    throw new ZoneRejected('INVALID_GEOMETRY', `${where}: coordinates must be numbers`);
  }
  if (lon < -180 || lon > 180 || lat < -90 || lat > 90) {
    throw new ZoneRejected('INVALID_GEOMETRY', `${where}: [${lon}, ${lat}] is outside [-180..180, -90..90]`);
  }
  // A third value (altitude) is dropped: vertical limits come from the volume, never from the ring.
  return [lon, lat];
}

function readRing(value: unknown, where: string): Position[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new ZoneRejected('INVALID_GEOMETRY', `${where}: a ring is a non-empty list of positions`);
  }
  const ring = value.map((position, index) => readPosition(position, `${where}[${index}]`));
  const first = ring[0] as Position;
  const last = ring[ring.length - 1] as Position;
  // Rejected rather than closed silently: an unclosed ring usually means a truncated or hand-edited file.
  if (ring.length < 2 || first[0] !== last[0] || first[1] !== last[1]) {
    throw new ZoneRejected('OPEN_RING', `${where}: the last position must repeat the first`);
  }
  if (ring.length < 4) {
    throw new ZoneRejected('INVALID_GEOMETRY', `${where}: a closed ring needs at least 4 positions`);
  }
  return ring;
}

function readPolygonRings(value: unknown, where: string): Position[][] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new ZoneRejected('INVALID_GEOMETRY', `${where}: a polygon is a non-empty list of rings`);
  }
  return value.map((ring, index) => readRing(ring, `${where}[${index}]`));
}

export function readPolygon(coordinates: unknown, where: string): Polygon {
  return { type: 'Polygon', coordinates: readPolygonRings(coordinates, `${where}.coordinates`) };
}

export function readMultiPolygon(coordinates: unknown, where: string): MultiPolygon {
  if (!Array.isArray(coordinates) || coordinates.length === 0) {
    throw new ZoneRejected('INVALID_GEOMETRY', `${where}.coordinates: a multipolygon is a non-empty list of polygons`);
  }
  return {
    type: 'MultiPolygon',
    coordinates: coordinates.map((polygon, index) => readPolygonRings(polygon, `${where}.coordinates[${index}]`)),
  };
}

/**
 * The circumscribed polygon (never smaller than the circle, so a bbox or polygon test on it can only
 * over-select), counter-clockwise as RFC 7946 wants for outer rings. Vertices are geodesic destinations.
 */
export function circleToPolygon(circle: Circle): Polygon {
  const vertexDistance = circle.radiusM / Math.cos(Math.PI / CIRCLE_VERTICES);
  const ring: Position[] = [];
  for (let step = 0; step < CIRCLE_VERTICES; step += 1) {
    // Bearings run clockwise from north, so decreasing them walks the ring counter-clockwise.
    const point = destination(circle.center, vertexDistance, -(360 * step) / CIRCLE_VERTICES, { units: 'meters' });
    const [lon, lat] = point.geometry.coordinates as [number, number];
    ring.push([lon, lat]);
  }
  const [firstLon, firstLat] = ring[0] as Position;
  ring.push([firstLon, firstLat]);
  return { type: 'Polygon', coordinates: [ring] };
}

function polygonsOf(geometry: AreaGeometry): Position[][][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

export function bboxOf(geometry: AreaGeometry): BBox {
  let minLon = Infinity;
  let minLat = Infinity;
  let maxLon = -Infinity;
  let maxLat = -Infinity;
  for (const polygon of polygonsOf(geometry)) {
    // The outer ring bounds the holes, so they need no visit.
    for (const [lon, lat] of polygon[0] ?? []) {
      if (lon < minLon) minLon = lon;
      if (lon > maxLon) maxLon = lon;
      if (lat < minLat) minLat = lat;
      if (lat > maxLat) maxLat = lat;
    }
  }
  return [minLon, minLat, maxLon, maxLat];
}

export function bboxesOverlap(a: BBox, b: BBox): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

/**
 * GZ-01 (a) for a circle: the area touches the circle when it contains the centre or one of its edges
 * passes within the radius. Edges are measured in an azimuthal equidistant projection centred on the
 * circle, where distances from the centre are exact geodesic (haversine) distances; the straight edge
 * differs from the source's edge by centimetres at mission scale (a few km).
 */
export function areaIntersectsCircle(area: AreaGeometry, circle: Circle): boolean {
  const center = circle.center;
  if (booleanPointInPolygon(center, area)) return true;
  for (const polygon of polygonsOf(area)) {
    for (const ring of polygon) {
      const projected = ring.map((position) => {
        const d = distance(center, position, { units: 'meters' });
        const theta = (bearing(center, position) * Math.PI) / 180;
        return [d * Math.sin(theta), d * Math.cos(theta)] as const;
      });
      for (let index = 1; index < projected.length; index += 1) {
        const [ax, ay] = projected[index - 1] as readonly [number, number];
        const [bx, by] = projected[index] as readonly [number, number];
        if (distanceFromOriginToSegment(ax, ay, bx, by) <= circle.radiusM) return true;
      }
    }
  }
  return false;
}

function distanceFromOriginToSegment(ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.min(1, Math.max(0, -(ax * dx + ay * dy) / lengthSquared));
  return Math.hypot(ax + t * dx, ay + t * dy);
}
