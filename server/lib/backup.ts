import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { FILE_STORES } from './file-store';

const run = promisify(execFile);

/** What DATA_DIR keeps beside the database and the files: the generated JWT secret and VAPID keys, when there. */
const KEYS = ['jwt-secret', 'vapid-keys.json'];
const EMBEDDED_DUMP = 'database.tar.gz';
const POSTGRES_DUMP = 'database.dump';

export interface BackupOptions {
  /** DATA_DIR: the embedded database (`pglite/`) unless `databaseUrl`, the stored files and the generated keys. */
  dataDir: string;
  /** DATABASE_URL: the PostgreSQL database, dumped with `pg_dump`; unset: the embedded database. */
  databaseUrl?: string;
}

export interface BackupSummary {
  database: 'embedded' | 'postgresql';
  /** Stored files (attachments, documents) copied. */
  files: number;
}

async function countFiles(folder: string): Promise<number> {
  if (!existsSync(folder)) return 0;
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

/** Copies the stores' folders and the keys from one DATA_DIR-like folder to another. */
async function copyFiles(from: string, to: string): Promise<number> {
  let files = 0;
  for (const store of Object.values(FILE_STORES)) {
    const source = path.join(from, store.folder);
    if (!existsSync(source)) continue;
    await cp(source, path.join(to, store.folder), { recursive: true, errorOnExist: true, force: false });
    files += await countFiles(source);
  }
  for (const key of KEYS) if (existsSync(path.join(from, key))) await copyFile(path.join(from, key), path.join(to, key));
  return files;
}

/**
 * Writes a backup into `target`, a new folder: the database (PGlite's data dir as a gzipped tar, or `pg_dump`'s custom
 * format), the stored files and the generated keys. The embedded database must not be open in another process: stop
 * the app first (docs/operations.md "Backup and restore").
 */
export async function backup(options: BackupOptions, target: string): Promise<BackupSummary> {
  if (existsSync(target) && (await readdir(target)).length > 0) throw new Error(`${target} is not empty`);
  await mkdir(target, { recursive: true });
  let database: BackupSummary['database'];
  if (options.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', path.join(target, POSTGRES_DUMP), options.databaseUrl]);
    database = 'postgresql';
  } else {
    const folder = path.join(options.dataDir, 'pglite');
    if (!existsSync(folder)) throw new Error(`No embedded database in ${folder}`);
    const pglite = await PGlite.create({ dataDir: folder });
    try {
      const dump = await pglite.dumpDataDir('gzip');
      await writeFile(path.join(target, EMBEDDED_DUMP), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await pglite.close();
    }
    database = 'embedded';
  }
  const files = await copyFiles(options.dataDir, target);
  await writeFile(
    path.join(target, 'backup.json'),
    `${JSON.stringify({ createdAt: new Date().toISOString(), database, files }, null, 2)}\n`,
  );
  return { database, files };
}

/**
 * Restores a backup of `backup()` into a DATA_DIR without a database or files of its own, and into `databaseUrl`'s
 * database (an empty one, with `pg_restore`) when the backup is of PostgreSQL.
 */
export async function restore(source: string, options: BackupOptions): Promise<BackupSummary> {
  const manifest = JSON.parse(await readFile(path.join(source, 'backup.json'), 'utf8')) as { database: BackupSummary['database'] };
  for (const folder of ['pglite', ...Object.values(FILE_STORES).map((store) => store.folder)]) {
    if (existsSync(path.join(options.dataDir, folder)))
      throw new Error(`${path.join(options.dataDir, folder)} exists: restore into a new DATA_DIR`);
  }
  await mkdir(options.dataDir, { recursive: true });
  if (manifest.database === 'postgresql') {
    if (!options.databaseUrl)
      throw new Error('This backup is of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore into');
    await run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', options.databaseUrl, path.join(source, POSTGRES_DUMP)]);
  } else {
    if (options.databaseUrl) throw new Error('This backup is of the embedded database: unset DATABASE_URL');
    const dump = await readFile(path.join(source, EMBEDDED_DUMP));
    const pglite = await PGlite.create({ dataDir: path.join(options.dataDir, 'pglite'), loadDataDir: new Blob([dump]) });
    await pglite.close();
  }
  const files = await copyFiles(source, options.dataDir);
  return { database: manifest.database, files };
}
