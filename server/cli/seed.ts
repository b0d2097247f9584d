import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDatabase } from '../../prisma/seed';
import { loadConfig } from '../config/env';
import { openDatabaseSession } from '../lib/database-session';

const database = await openDatabaseSession(loadConfig());
await seedDatabase(database.prisma);
console.log(`Seeded. Demo accounts (password ${DEMO_PASSWORD}): ${Object.values(DEMO_ACCOUNTS).join(', ')}`);
await database.close();
