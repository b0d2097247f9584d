import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { connectDatabase, startEmbeddedPostgres } from '../../server/lib/database';
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

/** A fresh, migrated database of this test file's own, cloned from the template prepared in global setup. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const source = inject('database');
  if (source.kind === 'pglite') {
    const embedded = await startEmbeddedPostgres({ loadDataDir: await pgliteTemplate(source.dumpFile) });
    const { prisma, pool, changes, close } = connectDatabase(embedded.url, { embedded: true });
    return {
      prisma,
      pool,
      changes,
      url: embedded.url,
      kind: 'pglite',
      async close() {
        await close();
        await embedded.close();
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
export async function emptyTestDatabase(db: TestDatabase) {
  const tables = await db.pool.query<{ name: string }>(
    "SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'",
  );
  const sequences = await db.pool.query<{ name: string }>(
    "SELECT format('%I.%I', sequence_schema, sequence_name) AS name FROM information_schema.sequences WHERE sequence_schema = 'public'",
  );
  await db.pool.query(
    [
      'BEGIN',
      'SET LOCAL session_replication_role = replica',
      ...tables.rows.map(({ name }) => `DELETE FROM ${name}`),
      ...sequences.rows.map(({ name }) => `ALTER SEQUENCE ${name} RESTART`),
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
