import { area, bbox, length } from '@turf/turf';
import type { MultiPolygon, Position } from 'geojson';
import { z } from 'zod';
import {
  GEOMETRY_MAX_POLYGONS,
  GEOMETRY_MAX_RINGS_PER_POLYGON,
  GEOMETRY_MAX_VERTICES,
  GEOMETRY_MAX_VERTICES_PER_RING,
  GEOMETRY_SELF_INTERSECTING,
  GEOMETRY_TOO_COMPLEX,
  isSelfIntersecting,
} from '../geo/geometry-bounds';
import { emailSchema, optionalText, pageQuerySchema, phoneSchema, queryFlag, required } from './common';

/** Spec domain §3 Airspace: when a request needs activations, by the request's impact level. */
export const ACTIVATION_TRIGGERS = ['never', 'low', 'medium', 'high', 'always'] as const;

const position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).rest(z.number());
const ring = z.array(position).min(4, 'validation:geometry.ring').max(GEOMETRY_MAX_VERTICES_PER_RING, GEOMETRY_TOO_COMPLEX);
const polygon = z.array(ring).min(1, 'validation:geometry.ring').max(GEOMETRY_MAX_RINGS_PER_POLYGON, GEOMETRY_TOO_COMPLEX);

/**
 * A polygon whose mean width (twice its area over its outline's length) is under a metre is points on a line or a
 * stray click, not a piece of airspace. Measured by width, since the spherical area of "points on a line" in degrees
 * is not zero (three aligned points 2.8 km apart: 80 m²).
 */
function hasNoSurface(rings: Position[][]) {
  const outline = length(
    { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: rings[0] ?? [] } },
    { units: 'meters' },
  );
  return (2 * area({ type: 'Polygon', coordinates: rings })) / Math.max(outline, 1) < 1;
}

/** Below this a polygon is shown with a warning: an airspace of less than a hectare is most likely a drawing slip. */
export const AIRSPACE_SMALL_POLYGON_M2 = 10_000;

const samePosition = (a: Position | undefined, b: Position | undefined) => !!a && !!b && a[0] === b[0] && a[1] === b[1];

/**
 * An airspace's area: GeoJSON Polygon or MultiPolygon in WGS84, stored as a MultiPolygon. Rings are closed and
 * polygons do not cross themselves, so that "which airspaces does a mission touch" has a definite answer.
 */
export const airspaceGeometrySchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('Polygon'), coordinates: polygon }),
    z.object({
      type: z.literal('MultiPolygon'),
      coordinates: z.array(polygon).min(1, 'validation:geometry.ring').max(GEOMETRY_MAX_POLYGONS, GEOMETRY_TOO_COMPLEX),
    }),
  ])
  .transform((geometry): MultiPolygon => ({
    type: 'MultiPolygon',
    coordinates: geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates,
  }))
  .superRefine((geometry, ctx) => {
    if (geometry.coordinates.flat(2).length > GEOMETRY_MAX_VERTICES) {
      ctx.addIssue({ code: 'custom', message: GEOMETRY_TOO_COMPLEX });
      return;
    }
    for (const rings of geometry.coordinates) {
      if (rings.some((each) => !samePosition(each[0], each.at(-1)))) {
        ctx.addIssue({ code: 'custom', message: 'validation:geometry.notClosed' });
        return;
      }
      if (isSelfIntersecting(rings as [number, number][][])) {
        ctx.addIssue({ code: 'custom', message: GEOMETRY_SELF_INTERSECTING });
        return;
      }
      if (hasNoSurface(rings)) {
        ctx.addIssue({ code: 'custom', message: 'validation:geometry.noSurface' });
        return;
      }
    }
  });

export interface BoundingBox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

/** The columns that prefilter "which airspaces does this area touch" before the exact intersection. */
export function boundingBoxOf(geometry: MultiPolygon): BoundingBox {
  const [minLon, minLat, maxLon, maxLat] = bbox(geometry);
  return { minLon, minLat, maxLon, maxLat };
}

const limit = () => z.number().int('validation:integer').min(0, 'validation:nonNegative').nullable().optional();
const decimalLimit = () => z.number().min(0, 'validation:nonNegative').nullable().optional();
const emails = () =>
  z
    .array(emailSchema)
    .default([])
    .transform((list) => [...new Set(list)]);

export const VIOLATION_CHANNELS = ['email', 'sms'] as const;
export type ViolationChannel = (typeof VIOLATION_CHANNELS)[number];

/** What an airspace manager may change on "my airspace": conditions, news, contacts, limits and activation settings. */
export const airspaceManagerFields = z.object({
  description: optionalText(5000),
  news: optionalText(5000),
  generalConditions: optionalText(10000),
  permanentConditions: optionalText(10000),
  twrPhoneNumber: phoneSchema.max(30).nullable().optional(),
  mailingList: emails(),
  copyToManagers: z.boolean().default(false),
  forwardingEmails: emails(),
  /** How the managers hear of a violation starting in the airspace (docs/airspace-manager.md); none: not at all. */
  violationChannels: z
    .array(z.enum(VIOLATION_CHANNELS))
    .max(VIOLATION_CHANNELS.length)
    .default(['email'])
    .transform((list) => [...new Set(list)]),
  minNoticeDays: limit(),
  maxNoticeDays: limit(),
  maxDurationHours: limit(),
  maxPolygons: limit(),
  maxAreaKm2: decimalLimit(),
  maxAreaPerPolygonKm2: decimalLimit(),
  maxExtentKm: decimalLimit(),
  autoRejectDelayHours: limit(),
  activationTrigger: z.enum(ACTIVATION_TRIGGERS).default('never'),
  activationMinDelayHours: limit(),
  activationMaxDelayHours: limit(),
  activationAutoRejectDelayHours: limit(),
  activationMaxDurationHours: limit(),
});

