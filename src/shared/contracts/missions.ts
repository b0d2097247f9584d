import { z } from 'zod';
import { MISSION_ACTIONS, MISSION_STATUSES } from '../domain/mission-status';
import { MISSION_MAX_AREA_KM2 } from '../domain/limits';
import { areaKm2 } from '../geo/area';
import { boundedMultiPolygonCoordinatesSchema } from '../geo/geometry-bounds';
import { positionSchema } from '../geozones/zone';
import { COUNTRIES, OVER_PEOPLE } from '../regulation/codes';
import { dateSchema, dateTimeSchema, idParamsSchema, optionalText, pageQuerySchema, required } from './common';
import { GROUND_SOURCES, missionVerdictSchema } from './regulation';

/**
 * 1 ft = 0.3048 m. maxHeightM is the height above the ground (m AGL), maxAltitudeFt the altitude above mean sea
 * level (ft AMSL): two figures, not one in two units (docs/missions.md "Heights").
 */
export const METRES_PER_FOOT = 0.3048;
export const feetOf = (metres: number) => Math.round(metres / METRES_PER_FOOT);

export const CONTEXT_MARKER_KINDS = [
  'takeoff',
  'landing',
  'emergencyLanding',
  'telepilot',
  'observer',
  'obstacle',
  'photo',
  'video',
  'other',
] as const;

/** Every flight area of the mission in one MultiPolygon; an empty one is "no area" (MISSION_NO_AREA). */
export const missionAreasSchema = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: boundedMultiPolygonCoordinatesSchema.max(50),
});
export type MissionAreas = z.infer<typeof missionAreasSchema>;

export const missionWaypointsSchema = z.object({
  type: z.literal('LineString'),
  coordinates: z.array(positionSchema).max(1000),
});

export const contextMarkerSchema = z.object({
  kind: z.enum(CONTEXT_MARKER_KINDS),
  position: positionSchema,
  radiusM: z.number().finite().min(0).max(100_000).default(0),
  /** An obstacle's height above the ground (m), for the obstacle rule (UAS.OPEN.010(2)). */
  heightM: z.number().finite().min(0).max(1_000).optional(),
});

export type ContextMarker = z.infer<typeof contextMarkerSchema>;

const metres = z.number().finite().min(0).max(100_000);
export const safetyZonesSchema = z.object({
  exclusionM: metres.nullable().optional(),
  bufferM: metres.nullable().optional(),
  outOfViewM2: z.number().finite().min(0).nullable().optional(),
  contingencyM: metres.nullable().optional(),
  groundRiskBufferM: metres.nullable().optional(),
});

/**
 * Operational facts the regulation needs and no other field holds (docs/missions.md "Regulation"): each is optional
 * while preparing; GET /api/preflights/:id/regulation names those still missing.
 */
export const missionConstraintsSchema = z.object({
  overPeople: z.enum(OVER_PEOPLE).optional(),
  distanceToPeopleM: metres.optional(),
  vlos: z.boolean().optional(),
  urban: z.boolean().optional(),
  nearAerodrome: z.boolean().optional(),
  night: z.boolean().optional(),
  professional: z.boolean().optional(),
  controlledGroundArea: z.boolean().optional(),
  distanceToRoadM: metres.optional(),
  /** Asked where no data layer tells: over public space (FR), in a protected-species zone (FR). */
  publicSpace: z.boolean().optional(),
  inProtectedSpeciesZone: z.boolean().optional(),
  /** The entity responsible for an obstacle taller than 105 m asked for the flight above 120 m (UAS.OPEN.010(2)). */
  obstacleOwnerRequest: z.boolean().optional(),
  notes: z.string().trim().max(2000).optional(),
});
export type MissionConstraints = z.infer<typeof missionConstraintsSchema>;

const dateTime = dateTimeSchema;
const ids = z
  .array(z.uuid('validation:invalid'))
  .max(20)
  .default([])
  .transform((list) => [...new Set(list)]);

/**
 * Create and update take the whole mission. Area rules (MISSION_NO_AREA, MISSION_AREA_TOO_LARGE) and "start not in
 * the past" need the server (error codes, its clock): `missionAreaIssue` is shared, the form adds it with
 * missionFormSchema.
 */
