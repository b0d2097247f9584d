import pg from 'pg';

// adapter-pg 6.19 cannot deserialize the pg_catalog types "char" (18) and name (19) that the
// migration engine reads; they are reported as text so `prisma migrate` works through the adapter.
const TEXT_TYPES: Record<number, number> = { 18: 25, 19: 25, 1002: 1009, 1003: 1009 };

type Field = { dataTypeID: number };
type Result = { fields?: Field[] };

function asText<T>(result: T): T {
  const results = (Array.isArray(result) ? result : [result]) as Result[];
  for (const r of results) {
    for (const field of r?.fields ?? []) {
      const mapped = TEXT_TYPES[field.dataTypeID];
      if (mapped) field.dataTypeID = mapped;
    }
  }
  return result;
}

class CatalogAsTextClient extends pg.Client {
  // @ts-expect-error -- one implementation for pg.Client's overloaded query signatures
  override query(config: unknown, values?: unknown, callback?: unknown): unknown {
    if (typeof values === 'function') {
      callback = values;
      values = undefined;
    }
    const query = super.query as (...args: unknown[]) => unknown;
    if (typeof callback === 'function') {
      const done = callback as (err: Error | null, res: unknown) => void;
      return query.call(this, config, values, (err: Error | null, res: unknown) => done(err, err ? res : asText(res)));
    }
    const pending = query.call(this, config, values) as Promise<unknown> | undefined;
    return pending && typeof pending.then === 'function' ? pending.then(asText) : pending;
  }
}

// Discrete fields, not connectionString: adapter-pg derives the shadow database from `database`,
// which a connectionString would override.
export function migrationPool(connectionString: string): pg.Pool {
  const url = new URL(connectionString);
  return new pg.Pool({
    host: url.hostname,
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password) || undefined,
    database: url.pathname.slice(1) || 'postgres',
    Client: CatalogAsTextClient as typeof pg.Client,
    max: 1,
    idleTimeoutMillis: 500,
  });
}
