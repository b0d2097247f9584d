import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { migrateDatabase, migrationsFingerprint, startEmbeddedPostgres } from '../../server/lib/database';

const CACHE = path.resolve('node_modules/.cache/aerogate');

/**
 * An embedded database migrated to the current migration history, as an uncompressed PGlite data directory dump made
 * once per history and kept under node_modules/.cache: the integration files and the e2e servers start from it rather
 * than applying every migration again.
 */
export async function pgliteTemplateDump(): Promise<string> {
  const dumpFile = path.join(CACHE, `pglite-checkpointed-${migrationsFingerprint()}.tar`);
  if (existsSync(dumpFile)) return dumpFile;
  const embedded = await startEmbeddedPostgres();
  try {
    await migrateDatabase(embedded);
    // Without it every database started from the dump replays the migrations' WAL first: a third of its start.
    await embedded.pglite.exec('CHECKPOINT');
    // Uncompressed: every test database loads it, and gunzipping it took half of that load.
    const dump = await embedded.pglite.dumpDataDir('none');
    await mkdir(CACHE, { recursive: true });
    // Written aside then renamed, so that a run stopped halfway never leaves a partial template.
    const partial = `${dumpFile}.${process.pid}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, dumpFile);
  } finally {
    await embedded.close();
  }
  return dumpFile;
}
