import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, migrationsFingerprint } from '../../server/lib/database';
import { pgliteTemplateDump } from './pglite-template';

declare module 'vitest' {
  export interface ProvidedContext {
    database: { kind: 'postgres'; serverUrl: string; template: string } | { kind: 'pglite'; dumpFile: string };
  }
}

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
  const dumpFile = await pgliteTemplateDump();
  project.provide('database', { kind: 'pglite', dumpFile });
}