export const missionCreateSchema = z
  .object({
    title: required().max(200),
    referentPilotId: z.uuid('validation:invalid').nullable().optional(),
    additionalPilotIds: ids,
    mainMachineId: z.uuid('validation:invalid').nullable().optional(),
    additionalMachineIds: ids,
    maxHeightM: z.number().finite().min(0).max(10_000).nullable().optional(),
    /** The lowest height flown (m AGL), empty from the ground: the floor of the band deconfliction compares. */
    minHeightM: z.number().finite().min(0).max(10_000).nullable().optional(),
    maxAltitudeFt: z.number().int().min(0).max(40_000).nullable().optional(),
    maximumDurationMin: z.number().int().min(0).max(100_000).nullable().optional(),
    totalFlightTimeMin: z.number().int().min(0).max(100_000).nullable().optional(),
    description: optionalText(5000),
    camerawork: z.boolean().default(false),
    areas: missionAreasSchema.nullable().optional(),
    waypoints: missionWaypointsSchema.nullable().optional(),
    contextMarkers: z.array(contextMarkerSchema).max(200).default([]),
    safetyZones: safetyZonesSchema.nullable().optional(),
    constraints: missionConstraintsSchema.nullable().optional(),
    scenario: optionalText(100),
    country: z.enum(COUNTRIES).nullable().optional(),
    startAt: dateTime.nullable().optional(),
    endAt: dateTime.nullable().optional(),
    requestDate: dateSchema.nullable().optional(),
    teleServiceNumber: optionalText(100),
    orderingParty: optionalText(200),
    additionalRequirements: optionalText(5000),
  })
  .refine((m) => !m.startAt || !m.endAt || new Date(m.endAt) > new Date(m.startAt), {
    path: ['endAt'],
    message: 'validation:endBeforeStart',
  })
  .refine((m) => m.minHeightM == null || m.maxHeightM == null || m.minHeightM <= m.maxHeightM, {
    path: ['minHeightM'],
    message: 'validation:minAboveMax',
  })
  .refine((m) => !m.referentPilotId || !m.additionalPilotIds.includes(m.referentPilotId), {
    path: ['additionalPilotIds'],
    message: 'validation:duplicateReferent',
  })
  .refine((m) => !m.mainMachineId || !m.additionalMachineIds.includes(m.mainMachineId), {
    path: ['additionalMachineIds'],
    message: 'validation:duplicateMainMachine',
  });
export type MissionCreate = z.infer<typeof missionCreateSchema>;

export const missionUpdateSchema = missionCreateSchema;
export type MissionUpdate = z.infer<typeof missionUpdateSchema>;

/** The area's geodesic surface in km² (turf), 0 without area. */
export function missionAreaKm2(areas: MissionAreas | null | undefined): number {
  return areas && areas.coordinates.length > 0 ? areaKm2(areas) : 0;
}

/** Domain §5: a flight area is required and covers at most 10 km². */
export function missionAreaIssue(areas: MissionAreas | null | undefined): 'MISSION_NO_AREA' | 'MISSION_AREA_TOO_LARGE' | null {
  if (!areas || areas.coordinates.length === 0) return 'MISSION_NO_AREA';
  return missionAreaKm2(areas) > MISSION_MAX_AREA_KM2 ? 'MISSION_AREA_TOO_LARGE' : null;
}

/** The form's schema: the contract plus the area rules as validation keys. */
export const missionFormSchema = missionCreateSchema.superRefine((m, ctx) => {
  const issue = missionAreaIssue(m.areas);
  if (issue)
    ctx.addIssue({
      code: 'custom',
      path: ['areas'],
      message: issue === 'MISSION_NO_AREA' ? 'validation:missionNoArea' : 'validation:missionAreaTooLarge',
    });
});

/**
 * Domain §5: a mission is created with at least one pilot and one machine, referent or additional. Each field that
 * misses one with its message (i18n key); none when the crew is there.
 */
export function missionCrewIssues(
  m: Pick<MissionCreate, 'referentPilotId' | 'additionalPilotIds' | 'mainMachineId' | 'additionalMachineIds'>,
): { path: 'referentPilotId' | 'mainMachineId'; message: string }[] {
  return [
    ...(!m.referentPilotId && m.additionalPilotIds.length === 0
      ? [{ path: 'referentPilotId' as const, message: 'validation:missionNoPilot' }]
      : []),
    ...(!m.mainMachineId && m.additionalMachineIds.length === 0
      ? [{ path: 'mainMachineId' as const, message: 'validation:missionNoMachine' }]
      : []),
  ];
}

/** The form of a new mission: a pilot and a machine are asked for before it is created. */
export const newMissionFormSchema = missionFormSchema.superRefine((m, ctx) => {
  for (const { path, message } of missionCrewIssues(m)) ctx.addIssue({ code: 'custom', path: [path], message });
});

const pilotRef = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });
const machineRef = z.object({ id: z.string(), internalName: z.string(), serialNumber: z.string() });

