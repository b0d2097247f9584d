import { z } from 'zod';
import { MANAGER_ACTIONS, REQUEST_ACTIONS, REQUEST_STATUSES } from '../domain/request-status';
import { boundedPolygonSchema } from '../geo/geometry-bounds';
import { COUNTRIES } from '../regulation/codes';
import { dateTimeSchema, idParamsSchema, optionalText, pageQuerySchema, phoneSchema, required, viewBoxSchema } from './common';
import { missionAreasSchema, missionConstraintsSchema } from './missions';

export const IMPACT_LEVELS = ['low', 'medium', 'high'] as const;
export type ImpactLevel = (typeof IMPACT_LEVELS)[number];

const dateTime = dateTimeSchema;

/**
 * The mission as filed: the request keeps it so the decision stays readable when the mission changes later, and the
 * automatic evaluation (classification, automation rules) reads only this.
 */
export const missionSnapshotSchema = z.object({
  id: z.string(),
  title: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  maxHeightM: z.number().nullable(),
  /** Absent from requests filed before the field existed: from the ground. */
  minHeightM: z.number().nullish(),
  maxAltitudeFt: z.number().int().nullable(),
  areas: missionAreasSchema,
  areaKm2: z.number(),
  /** Greatest distance between two vertices of the areas, km (docs/requests.md "Maximum extent"). */
  extentKm: z.number(),
  scenario: z.string().nullable(),
  country: z.enum(COUNTRIES).nullable(),
  camerawork: z.boolean(),
  description: z.string().nullable(),
  constraints: missionConstraintsSchema.nullable(),
  referentPilot: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  mainMachine: z
    .object({
      id: z.string(),
      internalName: z.string(),
      serialNumber: z.string(),
      classes: z.array(z.string()),
      massGrams: z.number().int().nullable(),
    })
    .nullable(),
});
export type MissionSnapshot = z.infer<typeof missionSnapshotSchema>;

/** Typed restrictions of an acceptance (manual or by a rule); the operator sees them on the mission map. */
export const restrictionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('maxHeight'), maxHeightM: z.number().finite().positive().max(10_000) }),
  z.object({ kind: z.literal('reducedArea'), area: boundedPolygonSchema }),
  z
    .object({ kind: z.literal('timeSlot'), startAt: dateTime, endAt: dateTime })
    .refine((slot) => new Date(slot.endAt) > new Date(slot.startAt), { path: ['endAt'], message: 'validation:endBeforeStart' }),
  z.object({ kind: z.literal('callBeforeAfter'), phone: phoneSchema.max(40).nullable().optional() }),
  z.object({ kind: z.literal('observerRequired') }),
  z.object({ kind: z.literal('text'), text: required().max(2000) }),
]);
export type Restriction = z.infer<typeof restrictionSchema>;
export const restrictionsSchema = z.array(restrictionSchema).max(20);

/** GET /api/preflights/:id/airspaces: the airspaces a mission's areas touch, with what filing needs. */
export const touchedAirspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  internalCode: z.string(),
  generalConditions: z.string().nullable(),
  /** Monaco: the conditions are the legal information (spec §5). */
  legalInformation: z.boolean(),
  /** The request of this mission in this airspace still under analysis, if any. */
  pendingRequestId: z.string().nullable(),
  /** The airspace's notice, in days, a request must give before the mission's start (null: none). */
  minNoticeDays: z.number().nullable(),
  maxNoticeDays: z.number().nullable(),
  /** The first start a request filed now may have: now plus the minimum notice (null: no minimum). */
  earliestStartAt: z.string().nullable(),
  /** Where the mission's start breaks the notice, filing is refused: said before the operator fills the dialog. */
  noticeProblem: z.enum(['tooShort', 'tooLong']).nullable(),
});
export type TouchedAirspace = z.infer<typeof touchedAirspaceSchema>;

export const requestCreateSchema = z.object({
  missionId: z.uuid('validation:invalid'),
  airspaceId: z.uuid('validation:invalid'),
  conditionsAccepted: z.boolean(),
  firstMessage: optionalText(2000),
  operatorPhone: phoneSchema.max(40).nullable().optional(),
});
export type RequestCreate = z.infer<typeof requestCreateSchema>;

export const REQUEST_FILTERS = ['allAccepted', 'allRejected'] as const;
export const REQUEST_SORTS = ['submittedAt', 'referenceNumber', 'status'] as const;

const statusList = z
  .union([z.enum(REQUEST_STATUSES), z.array(z.enum(REQUEST_STATUSES))])
  .transform((value) => (Array.isArray(value) ? value : [value]));