/** What only an administrator sets: identity, routing (zone codes, geometry), visibility and managers. */
export const airspaceAdminFields = z.object({
  name: required().max(200),
  internalCode: required()
    .max(50)
    .regex(/^[A-Za-z0-9_-]+$/, 'validation:internalCode'),
  zoneCodes: z
    .array(z.string().trim().min(1).max(50))
    .default([])
    .transform((codes) => [...new Set(codes)]),
  authorityName: optionalText(),
  visibleToOperators: z.boolean().default(true),
  geometry: airspaceGeometrySchema.nullable().optional(),
  managerIds: z
    .array(z.uuid('validation:invalid'))
    .default([])
    .transform((ids) => [...new Set(ids)]),
});

type Ranges = Pick<
  z.infer<typeof airspaceManagerFields>,
  'minNoticeDays' | 'maxNoticeDays' | 'activationMinDelayHours' | 'activationMaxDelayHours' | 'maxAreaKm2' | 'maxAreaPerPolygonKm2'
>;

/** A minimum above its maximum could never be met: refused on the maximum's field. */
function checkRanges(value: Ranges, ctx: z.RefinementCtx) {
  const pairs: [number | null | undefined, number | null | undefined, string, string][] = [
    [value.minNoticeDays, value.maxNoticeDays, 'maxNoticeDays', 'validation:maxBelowMin'],
    [value.activationMinDelayHours, value.activationMaxDelayHours, 'activationMaxDelayHours', 'validation:maxBelowMin'],
    [value.maxAreaPerPolygonKm2, value.maxAreaKm2, 'maxAreaPerPolygonKm2', 'validation:polygonAreaAboveTotal'],
  ];
  for (const [low, high, path, message] of pairs) {
    if (low != null && high != null && low > high) ctx.addIssue({ code: 'custom', path: [path], message });
  }
}

export const airspaceInputSchema = airspaceAdminFields.extend(airspaceManagerFields.shape).superRefine(checkRanges);
export type AirspaceInput = z.infer<typeof airspaceInputSchema>;

export const myAirspaceInputSchema = airspaceManagerFields.superRefine(checkRanges);
export type MyAirspaceInput = z.infer<typeof myAirspaceInputSchema>;

export const airspaceManagerSchema = z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() });
export type AirspaceManager = z.infer<typeof airspaceManagerSchema>;

export const airspaceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  internalCode: z.string(),
  authorityName: z.string().nullable(),
  visibleToOperators: z.boolean(),
  activationTrigger: z.enum(ACTIVATION_TRIGGERS),
  hasGeometry: z.boolean(),
  managers: z.array(airspaceManagerSchema),
  createdAt: z.string(),
});
export type AirspaceSummary = z.infer<typeof airspaceSummarySchema>;

const multiPolygonSchema = z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(z.array(z.number())))) });

export const airspaceDetailSchema = airspaceSummarySchema.extend({
  zoneCodes: z.array(z.string()),
  mailingList: z.array(z.string()),
  copyToManagers: z.boolean(),
  minNoticeDays: z.number().nullable(),
  maxNoticeDays: z.number().nullable(),
  maxDurationHours: z.number().nullable(),
  maxPolygons: z.number().nullable(),
  maxAreaKm2: z.number().nullable(),
  maxAreaPerPolygonKm2: z.number().nullable(),
  maxExtentKm: z.number().nullable(),
  autoRejectDelayHours: z.number().nullable(),
  description: z.string().nullable(),
  news: z.string().nullable(),
  generalConditions: z.string().nullable(),
  permanentConditions: z.string().nullable(),
  twrPhoneNumber: z.string().nullable(),
  forwardingEmails: z.array(z.string()),
  violationChannels: z.array(z.enum(VIOLATION_CHANNELS)),
  activationMinDelayHours: z.number().nullable(),
  activationMaxDelayHours: z.number().nullable(),
  activationAutoRejectDelayHours: z.number().nullable(),
  activationMaxDurationHours: z.number().nullable(),
  geometry: multiPolygonSchema.nullable(),
  bbox: z.object({ minLon: z.number(), minLat: z.number(), maxLon: z.number(), maxLat: z.number() }).nullable(),
  updatedAt: z.string(),
});
export type AirspaceDetail = z.infer<typeof airspaceDetailSchema>;

export const AIRSPACE_SORTS = ['name', 'internalCode', 'createdAt'] as const;

export const airspaceListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(AIRSPACE_SORTS).default('name'),
  visibleToOperators: queryFlag.optional(),
  activationTrigger: z.enum(ACTIVATION_TRIGGERS).optional(),
  managerId: z.uuid('validation:invalid').optional(),
});
export type AirspaceListQuery = z.infer<typeof airspaceListQuerySchema>;

export const managerCandidatesQuerySchema = z.object({ search: z.string().trim().optional() });
