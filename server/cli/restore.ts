import path from 'node:path';
import { loadConfig } from '../config/env';
import { restore } from '../lib/backup';

// `npm run db:restore -- FOLDER`: a backup of db:backup into a new DATA_DIR (and, for PostgreSQL, the empty database
// of DATABASE_URL). Then start the app: it applies any newer migration (docs/operations.md "Backup and restore").
const source = process.argv[2];
if (!source) {
  console.error('Usage: npm run db:restore -- FOLDER');
  process.exit(2);
}
const config = loadConfig();
const summary = await restore(path.resolve(source), { dataDir: config.dataDir, databaseUrl: config.databaseUrl });
console.log(`Restored the ${summary.database} database and ${summary.files} stored files into ${config.dataDir}.`);
