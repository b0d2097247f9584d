/** Build-time configuration of the SPA (Vite exposes only VITE_* variables). */
export const env = {
  apiUrl: import.meta.env.VITE_API_URL ?? '/api',
  /** A MapLibre style URL drawn under our layers, or 'offline'; unset: OpenFreeMap, with the shipped basemap as fallback (docs/map.md). */
  basemapStyleUrl: (import.meta.env.VITE_BASEMAP_STYLE_URL as string | undefined) || undefined,
} as const;
