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
