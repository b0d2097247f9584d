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
import { TRAFFIC_SOURCES, VEHICLE_TYPES } from '../domain/enums';
import { positionSchema } from '../geozones/zone';
import { dateTimeSchema, pageQuerySchema, queryFlag, required, viewBoxSchema } from './common';
import { conformanceRuleSchema } from './conformance';

/** Alert types of spec domain §3, in its order. */
export const ALERT_TYPES = [
  'doNotEnter',
  'stayInside',
  'missionCompliance',
  'noMission',
  'proximities',
  'height',
  'identifiers',
  'missingIdentifiers',
  'nonCollaborative',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const TRAFFIC_SOURCE_CODES = Object.keys(TRAFFIC_SOURCES) as (keyof typeof TRAFFIC_SOURCES)[];
export const trafficSourceSchema = z.enum(TRAFFIC_SOURCE_CODES as [keyof typeof TRAFFIC_SOURCES, ...(keyof typeof TRAFFIC_SOURCES)[]]);
export type TrafficSourceCode = z.infer<typeof trafficSourceSchema>;
export const vehicleTypeSchema = z.enum(VEHICLE_TYPES);

export const ALERT_GEOMETRY_SOURCES = ['geojson', 'kml', 'drawn'] as const;

/** Highest limit an alert may carry, in metres above the surface (well above any drone or light aircraft). */
export const ALERT_LIMIT_MAX_M = 20_000;
export const PROXIMITY_THRESHOLD_MAX_M = 50_000;

const ringSchema = z
  .array(positionSchema)
  .min(4, 'validation:alert.geometryInvalid')
  .max(GEOMETRY_MAX_VERTICES_PER_RING, GEOMETRY_TOO_COMPLEX)
  .refine((ring) => {
    const first = ring[0];
    const last = ring.at(-1);
    return !!first && !!last && first[0] === last[0] && first[1] === last[1];
  }, 'validation:alert.geometryInvalid');

/** Every polygon of the alert (imported and drawn) in one MultiPolygon. */
export const alertGeometrySchema = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z
    .array(
      z
        .array(ringSchema)
        .min(1)
        .max(GEOMETRY_MAX_RINGS_PER_POLYGON, GEOMETRY_TOO_COMPLEX)
        .refine((rings) => !isSelfIntersecting(rings), GEOMETRY_SELF_INTERSECTING),
    )
    .min(1, 'validation:alert.geometryRequired')
    .max(GEOMETRY_MAX_POLYGONS, GEOMETRY_TOO_COMPLEX)
    .refine((polygons) => polygons.flat(2).length <= GEOMETRY_MAX_VERTICES, GEOMETRY_TOO_COMPLEX),
});
export type AlertGeometry = z.infer<typeof alertGeometrySchema>;

const metres = (max: number) => z.number().int('validation:integer').min(0, 'validation:tooSmall').max(max, 'validation:tooBig');

const sourceList = z
  .array(trafficSourceSchema)
  .default([])
  .transform((sources) => [...new Set(sources)]);

export const alertCreateSchema = z
  .object({
    name: required().max(120),
    type: z.enum(ALERT_TYPES),
    isDisplayed: z.boolean().default(true),
    showForUsersOnly: z.boolean().default(false),
    linkedUserIds: z
      .array(z.uuid('validation:invalid'))
      .max(500)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    lowerLimitM: metres(ALERT_LIMIT_MAX_M).nullable().default(null),
    upperLimitM: metres(ALERT_LIMIT_MAX_M).nullable().default(null),
    permanent: z.boolean().default(true),
    proximityHorizontalM: metres(PROXIMITY_THRESHOLD_MAX_M).nullable().default(null),
    proximityVerticalM: metres(PROXIMITY_THRESHOLD_MAX_M).nullable().default(null),
    proximitySources: sourceList,
    proximityTargetSources: sourceList,
    notifyEmail: z.boolean().default(false),
    notifySms: z.boolean().default(false),
    notifyPush: z.boolean().default(false),
    geometry: alertGeometrySchema,
    geometrySources: z
      .array(z.enum(ALERT_GEOMETRY_SOURCES))
      .min(1, 'validation:atLeastOne')
      .transform((sources) => [...new Set(sources)]),
  })
  .superRefine((alert, ctx) => {
    // Spec domain §5: lower limit below upper limit.
    if (alert.lowerLimitM !== null && alert.upperLimitM !== null && alert.lowerLimitM >= alert.upperLimitM) {
      ctx.addIssue({ code: 'custom', path: ['upperLimitM'], message: 'validation:alert.limits' });
    }
    if (alert.showForUsersOnly && alert.linkedUserIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['linkedUserIds'], message: 'validation:atLeastOne' });
    }
    if (alert.type === 'proximities') {
      if (alert.proximityHorizontalM === null)
        ctx.addIssue({ code: 'custom', path: ['proximityHorizontalM'], message: 'validation:required' });
      if (alert.proximityVerticalM === null) ctx.addIssue({ code: 'custom', path: ['proximityVerticalM'], message: 'validation:required' });
      if (alert.proximitySources.length === 0)
        ctx.addIssue({ code: 'custom', path: ['proximitySources'], message: 'validation:atLeastOne' });
      if (alert.proximityTargetSources.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['proximityTargetSources'], message: 'validation:atLeastOne' });
      }
    }
  });
export type AlertCreate = z.input<typeof alertCreateSchema>;
export type AlertInput = z.output<typeof alertCreateSchema>;

