import { isAxiosError } from 'axios';
import { apiClient, apiErrorCode, notifyError } from './api-client';

/**
 * How long a saved file's object URL lives after its link is clicked. Firefox and Safari fetch the URL on a later task
 * than the click's (Mozilla's bug 1282407): revoked on the click's own task, the download silently never comes.
 * FileSaver.js waits 40 s too.
 */
export const SAVED_BLOB_URL_MS = 40_000;

/** Times a file refused with 429 EXPORT_BUSY is asked for again before the refusal is shown. */
export const BUSY_RETRIES = 3;

/** The wait before asking again when the refusal names none (Retry-After), in seconds: the server's own. */
const BUSY_WAIT_DEFAULT_S = 5;

/** Saves a file the API answered: fetched with the session's token, so not a plain link. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), SAVED_BLOB_URL_MS);
}

function busyWaitMs(error: unknown) {
  const seconds = isAxiosError(error) ? Number(error.response?.headers?.['retry-after']) : Number.NaN;
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : BUSY_WAIT_DEFAULT_S) * 1000;
}

/**
 * Downloads a file the API builds and saves it as `name`. The exports a user runs at once are bounded (429 EXPORT_BUSY,
 * docs/performance.md "Exports and replay"), and the screen may be reading one itself (the flight report's map reads
 * the track's GeoJSON export, again after an import): refused so, the file is asked for again after the wait the
 * server names, and only a refusal that lasts, or any other error, is shown.
 */
export async function downloadFile(url: string, params: object, name: string) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await apiClient.get<Blob>(url, { params, responseType: 'blob', silent: true });
      saveBlob(response.data, name);
      return;
    } catch (error) {
      if (attempt < BUSY_RETRIES && apiErrorCode(error) === 'EXPORT_BUSY') {
        await new Promise((resolve) => setTimeout(resolve, busyWaitMs(error)));
        continue;
      }
      notifyError(error);
      throw error;
    }
  }
}
