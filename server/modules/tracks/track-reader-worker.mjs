// Reads track files off the request thread (track-reader-pool.ts), one at a time: the positions go back as typed
// arrays, moved rather than copied. Plain JavaScript that loads the TypeScript readers through tsx, so that it starts
// the same under node, tsx and vitest.
import { createReadStream } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { readTrack } = await tsImport('./track-readers.ts', import.meta.url);
const { maxPoints } = workerData;

parentPort.on('message', async ({ id, path, format }) => {
  try {
    const { times, lats, lons, heights, battery } = await readTrack(createReadStream(path), format, { maxPoints });
    parentPort.postMessage({ id, times, lats, lons, heights, battery }, [times.buffer, lats.buffer, lons.buffer, heights.buffer]);
  } catch (error) {
    const known = error instanceof Error && error.name === 'TrackFileError';
    parentPort.postMessage({
      id,
      error: { code: known ? error.code : undefined, message: error instanceof Error ? error.message : String(error) },
    });
  }
});
