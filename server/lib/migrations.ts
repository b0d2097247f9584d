import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

// Apart from server/lib/database.ts, which imports the generated Prisma client: `npm run db:migration` runs before
// `prisma generate` on a fresh clone.
export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '..', '..', 'prisma', 'migrations');

/** The migrations of this code, oldest first. */
export function migrationNames(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => existsSync(path.join(MIGRATIONS_DIR, name, 'migration.sql')))
    .sort();
}
