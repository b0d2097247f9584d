import Flatbush from 'flatbush';
import { z } from 'zod';
import { positionSchema, type Position } from '../geozones/zone';

/*
 * Bounds on the geometry a user sends (docs/security.md "Bounded work"). The cost of the geometric tests grows with
 * the vertices of both shapes; these bounds keep the worst case a user can ask for at a fraction of a second, and the
 * server runs what remains costly off the request thread.
 */
export const GEOMETRY_MAX_VERTICES_PER_RING = 10_000;
export const GEOMETRY_MAX_RINGS_PER_POLYGON = 100;
export const GEOMETRY_MAX_POLYGONS = 100;
/** Every position of one request body together (areas, waypoints, restrictions…). */
export const GEOMETRY_MAX_VERTICES = 20_000;
/** Arrays and objects inside each other in one request body; GeoJSON needs 5. */
export const BODY_MAX_DEPTH = 32;

/** The message of every bound above: the API answers it as 422 GEOMETRY_TOO_COMPLEX. */
export const GEOMETRY_TOO_COMPLEX = 'validation:geometry.tooComplex';
export const GEOMETRY_SELF_INTERSECTING = 'validation:geometry.selfIntersecting';

export interface BodyShape {
  /** Arrays whose first two items are numbers, i.e. positions, capped at `GEOMETRY_MAX_VERTICES + 1`. */
  positions: number;
  /** The deepest nesting of arrays and objects, capped at `BODY_MAX_DEPTH + 1`. */
  depth: number;
}

/**
 * Counts the positions and the nesting of a parsed JSON body without recursion (a deeply nested body must not
 * overflow the stack), stopping as soon as a bound is passed: it costs at most one walk of what was parsed.
 */
export function bodyShape(body: unknown): BodyShape {
  let positions = 0;
  let depth = 0;
  const stack: [unknown, number][] = [[body, 1]];
  while (stack.length > 0) {
    const [value, level] = stack.pop() as [unknown, number];
    if (value === null || typeof value !== 'object') continue;
    depth = Math.max(depth, level);
    if (depth > BODY_MAX_DEPTH) break;
    if (Array.isArray(value)) {
      if (typeof value[0] === 'number' && typeof value[1] === 'number') {
        positions += 1;
        if (positions > GEOMETRY_MAX_VERTICES) break;
        continue;
      }
      for (const item of value) stack.push([item, level + 1]);
    } else {
      for (const item of Object.values(value)) stack.push([item, level + 1]);
    }
  }
  return { positions, depth };
}

const samePosition = (a: Position | undefined, b: Position | undefined) => !!a && !!b && a[0] === b[0] && a[1] === b[1];

function orientation(a: Position, b: Position, c: Position): number {
  const value = (b[1] - a[1]) * (c[0] - b[0]) - (b[0] - a[0]) * (c[1] - b[1]);
  return value === 0 ? 0 : value > 0 ? 1 : -1;
}

function onSegment(a: Position, b: Position, p: Position): boolean {
  return Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);
}

function segmentsMeet(p1: Position, p2: Position, q1: Position, q2: Position): boolean {
  const o1 = orientation(p1, p2, q1);
  const o2 = orientation(p1, p2, q2);
  const o3 = orientation(q1, q2, p1);
  const o4 = orientation(q1, q2, p2);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(p1, p2, q1)) ||
    (o2 === 0 && onSegment(p1, p2, q2)) ||
    (o3 === 0 && onSegment(q1, q2, p1)) ||
    (o4 === 0 && onSegment(q1, q2, p2))
  );
}

/**
 * Whether the rings of one polygon cross themselves or each other (a bow-tie). Segments are indexed in an R-tree
 * so the test costs about n·log n rather than the n² of comparing every pair (turf's `kinks`), which at the bounds
 * above would take seconds. Repeated vertices are skipped; neighbouring segments of a ring share a vertex by
 * construction, which is not a crossing.
 */
export function isSelfIntersecting(rings: readonly (readonly Position[])[]): boolean {
  const segments: { ring: number; index: number; count: number; a: Position; b: Position }[] = [];
  rings.forEach((ring, ringIndex) => {
    const first = segments.length;
    for (let i = 0; i + 1 < ring.length; i += 1) {
      const a = ring[i] as Position;
      const b = ring[i + 1] as Position;
      if (!samePosition(a, b)) segments.push({ ring: ringIndex, index: segments.length - first, count: 0, a, b });
    }
    for (let i = first; i < segments.length; i += 1) (segments[i] as (typeof segments)[number]).count = segments.length - first;
  });
  if (segments.length === 0) return false;
  const tree = new Flatbush(segments.length);
  for (const { a, b } of segments) tree.add(Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1]));
  tree.finish();
  for (let i = 0; i < segments.length; i += 1) {
    const s = segments[i] as (typeof segments)[number];
    const found = tree.search(Math.min(s.a[0], s.b[0]), Math.min(s.a[1], s.b[1]), Math.max(s.a[0], s.b[0]), Math.max(s.a[1], s.b[1]));
    for (const j of found) {
      if (j <= i) continue;
      const t = segments[j] as (typeof segments)[number];
      const gap = Math.abs(s.index - t.index);
      if (s.ring === t.ring && (gap === 1 || gap === s.count - 1)) continue;
      if (segmentsMeet(s.a, s.b, t.a, t.b)) return true;
    }
  }
  return false;
}

/** A closed ring of at least four positions, within the vertex bound. */
export const boundedRingSchema = z
  .array(positionSchema)
  .min(4, 'validation:geometry.ring')
  .max(GEOMETRY_MAX_VERTICES_PER_RING, GEOMETRY_TOO_COMPLEX)
  .refine((ring) => samePosition(ring[0], ring.at(-1)), 'validation:geometry.notClosed');

/** The rings of one polygon (outer ring first), within the ring bound, not crossing themselves. */
export const boundedPolygonCoordinatesSchema = z
  .array(boundedRingSchema)
  .min(1, 'validation:geometry.ring')
  .max(GEOMETRY_MAX_RINGS_PER_POLYGON, GEOMETRY_TOO_COMPLEX)
  .refine((rings) => !isSelfIntersecting(rings), GEOMETRY_SELF_INTERSECTING);

const totalVertices = (polygons: readonly (readonly (readonly Position[])[])[]) =>
  polygons.reduce((sum, rings) => sum + rings.reduce((count, ring) => count + ring.length, 0), 0);

/** The polygons of a MultiPolygon, within the polygon and total-vertex bounds. */
export const boundedMultiPolygonCoordinatesSchema = z
  .array(boundedPolygonCoordinatesSchema)
  .max(GEOMETRY_MAX_POLYGONS, GEOMETRY_TOO_COMPLEX)
  .refine((polygons) => totalVertices(polygons) <= GEOMETRY_MAX_VERTICES, GEOMETRY_TOO_COMPLEX);

export const boundedPolygonSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: boundedPolygonCoordinatesSchema.refine((rings) => totalVertices([rings]) <= GEOMETRY_MAX_VERTICES, GEOMETRY_TOO_COMPLEX),
});

export const boundedMultiPolygonSchema = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: boundedMultiPolygonCoordinatesSchema.min(1, 'validation:geometry.ring'),
});

/** A user's area: Polygon or MultiPolygon, closed, simple and within the bounds. */
export const boundedAreaSchema = z.discriminatedUnion('type', [boundedPolygonSchema, boundedMultiPolygonSchema]);
