import type { TrackFileError, TrackFileFormat } from '../../../src/shared/geo/track-files';
import { AppError } from '../../lib/app-error';
import { createWorkerPool } from '../../lib/worker-pool';
import type { BatteryCharge, TrackRead } from './track-positions';

export interface TrackReaderLimits {
  /** Files read at once, each by its own worker thread. */
  concurrency: number;
  /** Files waiting for a worker; one more answers 429 TRACK_IMPORT_BUSY. */
  queue: number;
  /** Positions a file may hold (TRACK_FILE_TOO_MANY_POINTS beyond). */
  maxPoints: number;
  /** A worker's heap and a file's time: beyond either, the file answers TRACK_FILE_TOO_COMPLEX. */
  heapMb: number;
  timeoutMs: number;
  /** An idle worker ends after this long, and its memory with it. */
  idleMs: number;
}

export interface TrackReaderPool {
  read(path: string, format: TrackFileFormat): Promise<TrackRead>;
}

interface WorkerAnswer {
  times?: Float64Array;
  lats?: Float64Array;
  lons?: Float64Array;
  heights?: Float64Array;
  battery?: BatteryCharge | null;
  error?: { code?: TrackFileError['code']; message: string };
}

const RETRY_AFTER_SECONDS = 5;

function trackOf({ times, lats, lons, heights, battery = null }: WorkerAnswer): TrackRead {
  const empty = new Float64Array(0);
  return { times: times ?? empty, lats: lats ?? empty, lons: lons ?? empty, heights: heights ?? empty, battery };
}

/**
 * Reads track files in worker threads (track-reader-worker.mjs) on the shared piscina pool helper, a bounded number at
 * once and a bounded number waiting, each with a bounded heap and time, so that no file holds the thread every request
 * is answered on (docs/security.md "Uploads"). A worker serves file after file, and ends when idle, out of memory or out
 * of time.
 */
export function createTrackReaderPool(limits: TrackReaderLimits): TrackReaderPool {
  const tooComplex = (why: string) => new AppError('TRACK_FILE_TOO_COMPLEX', `Reading the track file ${why}`);
  const pool = createWorkerPool<{ path: string; format: TrackFileFormat }, WorkerAnswer>({
    file: new URL('./track-reader-worker.mjs', import.meta.url),
    threads: limits.concurrency,
    queue: {
      size: limits.queue,
      full: () =>
        new AppError('TRACK_IMPORT_BUSY', 'Too many track files are being read: try again shortly', {
          retryAfterSeconds: RETRY_AFTER_SECONDS,
        }),
    },
    timeoutMs: limits.timeoutMs,
    idleMs: limits.idleMs,
    heapMb: limits.heapMb,
    workerData: { maxPoints: limits.maxPoints },
    timedOut: () => tooComplex(`took longer than ${limits.timeoutMs} ms`),
    outOfMemory: () => tooComplex(`needed more than ${limits.heapMb} MB`),
  });

  return {
    async read(path, format) {
      const answer = await pool.run({ path, format });
      if (answer.error) throw answer.error.code ? new AppError(answer.error.code, answer.error.message) : new Error(answer.error.message);
      return trackOf(answer);
    },
  };
}
