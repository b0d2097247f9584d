import { createHash } from 'node:crypto';
import pg from 'pg';

const statementNames = new Map<string, string>();

/**
 * A named prepared statement on Prisma's own pool: planned once per connection, reused at every call. For the hot
 * paths only (docs/performance.md): a Prisma call costs 1–3 ms of CPU, most of it compiling the query.
 */
export function prepared<R extends pg.QueryResultRow>(pool: pg.Pool, prefix: string, text: string, values: unknown[]) {
  let name = statementNames.get(text);
  if (!name) {
    name = `${prefix}-${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
    statementNames.set(text, name);
  }
  return pool.query<R>({ name, text, values });
}

/** A date as Prisma writes it in a `timestamp(3)` column (UTC, no zone), for a prepared statement's parameter. */
export const utcTimestamp = (date: Date | null) => (date ? date.toISOString().slice(0, 23).replace('T', ' ') : null);

/**
 * Prisma stores DateTime in UTC in `timestamp(3)` columns; node-postgres would read them back as local times. The
 * pool's own parsers read them as UTC (Prisma's adapter brings its own parsers to each of its queries).
 */
export const utcTimestampTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.TIMESTAMP && format !== 'binary'
      ? (value: string) => new Date(`${value.replace(' ', 'T')}Z`)
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};
