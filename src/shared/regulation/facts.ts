import { z } from 'zod';
import { CLASS_MARKS, GEOZONE_RESTRICTIONS, JP_TYPE_CERTIFICATES, NATIONAL_SCENARIOS, OVER_PEOPLE, PILOT_CERTIFICATES } from './codes';

const metres = z.number().finite().min(0);
const isoDate = z.iso.date();
const localTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

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
    message: z.string().optional(),
    authorityName: z.string().optional(),
    intervalBeforeDays: z.number().int().min(0).optional(),
  })
  .refine((zone) => zone.upperLimitM === null || zone.lowerLimitM <= zone.upperLimitM, {
    path: ['upperLimitM'],
  });
export type GeozoneFact = z.infer<typeof geozoneFactSchema>;

/** Mission facts of regulation.md §8: the plain fields are required, the grouped ones optional. */
export const missionFactsSchema = z.object({
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
  timeUTC: localTime.optional(),
});
export type MissionFacts = z.infer<typeof missionFactsSchema>;
