import { AppError } from './app-error';

/**
 * Bounds long reads (exports, replay extractions) at once: at most `total` running, `perUser` of them one user's. Past
 * either, the call answers `429 EXPORT_BUSY` with Retry-After instead of queueing work the database cannot serve
 * faster (docs/performance.md "Exports and replay").
 */
export function createWorkLimit(options: { total: number; perUser: number; retryAfterSeconds: number }) {
  let running = 0;
  const byUser = new Map<string, number>();

  return {
    /** Takes a slot for `userId`; the answer frees it, once, however often it is called. */
    acquire(userId: string): () => void {
      const own = byUser.get(userId) ?? 0;
      if (running >= options.total || own >= options.perUser)
        throw new AppError('EXPORT_BUSY', 'Too many exports are running: try again in a moment', {
          retryAfterSeconds: options.retryAfterSeconds,
        });
      running += 1;
      byUser.set(userId, own + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        running -= 1;
        const left = (byUser.get(userId) ?? 1) - 1;
        if (left === 0) byUser.delete(userId);
        else byUser.set(userId, left);
      };
    },
  };
}

export type WorkLimit = ReturnType<typeof createWorkLimit>;