export const alertLinkedUserSchema = z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() });

export const alertSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(ALERT_TYPES),
  isDisplayed: z.boolean(),
  showForUsersOnly: z.boolean(),
  permanent: z.boolean(),
  lowerLimitM: z.number().int().nullable(),
  upperLimitM: z.number().int().nullable(),
  violationCount: z.number().int(),
  createdAt: z.string(),
});
export type AlertSummary = z.infer<typeof alertSummarySchema>;

export const alertDetailSchema = alertSummarySchema.extend({
  linkedUsers: z.array(alertLinkedUserSchema),
  proximityHorizontalM: z.number().int().nullable(),
  proximityVerticalM: z.number().int().nullable(),
  proximitySources: z.array(trafficSourceSchema),
  proximityTargetSources: z.array(trafficSourceSchema),
  notifyEmail: z.boolean(),
  notifySms: z.boolean(),
  notifyPush: z.boolean(),
  geometry: alertGeometrySchema,
  geometrySources: z.array(z.enum(ALERT_GEOMETRY_SOURCES)),
  updatedAt: z.string(),
});
export type AlertDetail = z.infer<typeof alertDetailSchema>;

/** How many alerts `GET /api/alerts/around` answers at most: a flight's surroundings hold a handful. */
export const ALERTS_AROUND_MAX = 200;
/** Widest side of the box `GET /api/alerts/around` accepts, in degrees (a city, not a country). */
export const ALERTS_AROUND_MAX_SPAN_DEG = 1;

/**
 * `GET /api/alerts/around?bbox=west,south,east,north` (signed in): the displayed alerts whose extent meets the box,
 * those shown to linked users only when the reader is one; what a pilot's map draws around his flight.
 */
export const alertsAroundQuerySchema = z.object({
  bbox: viewBoxSchema(ALERTS_AROUND_MAX_SPAN_DEG),
});
export const alertAroundSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(ALERT_TYPES),
  lowerLimitM: z.number().int().nullable(),
  upperLimitM: z.number().int().nullable(),
  geometry: z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(z.array(z.number())))) }),
});
export type AlertAround = z.infer<typeof alertAroundSchema>;

export const ALERT_SORTS = ['name', 'type', 'createdAt'] as const;
export const alertListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(ALERT_SORTS).default('name'),
  type: z.enum(ALERT_TYPES).optional(),
  isDisplayed: queryFlag.optional(),
});
export type AlertListQuery = z.infer<typeof alertListQuerySchema>;

/** A violation episode (docs/alerts.md): from the first offending position to compliance or silence. */
export const violationSchema = z.object({
  id: z.string(),
  /** Null for an episode of the flight conformance check, which names its `rule` instead. */
  alert: z.object({ id: z.string(), name: z.string(), type: z.enum(ALERT_TYPES) }).nullable(),
  rule: conformanceRuleSchema.nullable(),
  ident: z.string(),
  source: trafficSourceSchema,
  missionId: z.string().nullable(),
  /** The flight's mission and the references of its requests, for the manager's list and its links. */
  mission: z.object({ id: z.string(), title: z.string(), references: z.array(z.string()) }).nullable(),
  userId: z.string().nullable(),
  startedAt: z.string(),
  /** Null while the episode goes on. */
  endedAt: z.string().nullable(),
  /** The last offending position. */
  lastAt: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  heightM: z.number().nullable(),
  /** Metres; its meaning depends on the alert type (docs/alerts.md). */
  worstValue: z.number().nullable(),
  positionCount: z.number().int(),
});
export type Violation = z.infer<typeof violationSchema>;

/** An episode's map holds at most this many of its positions (one a second: over half an hour). */
export const VIOLATION_TRACK_MAX = 2_000;
/** One episode on a map (GET /api/violations/{id}/track): its positions in time order and the area it is about. */
export const violationTrackSchema = z.object({
  positions: z.array(z.object({ time: z.string(), latitude: z.number(), longitude: z.number(), heightM: z.number().nullable() })),
  /** More positions than VIOLATION_TRACK_MAX: the first ones are given. */
  truncated: z.boolean(),
  /**
   * The alert's area (when the reader may see it drawn: displayed to him, or an alerts' administrator), else, for the
   * flight conformance check, the mission's areas; null when neither.
   */
  area: z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(z.array(z.number())))) }).nullable(),
});
export type ViolationTrack = z.infer<typeof violationTrackSchema>;

export const VIOLATION_SORTS = ['startedAt', 'ident'] as const;
export const VIOLATION_STATES = ['open', 'closed'] as const;
export const violationListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(VIOLATION_SORTS).default('startedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** One episode (the link of its e-mail). */
  id: z.uuid('validation:invalid').optional(),
  alertId: z.uuid('validation:invalid').optional(),
  type: z.enum(ALERT_TYPES).optional(),
  /** Episodes of this flight conformance rule. */
  rule: conformanceRuleSchema.optional(),
  missionId: z.uuid('validation:invalid').optional(),
  source: trafficSourceSchema.optional(),
  state: z.enum(VIOLATION_STATES).optional(),
  /** Episodes that overlap the period [from, to]. */
  from: dateTimeSchema.optional(),
  to: dateTimeSchema.optional(),
});
export type ViolationListQuery = z.infer<typeof violationListQuerySchema>;
/** The CSV export takes the list's filters and sort, without its pages, up to this many episodes. */
export const VIOLATION_EXPORT_MAX = 10_000;
