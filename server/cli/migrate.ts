import { loadConfig } from '../config/env';
import { openDatabaseSession } from '../lib/database-session';

const database = await openDatabaseSession(loadConfig());
console.log(database.appliedMigrations.length ? `Applied: ${database.appliedMigrations.join(', ')}` : 'The database is up to date.');
await database.close();
