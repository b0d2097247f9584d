import { z } from 'zod';
import { vehicleTypeSchema, trafficSourceSchema } from './alerts';
import { conformanceRuleSchema, flightConformanceSchema } from './conformance';

/** How far in the future a position's time may be (clock skew of a tracker), in milliseconds. */
export const TRAFFIC_TIME_FUTURE_TOLERANCE_MS = 60_000;
/** Most positions one batch of `POST /api/traffics/` may carry. */
export const TRAFFIC_BATCH_MAX = 1_000;
/** The signal strengths (dBm) and GPS satellite counts a position may report; beyond, the sender is broken. */
export const TRAFFIC_RSSI_RANGE = [-150, 0] as const;
export const TRAFFIC_SATELLITES_MAX = 64;

const latitude = z.number().min(-90, 'validation:tooSmall').max(90, 'validation:tooBig');
const longitude = z.number().min(-180, 'validation:tooSmall').max(180, 'validation:tooBig');

/**
 * Traffic post of spec shell §3. `alt` is metres above the surface for drones and people (what trackers report:
 * height above the take-off point), `spd` metres per second, `heading` degrees from true north, `time` ISO 8601.
 * `charge` is the battery percentage, `rssi` the strength of the radio link in dBm and `gpsSatellites` the satellites
 * of the position's fix, both whole numbers reported by some trackers.
 */
export const trafficPostSchema = z.object({
  ident: z
    .string()
    .trim()
    .min(1, 'validation:required')
    .max(64, 'validation:tooBig')
    .regex(/^[A-Za-z0-9_.:-]+$/, 'validation:tracker.ident'),
  lat: latitude,
  lon: longitude,
  alt: z.number().min(-500, 'validation:tooSmall').max(20_000, 'validation:tooBig').nullable().optional(),
  spd: z.number().min(0, 'validation:tooSmall').max(1_000, 'validation:tooBig').nullable().optional(),
  heading: z.number().min(0, 'validation:tooSmall').max(360, 'validation:tooBig').nullable().optional(),
  time: z.iso.datetime({ offset: true, message: 'validation:dateTime' }),
  type: vehicleTypeSchema,
  source: trafficSourceSchema,
  charge: z.number().min(0, 'validation:tooSmall').max(100, 'validation:tooBig').nullable().optional(),
  charging: z.boolean().nullable().optional(),
  homeHeight: z.number().min(-500, 'validation:tooSmall').max(9_000, 'validation:tooBig').nullable().optional(),
  homeLat: latitude.nullable().optional(),
  homeLon: longitude.nullable().optional(),
  stationName: z.string().trim().max(100, 'validation:tooBig').nullable().optional(),
  stationLatitude: latitude.nullable().optional(),
  stationLongitude: longitude.nullable().optional(),
  rssi: z
    .number()
    .int('validation:integer')
    .min(TRAFFIC_RSSI_RANGE[0], 'validation:tooSmall')
    .max(TRAFFIC_RSSI_RANGE[1], 'validation:tooBig')
    .nullable()
    .optional(),
  gpsSatellites: z
    .number()
    .int('validation:integer')
    .min(0, 'validation:tooSmall')
    .max(TRAFFIC_SATELLITES_MAX, 'validation:tooBig')
    .nullable()
    .optional(),
  /** An aircraft's flight identification, transponder code (4 octal digits) and on-ground flag, as ADS-B gives them. */
  callsign: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 ]{1,8}$/, 'validation:invalid')
    .nullable()
    .optional(),
  squawk: z
    .string()
    .regex(/^[0-7]{4}$/, 'validation:invalid')
    .nullable()
    .optional(),
  onGround: z.boolean().nullable().optional(),
});
export type TrafficPost = z.infer<typeof trafficPostSchema>;

/** A batch from a tracker or a ground station, authenticated by its owner's API key (`X-Api-Key`). */
export const trafficBatchSchema = z.object({
  positions: z.array(z.unknown()).min(1, 'validation:atLeastOne').max(TRAFFIC_BATCH_MAX, 'validation:tooBig'),
});

