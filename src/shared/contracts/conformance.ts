import { z } from 'zod';

/**
 * Flight conformance (docs/alerts.md "Flight conformance"): every flying mission is checked against what it was
 * granted, with no alert drawn. A rule broken opens a violation episode of that rule.
 * - `area`: outside the mission's areas beyond its contingency distance, or outside a reduced area granted;
 * - `height`: above the lowest of the mission's maximum height and the `maxHeight` restrictions;
 * - `slot`: outside the mission's dates or a `timeSlot` restriction;
 * - `activation`: outside every held activation of a request whose airspace asks for them.
 */
export const CONFORMANCE_RULES = ['area', 'height', 'slot', 'activation'] as const;
export type ConformanceRule = (typeof CONFORMANCE_RULES)[number];
export const conformanceRuleSchema = z.enum(CONFORMANCE_RULES);

/**
 * The state of one flying traffic: `conforming`; `warning` when it comes within the configured margin of an edge,
 * of the height limit or of the slot's end; `violating` when a rule is broken; `unidentified` for a drone seen with
 * no flying mission (nothing granted to check against).
 */
export const CONFORMANCE_STATES = ['conforming', 'warning', 'violating', 'unidentified'] as const;
export type ConformanceState = (typeof CONFORMANCE_STATES)[number];

/** What the pilot's screens show and the live stream's `conformance` event carries, for one position. */
export const flightConformanceSchema = z.object({
  missionId: z.string().nullable(),
  /** The account whose position or tracker this is. */
  userId: z.string().nullable(),
  ident: z.string(),
  source: z.string(),
  time: z.string(),
  lat: z.number(),
  lon: z.number(),
  state: z.enum(CONFORMANCE_STATES),
  /** The rules broken (violating) and those approached (warning). */
  violations: z.array(conformanceRuleSchema),
  warnings: z.array(conformanceRuleSchema),
  /** Metres to the nearest edge of the allowed area (its contingency included): negative outside; null without area. */
  edgeDistanceM: z.number().nullable(),
  /** The contingency distance allowed beyond the areas, metres. */
  toleranceM: z.number(),
  /** Height above the take-off point; null when the position carries none (it is then not checked). */
  heightM: z.number().nullable(),
  maxHeightM: z.number().nullable(),
  /** End of the current slot (the earliest of the mission's end, time slots and held activations); null when none. */
  slotEndsAt: z.string().nullable(),
});
export type FlightConformance = z.infer<typeof flightConformanceSchema>;

/**
 * The live stream tells a flight's state when it changes (docs/live-traffic.md), and again at least this often while
 * the flight goes on (by the positions' time), so that a state is never older than this beside a fresh position.
 */
export const CONFORMANCE_KEYFRAME_MS = 30_000;
