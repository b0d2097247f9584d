import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { connectDatabase, servePGlite } from '../../server/lib/database';
import type { PrismaClient } from '../../server/generated/prisma/client';
import type { TableChanges } from '../../server/lib/table-changes';

export interface TestDatabase {
  prisma: PrismaClient;
  pool: pg.Pool;
  changes: TableChanges;
  url: string;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

/** The template's dump, read once per worker: the integration files share their modules (vitest.config.ts). */
let templateDump: { file: string; blob: Promise<Blob> } | undefined;

function pgliteTemplate(file: string) {
  if (templateDump?.file !== file) templateDump = { file, blob: readFile(file).then((dump) => new Blob([dump])) };
  return templateDump.blob;
}

/** Runs SQL (statements separated by semicolons) and gives the last statement's rows. */
type Query = <T>(sql: string) => Promise<T[]>;

const poolQuery =
  (pool: pg.Pool): Query =>
  async <T>(sql: string) => {
    const results: pg.QueryResult | pg.QueryResult[] = await pool.query(sql);
    return (Array.isArray(results) ? results.at(-1)! : results).rows as T[];
  };

const pgliteQuery =
  (pglite: PGlite): Query =>
  async <T>(sql: string) =>
    ((await pglite.exec(sql)).at(-1)?.rows ?? []) as T[];

/** The schemas PostgreSQL keeps for itself; every other one is the application's or a test's. */
const OWN_SCHEMA = "(nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema')";

/**
 * A digest of everything a database holds but its rows: schemas, relations, columns and their defaults, indexes,
 * constraints, triggers, rules, policies, functions, types, extensions, roles, databases, and the migrations' rows.
 */
const SIGNATURE = `
  WITH own AS (SELECT oid FROM pg_namespace WHERE ${OWN_SCHEMA})
  SELECT md5(string_agg(line, E'\\n' ORDER BY line)) AS signature FROM (
    SELECT 'schema ' || nspname FROM pg_namespace WHERE ${OWN_SCHEMA}
    UNION ALL SELECT concat_ws(' ', 'relation', c.oid::regclass, c.relkind, c.relpersistence, c.relrowsecurity,
      CASE WHEN c.relkind IN ('v', 'm') THEN pg_get_viewdef(c.oid) END)
      FROM pg_class c WHERE c.relnamespace IN (SELECT oid FROM own)
    UNION ALL SELECT concat_ws(' ', 'column', a.attrelid::regclass, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod),
      a.attnotnull, a.attidentity, a.attgenerated, pg_get_expr(d.adbin, d.adrelid))
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE c.relnamespace IN (SELECT oid FROM own) AND a.attnum > 0 AND NOT a.attisdropped
    UNION ALL SELECT 'index ' || pg_get_indexdef(i.indexrelid)
      FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relnamespace IN (SELECT oid FROM own)
    UNION ALL SELECT concat_ws(' ', 'constraint', conrelid::regclass, contypid::regtype, conname, pg_get_constraintdef(oid))
      FROM pg_constraint WHERE connamespace IN (SELECT oid FROM own)
    UNION ALL SELECT 'trigger ' || pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT concat_ws(' ', 'event trigger', evtname, evtevent, evtfoid::regprocedure) FROM pg_event_trigger
    UNION ALL SELECT concat_ws(' ', 'rule', schemaname, tablename, definition) FROM pg_rules
      WHERE schemaname NOT LIKE 'pg\\_%' AND schemaname <> 'information_schema'
    UNION ALL SELECT concat_ws(' ', 'policy', schemaname, tablename, policyname, cmd, qual, with_check) FROM pg_policies
    UNION ALL SELECT concat_ws(' ', 'function', p.oid::regprocedure, p.prokind, md5(p.prosrc))
      FROM pg_proc p WHERE p.pronamespace IN (SELECT oid FROM own)
    UNION ALL SELECT concat_ws(' ', 'type', t.oid::regtype, t.typtype,
      (SELECT string_agg(enumlabel, ',' ORDER BY enumsortorder) FROM pg_enum WHERE enumtypid = t.oid))
      FROM pg_type t WHERE t.typnamespace IN (SELECT oid FROM own)
    UNION ALL SELECT concat_ws(' ', 'extension', extname, extversion) FROM pg_extension
    UNION ALL SELECT 'role ' || rolname FROM pg_roles
    UNION ALL SELECT 'database ' || datname FROM pg_database
    UNION ALL SELECT 'migration ' || m::text FROM _prisma_migrations m
  ) AS lines (line)`;

async function signature(query: Query) {
  const [row] = await query<{ signature: string }>(SIGNATURE);
  return row!.signature;
}

/**
 * This worker's embedded databases that tests closed as fresh ones but for their rows, emptied since: the next
 * `createTestDatabase` of the worker takes one of them rather than loading the template again, about a tenth of the
 * cost (docs/performance.md, "Test suite time"). Without their socket servers they hold no handle that would keep the
 * worker from exiting.
 */
const idle: PGlite[] = [];

/** The signature of a database just loaded from the template, taken once per worker (`signature`). */
let freshSignature: Promise<string> | undefined;

async function takePGlite(dumpFile: string) {
  const reused = idle.pop();
  if (reused) return reused;
  const pglite = await PGlite.create({ loadDataDir: await pgliteTemplate(dumpFile) });
  freshSignature ??= signature(pgliteQuery(pglite));
  await freshSignature;
  return pglite;
}

/**
 * Keeps a closed embedded database for the worker's next test if it is as a fresh one apart from its rows, emptied;
 * closes it for good otherwise. PGlite is a single backend behind its socket, so its session state (settings, LISTENs,
 * prepared statements, temporary tables) outlives the connection and is discarded too; the schemas a test or pg-boss
 * created beside the migrated ones are dropped.
 */
async function releasePGlite(pglite: PGlite) {
  const query = pgliteQuery(pglite);
  try {
    await query('DISCARD ALL');
    const added = await query<{ name: string }>(
      `SELECT quote_ident(nspname) AS name FROM pg_namespace WHERE ${OWN_SCHEMA} AND nspname <> 'public'`,
    );
    if (added.length > 0) await query(`DROP SCHEMA ${added.map(({ name }) => name).join(', ')} CASCADE`);
    if ((await signature(query)) === (await freshSignature)) {
      await emptyDatabase(query);
      idle.push(pglite);
      return;
    }
  } catch {
    // A database that cannot be brought back to a fresh one is not kept.
  }
  await pglite.close();
}

/**
 * A fresh, migrated database of this test file's own: on PostgreSQL cloned from the template prepared in global setup;
 * on PGlite loaded from it, or one of the worker's emptied ones (`releasePGlite`).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const source = inject('database');
  if (source.kind === 'pglite') {
    const pglite = await takePGlite(source.dumpFile);
    const served = await servePGlite(pglite);
    const { prisma, pool, changes, close } = connectDatabase(served.url, { embedded: true });
    return {
      prisma,
      pool,
      changes,
      url: served.url,
      kind: 'pglite',
      async close() {
        await close();
        await served.stop();
        await releasePGlite(pglite);
      },
    };
  }
  const name = `aerogate_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: source.serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${source.template}"`);
  await admin.end();
  const url = new URL(source.serverUrl);
  url.pathname = `/${name}`;
  const { prisma, pool, changes, close } = connectDatabase(url.toString(), { embedded: false });
  return {
    prisma,
    pool,
    changes,
    url: url.toString(),
    kind: 'postgres',
    async close() {
      await close();
      const cleanup = new pg.Client({ connectionString: source.serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * Empties every table but the migrations' own and restarts the sequences: the database is then as `createTestDatabase`
 * gives it. DELETE with the foreign keys' triggers off for the transaction, rather than TRUNCATE, which gives each
 * table and index a new file: 0.1–0.3 s against 0.6–1.2 s for the 51 tables (PGlite, load 24).
 */
export function emptyTestDatabase(db: TestDatabase) {
  return emptyDatabase(poolQuery(db.pool));
}

async function emptyDatabase(query: Query) {
  const tables = await query<{ name: string }>(
    "SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'",
  );
  const sequences = await query<{ name: string }>(
    "SELECT format('%I.%I', sequence_schema, sequence_name) AS name FROM information_schema.sequences WHERE sequence_schema = 'public'",
  );
  await query(
    [
      'BEGIN',
      'SET LOCAL session_replication_role = replica',
      ...tables.map(({ name }) => `DELETE FROM ${name}`),
      ...sequences.map(({ name }) => `ALTER SEQUENCE ${name} RESTART`),
      'COMMIT',
    ].join(';\n'),
  );
}

/**
 * One database for the whole test file, emptied before each test, for a file whose tests each need an app of their own
 * (another configuration, a fresh clock) but not a database of their own: emptying it costs about a tenth of starting
 * one (2.6–3.0 s at load 23). The getter gives it to `createTestApp(env, { database })` once `beforeAll` has run.
 */
export function sharedTestDatabase(): () => TestDatabase {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  // Before rather than after each test: whatever order the file's own after-hooks close its apps in.
  beforeEach(async () => {
    if (db) await emptyTestDatabase(db);
  });
  afterAll(async () => {
    await db?.close();
  });
  return () => {
    if (!db) throw new Error('The shared test database is started in beforeAll');
    return db;
  };
}
