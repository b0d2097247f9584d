import { z } from 'zod';
import { BLOCKER_CODES, CATEGORIES, COUNTRIES, JP_CATEGORIES, OVERVIEWS, REQUIREMENT_CODES, RULE_OUTCOMES, SUBCATEGORIES } from './codes';

const isoDate = z.iso.date();

export const ruleResultSchema = z.object({
  id: z.string(),
  catalogueCode: z.string().regex(/^(WTS|CPX)\d{3}$/),
  outcome: z.enum(RULE_OUTCOMES),
  labelKey: z.string().startsWith('regulation:rules.'),
  source: z.string().min(1),
  /** Geozone identifiers the rule result is about. */
  subjects: z.array(z.string()).optional(),
  /** Interpolation values for the label (thresholds, dates). */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});
export type RuleResult = z.infer<typeof ruleResultSchema>;

export const verdictSchema = z.object({
  country: z.enum(COUNTRIES),
  dateISO: isoDate,
  category: z.enum(CATEGORIES),
  subcategory: z.enum(SUBCATEGORIES).optional(),
  overview: z.enum(OVERVIEWS).optional(),
  transitional: z.boolean(),
  requirements: z.array(z.enum(REQUIREMENT_CODES)),
  blockers: z.array(z.enum(BLOCKER_CODES)),
  /** Height cap without a further authorisation; null where the regime sets no general cap (JP, MC). */
  maxHeightM: z.number().min(0).nullable(),
  noticeWorkingDays: z.number().int().positive().optional(),
  noticeDays: z.number().int().positive().optional(),
  noticeSatisfied: z.boolean().optional(),
  earliestFlightDateISO: isoDate.optional(),
  latestSubmissionDateISO: isoDate.optional(),
  jpCategory: z.enum(JP_CATEGORIES).optional(),
  rules: z.array(ruleResultSchema),
});
export type Verdict = z.infer<typeof verdictSchema>;
