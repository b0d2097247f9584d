import { Worker } from 'node:worker_threads';
import type { TrackFileError, TrackFileFormat } from '../../../src/shared/geo/track-files';
import { AppError } from '../../lib/app-error';
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
  id: number;
  times?: Float64Array;
  lats?: Float64Array;
  lons?: Float64Array;
  heights?: Float64Array;
  battery?: BatteryCharge | null;
  error?: { code?: TrackFileError['code']; message: string };
}

interface Reader {
  worker: Worker;
  idle: NodeJS.Timeout | undefined;
  pending: { id: number; answer(answer: WorkerAnswer): void; fail(error: Error): void } | undefined;
}

const RETRY_AFTER_SECONDS = 5;

function trackOf({ times, lats, lons, heights, battery = null }: WorkerAnswer): TrackRead {
  const empty = new Float64Array(0);
  return { times: times ?? empty, lats: lats ?? empty, lons: lons ?? empty, heights: heights ?? empty, battery };
}

/**
 * Reads track files in worker threads (track-reader-worker.mjs), a bounded number at once, each with a bounded heap
 * and time, so that no file holds the thread every request is answered on (docs/security.md "Uploads"). A worker
 * serves file after file, and ends when idle, out of memory or out of time.
 */
export function createTrackReaderPool(limits: TrackReaderLimits): TrackReaderPool {
  const idleReaders: Reader[] = [];
  const waiting: ((reader: Reader | undefined) => void)[] = [];
  let busy = 0;
  let nextId = 1;

  function spawn(): Reader {
    const reader: Reader = {
      worker: new Worker(new URL('./track-reader-worker.mjs', import.meta.url), {
        workerData: { maxPoints: limits.maxPoints },
        resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
      }),
      idle: undefined,
      pending: undefined,
    };
    reader.worker.unref();
    reader.worker.on('message', (answer: WorkerAnswer) => {
      if (reader.pending?.id === answer.id) reader.pending.answer(answer);
    });
    reader.worker.on('error', (error: Error & { code?: string }) =>
      reader.pending?.fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooComplex(`needed more than ${limits.heapMb} MB`) : error),
    );
    reader.worker.on('exit', () => {
      const index = idleReaders.indexOf(reader);
      if (index >= 0) idleReaders.splice(index, 1);
      reader.pending?.fail(new Error('the track reader stopped'));
    });
    return reader;
  }

  const tooComplex = (why: string) => new AppError('TRACK_FILE_TOO_COMPLEX', `Reading the track file ${why}`);

  function run(reader: Reader, path: string, format: TrackFileFormat): Promise<TrackRead> {
    return new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        reader.pending?.fail(tooComplex(`took longer than ${limits.timeoutMs} ms`));
      }, limits.timeoutMs);
      const settle = () => {
        clearTimeout(timer);
        reader.pending = undefined;
      };
      reader.pending = {
        id,
        answer(answer) {
          settle();
          if (answer.error)
            reject(answer.error.code ? new AppError(answer.error.code, answer.error.message) : new Error(answer.error.message));
          else resolve(trackOf(answer));
        },
        fail(error) {
          settle();
          reject(error);
        },
      };
      reader.worker.postMessage({ id, path, format });
    });
  }

  /** A reader back from a file: to the next file waiting, or idle until it ends; one that failed ends at once. */
  function release(reader: Reader, healthy: boolean) {
    if (!healthy) void reader.worker.terminate();
    const next = waiting.shift();
    if (next) return next(healthy ? reader : undefined);
    busy -= 1;
    if (!healthy) return;
    reader.idle = setTimeout(() => void reader.worker.terminate(), limits.idleMs);
    reader.idle.unref();
    idleReaders.push(reader);
  }

  async function acquire(): Promise<Reader> {
    if (busy >= limits.concurrency) {
      if (waiting.length >= limits.queue)
        throw new AppError('TRACK_IMPORT_BUSY', 'Too many track files are being read: try again shortly', {
          retryAfterSeconds: RETRY_AFTER_SECONDS,
        });
      // A file ending hands its slot over: `busy` stays as it is.
      return (await new Promise<Reader | undefined>((resolve) => waiting.push(resolve))) ?? spawn();
    }
    busy += 1;
    const reader = idleReaders.pop();
    if (!reader) return spawn();
    clearTimeout(reader.idle);
    return reader;
  }

  return {
    async read(path, format) {
      const reader = await acquire();
      let healthy = false;
      try {
        const track = await run(reader, path, format);
        healthy = true;
        return track;
      } catch (error) {
        healthy = error instanceof AppError && error.code !== 'TRACK_FILE_TOO_COMPLEX';
        throw error;
      } finally {
        release(reader, healthy);
      }
    },
  };
}
