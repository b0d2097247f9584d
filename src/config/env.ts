/** Build-time configuration of the SPA (Vite exposes only VITE_* variables). */
export const env = {
  apiUrl: import.meta.env.VITE_API_URL ?? '/api',
} as const;
