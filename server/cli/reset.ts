import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { seedDatabase } from '../../prisma/seed';
import { loadConfig } from '../config/env';
import { JOBS_SCHEMA } from '../jobs/jobs';
import { openDatabaseSession } from '../lib/database-session';

// Drops every table and the job queue's schema (PostgreSQL) or the embedded data folder, then migrates and seeds again.
const config = loadConfig();
if (config.databaseUrl) {
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${JOBS_SCHEMA}" CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;`);
  await client.end();
} else {
  await rm(path.join(config.dataDir, 'pglite'), { recursive: true, force: true });
}
const database = await openDatabaseSession(config);
await seedDatabase(database.prisma, { dataDir: config.dataDir });
console.log('The database was reset, migrated and seeded.');
await database.close();
