import path from 'node:path';
import { loadConfig } from '../config/env';
import { backup } from '../lib/backup';

// `npm run db:backup -- FOLDER`: the database, the stored files and DATA_DIR's keys into a new folder
// (docs/operations.md "Backup and restore"). The embedded database: stop the app first.
const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run db:backup -- FOLDER');
  process.exit(2);
}
const config = loadConfig();
const summary = await backup({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }, path.resolve(target));
console.log(`Backed up the ${summary.database} database and ${summary.files} stored files into ${path.resolve(target)}.`);
