// Reads track files off the request thread (track-reader-pool.ts, on piscina), one at a time: the positions go back as
// typed arrays, moved rather than copied. Plain JavaScript that loads the TypeScript readers through tsx, so that it
// starts the same under node, tsx and vitest.
import { createReadStream } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { tsImport } from 'tsx/esm/api';

const { readTrack } = await tsImport('./track-readers.ts', import.meta.url);
const { maxPoints } = workerData;

export default async function read({ id, path, format }) {
  parentPort.postMessage({ started: id });
  try {
    const track = await readTrack(createReadStream(path), format, { maxPoints });
    const { times, lats, lons, heights, battery } = track;
    return move({
      [transferableSymbol]: [times.buffer, lats.buffer, lons.buffer, heights.buffer],
      [valueSymbol]: { times, lats, lons, heights, battery },
    });
  } catch (error) {
    const known = error instanceof Error && error.name === 'TrackFileError';
    return { error: { code: known ? error.code : undefined, message: error instanceof Error ? error.message : String(error) } };
  }
}
