import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDatabase } from '../../prisma/seed';
import { seedGeozones } from '../../prisma/seed-geozones';
import { loadConfig } from '../config/env';
import { openDatabaseSession } from '../lib/database-session';

const config = loadConfig();
const database = await openDatabaseSession(config);
await seedDatabase(database.prisma, { dataDir: config.dataDir });
const datasets = await seedGeozones(database.prisma);
for (const { dataset, imported, skipped } of datasets) console.log(`Geozones ${dataset}: ${imported} imported, ${skipped} skipped`);
console.log(`Seeded. Demo accounts (password ${DEMO_PASSWORD}): ${Object.values(DEMO_ACCOUNTS).join(', ')}`);
await database.close();
