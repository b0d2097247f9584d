import { z } from 'zod';

/** What the SPA's maps need from the server's configuration (docs/map.md "Aerial imagery"). */
export const mapSettingsSchema = z.object({
  /** Raster tile URL template ({z}/{x}/{y}) of aerial or satellite imagery; null: none configured (AERIAL_TILES_URL). */
  aerialTilesUrl: z.string().nullable(),
});
export type MapSettings = z.infer<typeof mapSettingsSchema>;
