import { z } from 'zod';
import { COUNTRIES } from '../regulation/codes';
import { geozoneFactSchema, missionFactsSchema } from '../regulation/facts';
import { verdictSchema } from '../regulation/verdict';
import { missionAreaSchema } from './zones';

/**
 * POST /api/regulation/classify. `country` is left free so that the engine answers the domain errors of spec
 * domain §8: absent → COUNTRY_UNDETERMINED, not one of EU, FR, JP, LU, MC → REGULATION_NOT_SUPPORTED.
 * With `area`, the server adds the stored geozones the area touches at `facts.dateISO` + `facts.timeUTC` to
 * `facts.geozones` (which may also be given directly).
 */
export const classifyBodySchema = z.strictObject({
  country: z.string().trim().max(16).nullish(),
  facts: missionFactsSchema,
  area: missionAreaSchema.optional(),
});
export type ClassifyBody = z.infer<typeof classifyBodySchema>;

/** The verdict with its rules, and the geozones it was decided on (those given plus those found for `area`). */
export const classifyResultSchema = verdictSchema.extend({ geozones: z.array(geozoneFactSchema) });
export type ClassifyResult = z.infer<typeof classifyResultSchema>;

/** A country an area lies in (ISO 3166-1 alpha-2 territory) and the regulation that applies there; null: not supported. */
export const areaCountrySchema = z.object({ code: z.string().length(2), regulation: z.enum(COUNTRIES).nullable() });
export type AreaCountry = z.infer<typeof areaCountrySchema>;

/** POST /api/regulation/countries: the countries of an area, the one holding most of it first. */
export const areaCountriesBodySchema = z.strictObject({ area: missionAreaSchema });
export const areaCountriesResultSchema = z.object({ countries: z.array(areaCountrySchema) });
export type AreaCountriesResult = z.infer<typeof areaCountriesResultSchema>;

export const GROUND_SOURCES = ['terrain', 'operator'] as const;

/**
 * The verdict of a stored mission (GET /api/preflights/:id/regulation, Mission.lastVerdict): the verdict under the
 * mission's regulation at the top level, and one verdict per regulation of the countries the area lies in.
 */
export const missionVerdictSchema = classifyResultSchema.extend({
  areaCountries: z.array(areaCountrySchema),
  verdicts: z.array(classifyResultSchema),
  /** The ground the zones' AMSL limits were compared with (m AMSL), and where it came from; null: unknown. */
  groundElevationM: z.number().nullable(),
  groundSource: z.enum(GROUND_SOURCES).nullable(),
  /**
   * The countries of the area (ISO 3166-1 alpha-2) the application holds no geozone of: the verdicts of their
   * regulations were decided without zones, so they are incomplete. Absent from verdicts stored before it existed.
   */
  zoneDataMissing: z.array(z.string().length(2)).optional(),
});
export type MissionVerdict = z.infer<typeof missionVerdictSchema>;
