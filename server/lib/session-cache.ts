import type pg from 'pg';
import { prepared } from './prepared';
import { createReadCache, type ReadCache } from './read-cache';
import type { TableChanges } from './table-changes';

/** The name the "User_session_changed" trigger notifies (migration sessions_that_end), instead of "User". */
export const SESSION_TABLES = ['UserSession'] as const;

/**
 * The token version an account accepts now: null for an account that is gone or not active. Kept in memory until the
 * database notifies a change of a version or status (any instance's write), so checking a token stays a map lookup.
 */
export type SessionCache = ReadCache<number | null>;

export function createSessionCache(changes: TableChanges): SessionCache {
  return createReadCache<number | null>(changes, { tables: SESSION_TABLES, maxEntries: 100_000 });
}

export async function acceptedVersion(cache: SessionCache, pool: pg.Pool, userId: string): Promise<number | null> {
  return cache.get(userId, async () => {
    const { rows } = await prepared<{ tokenVersion: number; status: string }>(
      pool,
      'session',
      'SELECT "tokenVersion", status FROM "User" WHERE id = $1',
      [userId],
    );
    const row = rows[0];
    return row && row.status === 'active' ? row.tokenVersion : null;
  });
}

/** The version each of these accounts accepts now, read in one statement (null: gone or not active); not cached. */
export async function acceptedVersions(pool: pg.Pool, userIds: readonly string[]): Promise<Map<string, number | null>> {
  const { rows } = await prepared<{ id: string; tokenVersion: number; status: string }>(
    pool,
    'sessions',
    'SELECT id, "tokenVersion", status FROM "User" WHERE id = ANY($1::uuid[])',
    [userIds],
  );
  const versions = new Map<string, number | null>(userIds.map((id) => [id, null]));
  for (const row of rows) versions.set(row.id, row.status === 'active' ? row.tokenVersion : null);
  return versions;
}
