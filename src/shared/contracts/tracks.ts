import { z } from 'zod';
import { TRACK_EXPORT_FORMATS } from '../geo/track-files';

const placeSchema = z.object({ lat: z.number(), lon: z.number() });

/**
 * What a track file tells of its flight: seconds from first to last position, take-off and landing places, the
 * greatest height (metres above the take-off or the surface) and distance from the take-off (metres), the battery
 * charge at the start and the end where the log has it, and whether the track lies a day or more outside the
 * mission's planned dates.
 */
export const trackFlightSchema = z.object({
  durationS: z.number().int(),
  takeoff: placeSchema,
  landing: placeSchema,
  maxHeightM: z.number().nullable(),
  maxDistanceM: z.number().int(),
  battery: z.object({ firstPct: z.number(), lastPct: z.number() }).nullable(),
  outsideMission: z.boolean(),
});
export type TrackFlight = z.infer<typeof trackFlightSchema>;

/** What an imported track file added to the mission's stored track. */
export const trackImportResultSchema = z.object({
  fileName: z.string(),
  positions: z.number().int(),
  firstAt: z.string(),
  lastAt: z.string(),
  flight: trackFlightSchema,
});
export type TrackImportResult = z.infer<typeof trackImportResultSchema>;

export const trackExportQuerySchema = z.object({ format: z.enum(TRACK_EXPORT_FORMATS, 'validation:invalid') }).strict();
