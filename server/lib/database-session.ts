import path from 'node:path';
import type { Config } from '../config/env';
import type { Logger } from './logger';
import type pg from 'pg';
import type { PrismaClient } from '../generated/prisma/client';
import type { TableChanges } from './table-changes';
import { connectDatabase, migrateDatabase, startEmbeddedPostgres, type EmbeddedPostgres } from './database';

export interface DatabaseSession {
  prisma: PrismaClient;
  pool: pg.Pool;
  changes: TableChanges;
  url: string;
  embedded: boolean;
  appliedMigrations: string[];
  close(): Promise<void>;
}

/** DATABASE_URL set: that PostgreSQL. Unset: the embedded PGlite persisted under DATA_DIR. Migrated either way. */
export async function openDatabaseSession(config: Config, logger?: Logger): Promise<DatabaseSession> {
  let embedded: EmbeddedPostgres | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: path.join(config.dataDir, 'pglite') });
    url = embedded.url;
  }
  try {
    const { applied } = await migrateDatabase(embedded ?? url);
    const clients = connectDatabase(url, {
      embedded: embedded !== undefined,
      timeouts: config.database,
      poolMax: config.database.poolMax,
      onIdleError: (error) => logger?.warn({ err: error }, 'an idle database connection was closed by the server'),
    });
    return {
      prisma: clients.prisma,
      pool: clients.pool,
      changes: clients.changes,
      url,
      embedded: embedded !== undefined,
      appliedMigrations: applied,
      async close() {
        await clients.close();
        await embedded?.close();
      },
    };
  } catch (error) {
    await embedded?.close();
    throw error;
  }
}
