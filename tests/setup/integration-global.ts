import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, migrationsFingerprint, startEmbeddedPostgres } from '../../server/lib/database';

declare module 'vitest' {
  export interface ProvidedContext {
    database: { kind: 'postgres'; serverUrl: string; template: string } | { kind: 'pglite'; dumpFile: string };
  }
}

const CACHE = path.resolve('node_modules/.cache/aerogate');

function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * Migrates one template database per migration history, once: TEST_DATABASE_URL set → a PostgreSQL
 * template database on that server; unset → a PGlite data directory dump. Each test file clones it.
 */
export default async function setup(project: TestProject) {
  const fingerprint = migrationsFingerprint();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `aerogate_template_${fingerprint}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (exists.rowCount === 0) {
      await admin.query(`CREATE DATABASE "${template}"`);
      try {
        await migrateDatabase(withDatabase(serverUrl, template));
      } catch (error) {
        await admin.query(`DROP DATABASE "${template}"`);
        throw error;
      }
    }
    await admin.end();
    project.provide('database', { kind: 'postgres', serverUrl, template });
    return;
  }
  const dumpFile = path.join(CACHE, `pglite-${fingerprint}.tar`);
  if (!existsSync(dumpFile)) {
    const embedded = await startEmbeddedPostgres();
    await migrateDatabase(embedded.url);
    // Uncompressed: each test file loads it, and gunzipping it took half of that load.
    const dump = await embedded.pglite.dumpDataDir('none');
    await mkdir(CACHE, { recursive: true });
    await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
    await embedded.close();
  }
  await readFile(dumpFile);
  project.provide('database', { kind: 'pglite', dumpFile });
}
