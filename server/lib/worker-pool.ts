import Piscina from 'piscina';

export interface WorkerPoolOptions {
  /** The worker module: its default export runs a task; it posts `{ started: task.id }` on `parentPort` as it begins. */
  file: URL;
  threads: number;
  /** Tasks waiting for a thread (`size`); one more is refused with `full()`. No bound when left out. */
  queue?: { size: number; full(): Error };
  /** A task's time once a thread runs it: beyond, its thread is ended and the task answers `timedOut()`. */
  timeoutMs: number;
  /** An idle thread ends after this long. */
  idleMs?: number;
  heapMb?: number;
  workerData?: unknown;
  timedOut(): Error;
  outOfMemory?(): Error;
}

export interface WorkerPool<T extends object, R> {
  run(task: T): Promise<R>;
  close(): Promise<void>;
}

/**
 * A bounded pool of worker threads on piscina: at most `threads` tasks at once, at most `queue` waiting, each with its
 * own time limit counted from its start (the worker says when it starts, so a task does not spend its time waiting in
 * the queue). Threads are not kept alive for an idle process.
 */
export function createWorkerPool<T extends object, R>(options: WorkerPoolOptions): WorkerPool<T, R> {
  const pool = new Piscina<T & { id: number }, R>({
    filename: options.file.href,
    minThreads: 0,
    maxThreads: options.threads,
    idleTimeout: options.idleMs,
    resourceLimits: options.heapMb ? { maxOldGenerationSizeMb: options.heapMb } : undefined,
    workerData: options.workerData,
  });
  const starts = new Map<number, () => void>();
  pool.on('message', (message: { started?: unknown }) => {
    if (typeof message?.started === 'number') starts.get(message.started)?.();
  });
  // piscina counts a starting thread's place as room in its queue: the bound is kept here, on the tasks in flight.
  const bound = options.threads + (options.queue?.size ?? Number.POSITIVE_INFINITY);
  let inFlight = 0;
  let nextId = 1;

  return {
    async run(task) {
      if (options.queue && inFlight >= bound) throw options.queue.full();
      inFlight += 1;
      const id = nextId++;
      const abort = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      starts.set(id, () => (timer = setTimeout(() => abort.abort(), options.timeoutMs)));
      try {
        return await pool.run({ ...task, id }, { signal: abort.signal });
      } catch (error) {
        if (abort.signal.aborted) throw options.timedOut();
        if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' && options.outOfMemory) throw options.outOfMemory();
        throw error;
      } finally {
        clearTimeout(timer);
        starts.delete(id);
        inFlight -= 1;
      }
    },
    close: () => pool.destroy(),
  };
}
