import { z } from 'zod';
import { TRACK_EXPORT_FORMATS } from '../geo/track-files';

/** What an imported track file added to the mission's stored track. */
export const trackImportResultSchema = z.object({
  fileName: z.string(),
  positions: z.number().int(),
  firstAt: z.string(),
  lastAt: z.string(),
});
export type TrackImportResult = z.infer<typeof trackImportResultSchema>;

export const trackExportQuerySchema = z.object({ format: z.enum(TRACK_EXPORT_FORMATS, 'validation:invalid') }).strict();