export const missionSummarySchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  title: z.string(),
  status: z.enum(MISSION_STATUSES),
  referentPilot: pilotRef.nullable(),
  mainMachine: machineRef.nullable(),
  maxHeightM: z.number().nullable(),
  areaKm2: z.number(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  country: z.enum(COUNTRIES).nullable(),
  allowedActions: z.array(z.enum(MISSION_ACTIONS)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MissionSummary = z.infer<typeof missionSummarySchema>;

export const missionDetailSchema = missionSummarySchema.extend({
  additionalPilots: z.array(pilotRef),
  additionalMachines: z.array(machineRef),
  minHeightM: z.number().nullable(),
  maxAltitudeFt: z.number().int().nullable(),
  maxAltitudeSource: z.enum(['operator', 'terrain']).nullable(),
  groundElevationM: z.number().nullable(),
  groundElevationSource: z.enum(GROUND_SOURCES).nullable(),
  /** A permission request was accepted: start, end, main machine, height and areas can no longer change. */
  fieldsLocked: z.boolean(),
  /**
   * Why the reader may not validate a mission waiting for validation (docs/security.md): his operator asks for a second
   * person and he sent it, or he is a supervised pilot whose level and rights do not let him validate. Absent otherwise.
   */
  validationRefused: z.enum(['MISSION_SELF_VALIDATION', 'MISSION_VALIDATION_NOT_ALLOWED']).optional(),
  maximumDurationMin: z.number().int().nullable(),
  totalFlightTimeMin: z.number().int().nullable(),
  description: z.string().nullable(),
  camerawork: z.boolean(),
  areas: missionAreasSchema.nullable(),
  waypoints: missionWaypointsSchema.nullable(),
  contextMarkers: z.array(contextMarkerSchema),
  safetyZones: safetyZonesSchema.nullable(),
  constraints: missionConstraintsSchema.nullable(),
  scenario: z.string().nullable(),
  lastVerdict: missionVerdictSchema.nullable(),
  lastVerdictAt: z.string().nullable(),
  requestDate: z.string().nullable(),
  teleServiceNumber: z.string().nullable(),
  orderingParty: z.string().nullable(),
  additionalRequirements: z.string().nullable(),
  duplicatedFromId: z.string().nullable(),
});
export type MissionDetail = z.infer<typeof missionDetailSchema>;

export const MISSION_SORTS = ['startAt', 'title', 'createdAt', 'status'] as const;

const statusList = z
  .union([z.enum(MISSION_STATUSES), z.array(z.enum(MISSION_STATUSES))])
  .transform((value) => (Array.isArray(value) ? value : [value]));

/** `from`/`to` select missions whose [startAt, endAt] meets the range (calendar views). */
export const missionListQuerySchema = pageQuerySchema
  .extend({
    sort: z.enum(MISSION_SORTS).default('startAt'),
    status: statusList.optional(),
    from: dateTime.optional(),
    to: dateTime.optional(),
    ownerId: z.uuid('validation:invalid').optional().describe("An administrator's filter (PREFLIGHT_LIST_ADMIN)"),
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) <= new Date(q.to), { path: ['to'], message: 'validation:endBeforeStart' });
export type MissionListQuery = z.infer<typeof missionListQuerySchema>;

export const missionActionParamsSchema = idParamsSchema.extend({ action: z.enum(MISSION_ACTIONS) });

/** Spec domain §7: POST preflights/takeoff and preflights/landing carry the mission id as preFlightId. */
export const flightEventBodySchema = z.object({ preFlightId: z.uuid('validation:invalid') });
/** The take-off call may carry the reason for going past the go/no-go check's warnings (docs/flight.md "Go/no-go"). */
export const takeoffBodySchema = flightEventBodySchema.extend({ reason: optionalText(1000) });

export const missionActionBodySchema = z.object({ reason: optionalText(1000) });

export const missionHistoryEntrySchema = z.object({
  id: z.string(),
  from: z.enum(MISSION_STATUSES).nullable(),
  to: z.enum(MISSION_STATUSES),
  action: z.string(),
  actorId: z.string().nullable(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type MissionHistoryEntry = z.infer<typeof missionHistoryEntrySchema>;

export const MISSION_EXPORT_FORMATS = ['geojson', 'kml', 'gpx'] as const;
export const missionExportQuerySchema = z.object({ format: z.enum(MISSION_EXPORT_FORMATS).default('geojson') });

/** The pilots and machines a mission can name: its owner's current ones (docs/missions.md "Choices"). */
export const missionChoicesQuerySchema = z.object({ missionId: z.uuid('validation:invalid').optional() });
export const missionChoicesSchema = z.object({ pilots: z.array(pilotRef), machines: z.array(machineRef) });
export type MissionChoices = z.infer<typeof missionChoicesSchema>;

export const missionRegulationQuerySchema = z.object({ country: z.enum(COUNTRIES).optional() });
