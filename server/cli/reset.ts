import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDatabase } from '../../prisma/seed';
import { seedGeozones } from '../../prisma/seed-geozones';
import { loadConfig } from '../config/env';
import { JOBS_SCHEMA } from '../jobs/jobs';
import { openDatabaseSession } from '../lib/database-session';
import { FILE_STORES } from '../lib/file-store';
import { uploadsDir } from '../lib/uploads';

// Back to a fresh install: drops every table and the job queue's schema (PostgreSQL) or the embedded database's
// folder, removes the stored files (attachments, documents, unfinished uploads), then migrates and seeds as
// db:seed does (demo accounts and story, shipped geozones). DATA_DIR's JWT secret and VAPID keys are kept.
const config = loadConfig();
if (config.databaseUrl) {
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${JOBS_SCHEMA}" CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;`);
  await client.end();
} else {
  await rm(path.join(config.dataDir, 'pglite'), { recursive: true, force: true });
}
for (const folder of [...Object.values(FILE_STORES).map((store) => path.join(config.dataDir, store.folder)), uploadsDir(config.dataDir)]) {
  await rm(folder, { recursive: true, force: true });
}
const database = await openDatabaseSession(config);
await seedDatabase(database.prisma, { dataDir: config.dataDir });
const datasets = await seedGeozones(database.prisma);
console.log(
  `The database was reset, migrated and seeded: ${datasets.length} geozone datasets; demo accounts (password ${DEMO_PASSWORD}): ${Object.values(DEMO_ACCOUNTS).join(', ')}.`,
);
await database.close();
