import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateDatabase, startEmbeddedPostgres, type EmbeddedPostgres } from '../../server/lib/database';
import { migrationNames } from '../../server/lib/migrations';
import { pgliteTemplateDump } from '../setup/pglite-template';

/** One query on a connection of its own: the embedded database's socket takes a single connection. */
async function query<T extends pg.QueryResultRow>(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('migrateDatabase on a new embedded database', () => {
  let database: EmbeddedPostgres | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('applies every migration, each recorded as finished, and leaves the connection to the next client', async () => {
    database = await startEmbeddedPostgres();
    expect((await migrateDatabase(database)).applied).toEqual(migrationNames());
    const recorded = await query<{ migration_name: string }>(
      database.url,
      'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name',
    );
    expect(recorded.map((row) => row.migration_name)).toEqual(migrationNames());
    expect((await migrateDatabase(database)).applied).toEqual([]);
  });

  it('rejects when a migration fails, with what the CLI printed, and does not record that migration as applied', async () => {
    // A database migrated as the other files' are (the template, made by migrateDatabase): one migration run fewer.
    database = await startEmbeddedPostgres({ loadDataDir: new Blob([await readFile(await pgliteTemplateDump())]) });
    // The first migration forgotten by the history, its tables still there: applying it again fails on them.
    await query(database.url, `DELETE FROM _prisma_migrations WHERE migration_name = '20261122201610_foundation'`);
    await expect(migrateDatabase(database)).rejects.toThrow(/prisma migrate deploy ended with 1:[\s\S]*\nError: /);
    const applied = await query<{ migration_name: string }>(
      database.url,
      `SELECT migration_name FROM _prisma_migrations WHERE migration_name = '20261122201610_foundation' AND finished_at IS NOT NULL`,
    );
    expect(applied).toEqual([]);
  });
});
