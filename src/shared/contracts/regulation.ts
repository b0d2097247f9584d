import { z } from 'zod';
import { geozoneFactSchema, missionFactsSchema, verdictSchema } from '../regulation';
import { missionAreaSchema } from './zones';

/**
 * POST /api/regulation/classify. `country` is left free so that the engine answers the domain errors of spec
 * domain §8: absent → COUNTRY_UNDETERMINED, not one of EU, FR, JP, LU, MC → REGULATION_NOT_SUPPORTED.
 * With `area`, the server adds the stored geozones the area touches at `facts.dateISO` + `facts.timeUTC` to
 * `facts.geozones` (which may also be given directly).
 */
export const classifyRequestSchema = z.object({
  country: z.string().trim().max(16).nullish(),
  facts: missionFactsSchema,
  area: missionAreaSchema.optional(),
});
export type ClassifyRequest = z.infer<typeof classifyRequestSchema>;

/** The verdict with its rules, and the geozones it was decided on (those given plus those found for `area`). */
export const classifyResponseSchema = verdictSchema.extend({ geozones: z.array(geozoneFactSchema) });
export type ClassifyResponse = z.infer<typeof classifyResponseSchema>;
