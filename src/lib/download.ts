import { apiClient, notifyError } from './api-client';
import { BUSY_RETRIES, busyWaitMs, isExportBusy } from './busy';

/**
 * How long a saved file's object URL lives after its link is clicked. Firefox and Safari fetch the URL on a later task
 * than the click's (Mozilla's bug 1282407): revoked on the click's own task, the download silently never comes.
 * FileSaver.js waits 40 s too.
 */
export const SAVED_BLOB_URL_MS = 40_000;

/** Saves a file the API answered: fetched with the session's token, so not a plain link. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), SAVED_BLOB_URL_MS);
}

/**
 * Downloads a file the API builds and saves it as `name`. Refused because the user's exports are busy (src/lib/busy.ts),
 * it is asked for again after the wait the server names; only a refusal that lasts, or any other error, is shown.
 */
export async function downloadFile(url: string, params: object, name: string) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await apiClient.get<Blob>(url, { params, responseType: 'blob', silent: true });
      saveBlob(response.data, name);
      return;
    } catch (error) {
      if (attempt < BUSY_RETRIES && isExportBusy(error)) {
        await new Promise((resolve) => setTimeout(resolve, busyWaitMs(error)));
        continue;
      }
      notifyError(error);
      throw error;
    }
  }
}
