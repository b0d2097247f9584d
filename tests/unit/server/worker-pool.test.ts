import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../server/lib/app-error';
import { createWorkerPool, type WorkerPool } from '../../../server/lib/worker-pool';

const WORKER = new URL('../../fixtures/workers/busy-worker.mjs', import.meta.url);
const timedOut = () => new AppError('GEOMETRY_TOO_COMPLEX', 'too long');
const full = () => new AppError('TRACK_IMPORT_BUSY', 'busy', { retryAfterSeconds: 5 });

let pool: WorkerPool<{ ms: number }, { threadId: number }> | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('the worker pool helper (piscina)', () => {
  it('counts a task’s time from its start: a task waiting behind another is not timed out by its wait', async () => {
    pool = createWorkerPool({ file: WORKER, threads: 1, queue: { size: 1, full }, timeoutMs: 3_000, timedOut });

    // Each holds its thread 2 s: the second ends about 4 s after it was handed over, within its own 3 s.
    const [first, second] = await Promise.all([pool.run({ ms: 2_000 }), pool.run({ ms: 2_000 })]);

    expect(first.threadId).toBe(second.threadId);
  });

  it('ends a task past its time with the given error, and runs the next on a new thread', async () => {
    pool = createWorkerPool({ file: WORKER, threads: 1, timeoutMs: 500, timedOut });

    const { threadId: first } = await pool.run({ ms: 0 });
    await expect(pool.run({ ms: 30_000 })).rejects.toMatchObject({ code: 'GEOMETRY_TOO_COMPLEX' });
    const { threadId: next } = await pool.run({ ms: 0 });

    expect(next).not.toBe(first);
  });

  it('refuses a task past the threads and the queue, and takes one again once a place is free', async () => {
    pool = createWorkerPool({ file: WORKER, threads: 1, queue: { size: 1, full }, timeoutMs: 10_000, timedOut });

    const running = [pool.run({ ms: 300 }), pool.run({ ms: 0 })];
    await expect(pool.run({ ms: 0 })).rejects.toMatchObject({ code: 'TRACK_IMPORT_BUSY', status: 429 });
    await Promise.all(running);

    await expect(pool.run({ ms: 0 })).resolves.toMatchObject({ threadId: expect.any(Number) });
  });
});
