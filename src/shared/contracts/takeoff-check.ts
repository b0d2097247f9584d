import { z } from 'zod';

/**
 * The take-off go/no-go check (docs/flight.md "Go/no-go"): what is checked before a mission takes off, in the order
 * the panel shows it.
 */
export const TAKEOFF_CHECK_ITEMS = ['mission', 'authorisation', 'pilot', 'machine', 'weather', 'alerts'] as const;

/**
 * `blocking` refuses the take-off with the item's code; `warning` lets it go only with a reason, written into the
 * flight's diary history; `info` says what could not be checked (no forecast, no document recorded); `ok` holds.
 */
export const TAKEOFF_CHECK_LEVELS = ['ok', 'info', 'warning', 'blocking'] as const;
export type TakeoffCheckLevel = (typeof TAKEOFF_CHECK_LEVELS)[number];

/** Codes of the items that are not `ok`: a blocking one is also the take-off's error code (src/shared/errors.ts). */
export const TAKEOFF_CHECK_CODES = [
  'TAKEOFF_MISSION_NOT_VALIDATED',
  'TAKEOFF_REQUEST_NOT_ACCEPTED',
  'TAKEOFF_OUTSIDE_SLOT',
  'TAKEOFF_NO_ACTIVATION',
  'TAKEOFF_PILOT_DOCUMENT_EXPIRED',
  'TAKEOFF_PILOT_NO_DOCUMENT',
  'TAKEOFF_NO_PILOT',
  'TAKEOFF_MACHINE_WITHDRAWN',
  'TAKEOFF_NO_MACHINE',
  'TAKEOFF_WEATHER_BELOW_VFR',
  'TAKEOFF_NO_WEATHER',
  'TAKEOFF_ALERTS_TOUCHING',
] as const;

export const takeoffCheckItemSchema = z.object({
  item: z.enum(TAKEOFF_CHECK_ITEMS),
  level: z.enum(TAKEOFF_CHECK_LEVELS),
  code: z.enum(TAKEOFF_CHECK_CODES).nullable(),
  /** What the item is about: an airspace's or a pilot's name, a document type and its end, a station and its category. */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type TakeoffCheckItem = z.infer<typeof takeoffCheckItemSchema>;

/** `GET /api/preflights/{id}/takeoff-check`. */
export const takeoffCheckSchema = z.object({
  at: z.string(),
  items: z.array(takeoffCheckItemSchema),
  /** Some item refuses the take-off. */
  blocked: z.boolean(),
  /** Some item asks for a reason before the take-off. */
  needsReason: z.boolean(),
});
export type TakeoffCheck = z.infer<typeof takeoffCheckSchema>;
