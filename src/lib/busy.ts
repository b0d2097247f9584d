import { isAxiosError } from 'axios';
import { apiErrorCode } from './api-client';

/**
 * The exports a user runs at once are bounded (429 EXPORT_BUSY, docs/performance.md "Exports and replay"), and a screen
 * may hold one itself (the flight report's map reads the track's GeoJSON export while a download is asked for): such a
 * refusal is tried again, at most this many times, after the wait the server names.
 */
export const BUSY_RETRIES = 3;

/** The wait when the refusal names none (Retry-After), in seconds: the server's own. */
const BUSY_WAIT_DEFAULT_S = 5;

export const isExportBusy = (error: unknown) => apiErrorCode(error) === 'EXPORT_BUSY';

/** The wait a refusal asks for (its Retry-After), in milliseconds. */
export function busyWaitMs(error: unknown) {
  const seconds = isAxiosError(error) ? Number(error.response?.headers?.['retry-after']) : Number.NaN;
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : BUSY_WAIT_DEFAULT_S) * 1000;
}