/** One refused position of a batch: its index in `positions`, an error code and its message. */
export const trafficRejectionSchema = z.object({ index: z.number().int(), code: z.string(), message: z.string() });
export const trafficIngestResultSchema = z.object({
  accepted: z.number().int(),
  rejected: z.array(trafficRejectionSchema),
  /** A signed-in user's own position of a flying mission: its conformance, so the pilot's screens show it at once. */
  conformance: flightConformanceSchema.nullable().optional(),
});
export type TrafficIngestResult = z.infer<typeof trafficIngestResultSchema>;

/** A target on the live map: the last position of one ident of one source. */
export const liveTargetSchema = z.object({
  key: z.string(),
  ident: z.string(),
  label: z.string(),
  source: trafficSourceSchema,
  type: vehicleTypeSchema,
  lat: z.number(),
  lon: z.number(),
  alt: z.number().nullable(),
  spd: z.number().nullable(),
  heading: z.number().nullable(),
  time: z.string(),
  /** An aircraft's transponder code and on-ground flag (ADS-B), when heard; its callsign is its `label`. */
  squawk: z.string().nullable(),
  onGround: z.boolean().nullable(),
  /** The signed-in user's own traffic or the traffic of one of their missions. */
  own: z.boolean(),
  missionId: z.string().nullable(),
});
export type LiveTarget = z.infer<typeof liveTargetSchema>;

/** A violation episode as the live map shows it; `endedAt` null while it goes on. */
export const liveViolationSchema = z.object({
  id: z.string(),
  /** Null for a flight conformance episode: then `alertType` is `flightConformance`, `alertName` the mission's title. */
  alertId: z.string().nullable(),
  alertName: z.string(),
  alertType: z.string(),
  /** The flight conformance rule broken (docs/alerts.md); absent or null for an alert's episode. */
  rule: conformanceRuleSchema.nullable().optional(),
  ident: z.string(),
  source: trafficSourceSchema,
  missionId: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  lat: z.number(),
  lon: z.number(),
  worstValue: z.number().nullable(),
});
export type LiveViolation = z.infer<typeof liveViolationSchema>;

/**
 * `GET /api/traffics/live?bbox=west,south,east,north`, Server-Sent Events: `snapshot` at connection, then
 * `delta` and `violation` events. A viewport change is a new connection.
 */
export const liveQuerySchema = z.object({
  bbox: z
    .string()
    .transform((value) => value.split(',').map(Number))
    .pipe(z.tuple([longitude, latitude, longitude, latitude])),
});
export const liveSnapshotSchema = z.object({ targets: z.array(liveTargetSchema), violations: z.array(liveViolationSchema) });
export type LiveSnapshot = z.infer<typeof liveSnapshotSchema>;
export const liveDeltaSchema = z.object({ upserts: z.array(liveTargetSchema), removals: z.array(z.string()) });
export type LiveDelta = z.infer<typeof liveDeltaSchema>;
/** `conformance`: a flying traffic's conformance state, with the key of its target on the map. */
export const liveConformanceSchema = flightConformanceSchema.extend({ key: z.string() });
export type LiveConformance = z.infer<typeof liveConformanceSchema>;
/** `status`: whether the stream carries every instance's traffic (`all`) or, the bus being away, this instance's only. */
export const liveStatusSchema = z.object({ reach: z.enum(['all', 'instance']) });
export type LiveStatus = z.infer<typeof liveStatusSchema>;

/** `POST /api/traffics/commands` (COMMAND_EDIT_ADMIN): a message to the operator of a flying mission, by push. */
export const operatorCommandSchema = z.object({
  missionId: z.uuid('validation:invalid'),
  message: z.string().trim().min(1, 'validation:required').max(500, 'validation:tooBig'),
});
export type OperatorCommand = z.infer<typeof operatorCommandSchema>;
