import { z } from 'zod';
import { CLASS_MARKS, GEOZONE_RESTRICTIONS, JP_TYPE_CERTIFICATES, NATIONAL_SCENARIOS, OVER_PEOPLE, PILOT_CERTIFICATES } from './codes';

const metres = z.number().finite().min(0);
const isoDate = z.iso.date();
const localTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
/** regulation.md §8 writes `timeUTC` as "18:00:00Z"; "18:00" and "18:00:00" are read as UTC too. */
const utcTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?Z?$/)
  .transform((value) => value.replace(/Z$/, '').slice(0, 8).padEnd(8, ':00').slice(0, 8));

/**
 * France: the kind of a zone in the AIP, which the SIA's ED-269 file publishes as PROHIBITED for all of them and names
 * in `otherReasonInfo`: prohibited (P), restricted (R), dangerous (D) zones, control zones (CTR), terminal control
 * areas (TMA) and low-altitude overflight bans (SUR, ENR 5.7.1). The law gives R, D and SUR zones and CTRs a way in.
 */
export const FR_AIRSPACE_KINDS = ['P', 'R', 'D', 'CTR', 'TMA', 'SUR'] as const;
export type FrAirspaceKind = (typeof FR_AIRSPACE_KINDS)[number];

/**
 * One applicable geozone volume, flattened by the server from ED-269 / ED-318 (regulation.md §5): the server
 * decides which zones intersect the mission horizontally and in time, the engine decides the consequences.
 * A null upper limit means "no ceiling" (ED-269 null upper limit).
 */
export const geozoneFactSchema = z
  .object({
    identifier: z.string().min(1),
    name: z.string(),
    restriction: z.enum(GEOZONE_RESTRICTIONS),
    lowerLimitM: metres,
    upperLimitM: metres.nullable(),
    /** Absent: AGL. A WGS84 limit is converted to AMSL by whoever has the zone's position (the server). */
    lowerReference: z.enum(['AGL', 'AMSL']).optional(),
    upperReference: z.enum(['AGL', 'AMSL']).optional(),
    message: z.string().optional(),
    authorityName: z.string().optional(),
    intervalBeforeDays: z.number().int().min(0).optional(),
    airspaceKind: z.enum(FR_AIRSPACE_KINDS).optional(),
  })
  .strict()
  .refine(
    (zone) =>
      zone.upperLimitM === null ||
      (zone.lowerReference ?? 'AGL') !== (zone.upperReference ?? 'AGL') ||
      zone.lowerLimitM <= zone.upperLimitM,
    { path: ['upperLimitM'] },
  );
export type GeozoneFact = z.infer<typeof geozoneFactSchema>;

/**
 * regulation.md §8 `geozone`: one raw ED-269 zone (UASZoneVersion) or ED-318 Feature, with its applicability,
 * schedules and volumes, plus where the mission lies: `missionInsideHorizontalProjection` for polygon volumes,
 * `missionDistanceFromCenterM` for circle volumes. The zone's own members are read by the ED-269 / ED-318 parsers.
 */
export const rawGeozoneFactSchema = z
  .object({
    missionInsideHorizontalProjection: z.boolean().optional(),
    missionDistanceFromCenterM: metres.optional(),
  })
  .catchall(z.unknown());

/**
 * Mission facts of regulation.md §8: the plain fields are required, the grouped ones optional. Strict: a fact the
 * engine does not know is refused rather than silently ignored.
 */
export const missionFactsSchema = z.strictObject({
  massGrams: z.number().finite().positive(),
  classMark: z.enum(CLASS_MARKS),
  maxHeightM: metres,
  overPeople: z.enum(OVER_PEOPLE),
  distanceToPeopleM: metres,
  vlos: z.boolean(),
  urban: z.boolean(),
  pilotAge: z.number().int().min(0).max(130),
  pilotCertificates: z.array(z.enum(PILOT_CERTIFICATES)),
  nearAerodrome: z.boolean(),
  dateISO: isoDate,

  hasCamera: z.boolean().optional(),
  isToy: z.boolean().optional(),
  lowSpeedMode: z.boolean().optional(),
  maxSpeedMps: z.number().finite().min(0).optional(),
  certifiedUas: z.boolean().optional(),
  typeCertificate: z.enum(JP_TYPE_CERTIFICATES).optional(),

  distanceToResidentialM: metres.optional(),
  directSupervision: z.boolean().optional(),

  obstacleHeightM: metres.optional(),
  obstacleDistanceM: metres.optional(),
  obstacleOwnerRequest: z.boolean().optional(),

  transportsPeople: z.boolean().optional(),
  professional: z.boolean().optional(),

  controlledGroundArea: z.boolean().optional(),
  populatedEnvironment: z.boolean().optional(),
  airspaceObservers: z.boolean().optional(),
  distanceFromPilotM: metres.optional(),
  scenario: z.enum(NATIONAL_SCENARIOS).optional(),

  declarationDateISO: isoDate.optional(),
  applicationDateISO: isoDate.optional(),

  publicSpace: z.boolean().optional(),
  zonePeuplee: z.boolean().optional(),
  prefectAuthorisedPlace: z.boolean().optional(),
  runwayInstrument: z.boolean().optional(),
  runwayLengthM: metres.optional(),
  distanceDAkm: metres.optional(),
  inCTR: z.boolean().optional(),
  ctrListedAnnexII3: z.boolean().optional(),
  night: z.boolean().optional(),
  lightSignalling: z.boolean().optional(),
  inProtectedSpeciesZone: z.boolean().optional(),
  distanceToRoadM: metres.optional(),

  inDID: z.boolean().optional(),
  nearAirport: z.boolean().optional(),
  eventSite: z.boolean().optional(),
  accessControlled: z.boolean().optional(),

  agrement: z.boolean().optional(),
  nearHeliportM: metres.optional(),
  overPrincePalace: z.boolean().optional(),
  timeLocal: localTime.optional(),

  geozones: z.array(geozoneFactSchema).optional(),
  geozone: rawGeozoneFactSchema.optional(),
  timeUTC: utcTime.optional(),
  /** Engine extension: the ground elevation under the area, metres above mean sea level (terrain model). */
  groundElevationM: z.number().finite().min(-500).max(9_000).optional(),
  /** Engine extension: the mission's maximum altitude above mean sea level, in metres. */
  maxAltitudeAmslM: z.number().finite().min(-500).max(20_000).optional(),
  /** Engine extension (EU-LUC-01): the operator holds a light UAS operator certificate whose terms cover the flight. */
  lightUasOperatorCertificate: z.boolean().optional(),
});
export type MissionFacts = z.infer<typeof missionFactsSchema>;
