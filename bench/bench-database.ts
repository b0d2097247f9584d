import pg from 'pg';
import { migrateDatabase } from '../server/lib/database';

/** The PostgreSQL server the benches create their databases on. */
export const BENCH_SERVER = process.env.BENCH_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';

/** A new, migrated database `name` on the bench server (an older one of that name dropped first); its URL. */
export async function freshBenchDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: BENCH_SERVER });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(BENCH_SERVER);
  url.pathname = `/${name}`;
  await migrateDatabase(url.toString());
  return url.toString();
}
