import { bearing, booleanIntersects, booleanPointInPolygon, destination, distance } from '@turf/turf';
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
 * GZ-01 (a) for two polygonal areas, with the answer of turf's `booleanIntersects` (boundaries touching count): an
 * outer-ring vertex of either inside the other (boundary included), else two edges meeting. The vertex tests skip the
 * vertices outside the other area's box, and the edges are compared by their orientations, pair by pair within the two
 * boxes' overlap; when two edges touch or run along each other (an orientation within rounding of zero), the pair is
 * left to turf's exact sweep, so a degenerate case gets turf's answer, not this one's.
 */
export function areasIntersect(a: AreaGeometry, aBox: BBox, b: AreaGeometry, bBox: BBox): boolean {
  // `a`'s vertices first: a mission lying inside a zone is answered by one point-in-polygon test, without a walk over
  // the zone's vertices. The answer does not depend on the order.
  if (anyOuterVertexIn(a, b, bBox) || anyOuterVertexIn(b, a, aBox)) return true;
  // The area with more edges in the outer loop, where the two boxes' overlap rejects most of them (a pair's answer does
  // not depend on which edge comes first).
  const edges = edgeCount(a) >= edgeCount(b) ? edgesMeet(a, b, aBox, bBox) : edgesMeet(b, a, bBox, aBox);
  return edges === undefined ? booleanIntersects(a, b) : edges;
}

function edgeCount(area: AreaGeometry): number {
  let count = 0;
  for (const polygon of polygonsOf(area)) for (const ring of polygon) count += ring.length - 1;
  return count;
}

function anyOuterVertexIn(of: AreaGeometry, area: AreaGeometry, areaBox: BBox): boolean {
  for (const polygon of polygonsOf(of))
    for (const position of polygon[0] ?? []) {
      const [lon, lat] = position;
      if (lon < areaBox[0] || lon > areaBox[2] || lat < areaBox[1] || lat > areaBox[3]) continue;
      if (booleanPointInPolygon(position, area)) return true;
    }
  return false;
}

/** Relative bound under which an orientation counts as zero (touching or collinear edges). */
const ORIENTATION_EPSILON = 1e-9;

/** Whether an edge of `a` meets an edge of `b`: true for a proper crossing, undefined for a touch, else false. */
function edgesMeet(a: AreaGeometry, b: AreaGeometry, aBox: BBox, bBox: BBox): boolean | undefined {
  const minLon = Math.max(aBox[0], bBox[0]);
  const minLat = Math.max(aBox[1], bBox[1]);
  const maxLon = Math.min(aBox[2], bBox[2]);
  const maxLat = Math.min(aBox[3], bBox[3]);
  if (minLon > maxLon || minLat > maxLat) return false;
  let touching = false;
  for (const polygonA of polygonsOf(a))
    for (const ringA of polygonA)
      for (let i = 1; i < ringA.length; i += 1) {
        const [ax, ay] = ringA[i - 1] as Position;
        const [bx, by] = ringA[i] as Position;
        if (Math.max(ax, bx) < minLon || Math.min(ax, bx) > maxLon || Math.max(ay, by) < minLat || Math.min(ay, by) > maxLat) continue;
        for (const polygonB of polygonsOf(b))
          for (const ringB of polygonB)
            for (let j = 1; j < ringB.length; j += 1) {
              const [cx, cy] = ringB[j - 1] as Position;
              const [dx, dy] = ringB[j] as Position;
              if (Math.max(cx, dx) < Math.min(ax, bx) || Math.min(cx, dx) > Math.max(ax, bx)) continue;
              if (Math.max(cy, dy) < Math.min(ay, by) || Math.min(cy, dy) > Math.max(ay, by)) continue;
              const meet = segmentsMeet(ax, ay, bx, by, cx, cy, dx, dy);
              if (meet === true) return true;
              if (meet === undefined) touching = true;
            }
      }
  return touching ? undefined : false;
}

function orientation(px: number, py: number, qx: number, qy: number, rx: number, ry: number): number | undefined {
  const ux = qx - px;
  const uy = qy - py;
  const vx = rx - px;
  const vy = ry - py;
  const cross = ux * vy - uy * vx;
  return Math.abs(cross) <= ORIENTATION_EPSILON * (Math.abs(ux) + Math.abs(uy)) * (Math.abs(vx) + Math.abs(vy)) ? undefined : cross;
}

function segmentsMeet(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number) {
  const c = orientation(ax, ay, bx, by, cx, cy);
  const d = orientation(ax, ay, bx, by, dx, dy);
  const a = orientation(cx, cy, dx, dy, ax, ay);
  const b = orientation(cx, cy, dx, dy, bx, by);
  if (c === undefined || d === undefined || a === undefined || b === undefined) return undefined;
  return c > 0 !== d > 0 && a > 0 !== b > 0;
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
