import type { ReadyResult } from '../../../src/shared/contracts/system';
import { AppError } from '../../lib/app-error';
import type { DatabaseStatus } from '../../lib/database-status';

export interface ReadinessOptions {
  database: DatabaseStatus;
  /** The migrations of this code the database lacks. */
  pendingMigrations: () => Promise<string[]>;
  /** Whether the traffic bus carries messages between instances; null when no bus is configured (REDIS_URL unset). */
  busConnected: (() => boolean) | null;
}

/**
 * Readiness (docs/operations.md "Health"): the database answers, holds every migration of this code, and the bus is
 * connected when one is configured. Migrations once found applied stay so for the life of the process.
 */
export function createReadiness(options: ReadinessOptions): () => Promise<ReadyResult> {
  let migrated = false;
  return async () => {
    await options.database.check();
    if (!migrated) {
      let pending: string[];
      try {
        pending = await options.pendingMigrations();
      } catch {
        options.database.suspect();
        throw new AppError('DATABASE_UNAVAILABLE', 'The database does not answer: try again shortly');
      }
      if (pending.length > 0)
        throw new AppError('NOT_READY', `Not ready: ${pending.length} migration(s) not applied (${pending.join(', ')})`);
      migrated = true;
    }
    if (options.busConnected && !options.busConnected())
      throw new AppError('NOT_READY', 'Not ready: the traffic bus (Redis) is not connected');
    return { status: 'ok', checks: { database: 'ok', migrations: 'ok', bus: options.busConnected ? 'ok' : 'not-configured' } };
  };
}