export const requestListQuerySchema = pageQuerySchema
  .extend({
    sort: z.enum(REQUEST_SORTS).default('submittedAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
    status: statusList.optional(),
    group: z.enum(REQUEST_FILTERS).optional(),
    airspaceId: z.uuid('validation:invalid').optional(),
    missionId: z.uuid('validation:invalid').optional(),
    from: dateTime.optional(),
    to: dateTime.optional(),
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) <= new Date(q.to), { path: ['to'], message: 'validation:endBeforeStart' });
export type RequestListQuery = z.infer<typeof requestListQuerySchema>;

const userRef = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

export const requestSummarySchema = z.object({
  id: z.string(),
  referenceNumber: z.string(),
  status: z.enum(REQUEST_STATUSES),
  automatic: z.boolean(),
  missionId: z.string(),
  missionTitle: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  airspace: z.object({ id: z.string(), name: z.string(), internalCode: z.string() }),
  operator: userRef.extend({ companyName: z.string().nullable() }),
  impactLevel: z.enum(IMPACT_LEVELS).nullable(),
  submittedAt: z.string(),
  autoRejectAt: z.string().nullable(),
});
export type RequestSummary = z.infer<typeof requestSummarySchema>;

export const requestEventSchema = z.object({
  id: z.string(),
  from: z.enum(REQUEST_STATUSES).nullable(),
  to: z.enum(REQUEST_STATUSES),
  action: z.string(),
  actor: userRef.nullable(),
  reason: z.string().nullable(),
  details: z.unknown().nullable(),
  at: z.string(),
});

export const requestMessageSchema = z.object({
  id: z.string(),
  author: userRef.nullable(),
  fromOperator: z.boolean(),
  body: z.string(),
  at: z.string(),
});

export const activeMissionSchema = z.object({
  requestId: z.string(),
  referenceNumber: z.string(),
  missionTitle: z.string(),
  status: z.enum(REQUEST_STATUSES),
  startAt: z.string(),
  endAt: z.string(),
  areas: missionAreasSchema,
});

/**
 * Another accepted or pending request of the airspace whose 4D volume meets this one's (docs/airspace-manager.md
 * "Strategic deconfliction"): where, how high and when they overlap. The operator is not told the other's title.
 */
export const requestConflictSchema = z.object({
  requestId: z.string(),
  referenceNumber: z.string(),
  missionTitle: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
  overlap: z.object({
    areas: z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(z.array(z.number())))) }),
    minHeightM: z.number(),
    maxHeightM: z.number().nullable(),
    startAt: z.string(),
    endAt: z.string(),
  }),
});
export type RequestConflict = z.infer<typeof requestConflictSchema>;

/** Widest side of the box the map's "Deconfliction" layer asks for, in degrees (a region, not a country). */
export const VOLUMES_VIEW_MAX_SPAN_DEG = 3;
/** How many volumes the layer draws at most in a view. */
export const VOLUMES_IN_VIEW_MAX = 500;

/**
 * `GET /api/deconfliction/volumes?bbox=west,south,east,north&at=…`: the accepted or pending requests whose granted 4D
 * volume is active at `at` and meets the box (docs/map.md "Deconfliction"); `missionId` leaves out the mission being
 * prepared.
 */
export const volumesInViewQuerySchema = z.object({
  bbox: viewBoxSchema(VOLUMES_VIEW_MAX_SPAN_DEG),
  at: dateTimeSchema,
  missionId: z.uuid('validation:invalid').optional(),
});
export type VolumesInViewQuery = z.infer<typeof volumesInViewQuerySchema>;

/** One granted volume on the map: the mission's title only for whom may read it (its managers, its own operator). */
const volumeInViewSchema = z.object({
  requestId: z.string(),
  referenceNumber: z.string(),
  missionTitle: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
  areas: z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(z.array(z.number())))) }),
  minHeightM: z.number(),
  maxHeightM: z.number().nullable(),
  startAt: z.string(),
  endAt: z.string(),
});
export const volumesInViewSchema = z.object({ volumes: z.array(volumeInViewSchema), truncated: z.boolean() });
export type VolumesInView = z.infer<typeof volumesInViewSchema>;

export const requestDetailSchema = requestSummarySchema.extend({
  callControl: z.boolean(),
  operatorPhone: z.string().nullable(),
  firstMessage: z.string().nullable(),
  conditionsAcceptedAt: z.string(),
  missionSnapshot: missionSnapshotSchema,
  classification: z.unknown().nullable(),
  restrictions: restrictionsSchema,
  rejectionReason: z.string().nullable(),
  decidedBy: userRef.nullable(),
  decidedAt: z.string().nullable(),
  automationRule: z.object({ id: z.string(), title: z.string(), version: z.number().int() }).nullable(),
  space: z.object({
    generalConditions: z.string().nullable(),
    permanentConditions: z.string().nullable(),
    news: z.string().nullable(),
    description: z.string().nullable(),
    twrPhoneNumber: z.string().nullable(),
  }),
  /** The viewer's side: managers decide, the operator answers. */
  viewer: z.enum(['manager', 'operator']),
  allowedActions: z.array(z.enum(REQUEST_ACTIONS)),
  events: z.array(requestEventSchema),
  messages: z.array(requestMessageSchema),
  activeMissions: z.array(activeMissionSchema),
  conflicts: z.array(requestConflictSchema),
});
export type RequestDetail = z.infer<typeof requestDetailSchema>;

/**
 * The filing's outcome, answered by `POST /api/procedures` to a client that sends `Prefer: return=minimal` (RFC 7240),
 * as the SPA does: the request's summary and the automatic answer, without the detail's reads (its active missions and
 * conflicts). The detail is at the answer's `Location` (docs/requests.md "Filing").
 */
export const requestFiledSchema = requestSummarySchema.extend({
  restrictions: restrictionsSchema,
  rejectionReason: z.string().nullable(),
  automationRule: requestDetailSchema.shape.automationRule,
});
export type RequestFiled = z.infer<typeof requestFiledSchema>;

export const requestActionParamsSchema = idParamsSchema.extend({ action: z.enum(MANAGER_ACTIONS) });

/** One body for every manager action; each action says what it needs (docs/requests.md). */
export const requestActionBodySchema = z.object({
  reason: optionalText(2000),
  restrictions: restrictionsSchema.optional(),
  callControl: z.boolean().optional(),
  reply: optionalText(2000),
});
export type RequestActionBody = z.infer<typeof requestActionBodySchema>;

export const requestMessageCreateSchema = z.object({ body: required().max(4000) });
export const requestSmsSchema = z.object({ body: required().max(640) });
