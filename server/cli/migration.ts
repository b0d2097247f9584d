import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { MIGRATIONS_DIR } from '../lib/migrations';

// npm run db:migration -- NAME: writes prisma/migrations/<UTC timestamp>_NAME/migration.sql, the SQL from the schema
// of the last commit (which its committed migrations produce) to the working prisma/schema.prisma. Prisma's
// adapter-based config refuses a shadow database and its schema engine cannot introspect the migrated database, so
// the diff is between the two datamodels. Nothing is written when the schema is unchanged or a migration is pending.
const usage = 'Usage: npm run db:migration -- NAME   (lower-case letters, digits and _, e.g. machine_colour)';
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SCHEMA = 'prisma/schema.prisma';

const { positionals, values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
const name = positionals[0];
if (values.help || !name || positionals.length > 1 || !/^[a-z0-9_]{1,80}$/.test(name)) {
  console.error(usage);
  process.exit(values.help ? 0 : 2);
}

const git = async (...args: string[]) => (await run('git', args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 })).stdout;
const uncommitted = (await git('status', '--porcelain', '--untracked-files=all', '--', 'prisma/migrations')).trim();
if (uncommitted) {
  console.error(`A migration is not committed yet; commit it with the schema (or remove it) first:\n${uncommitted}`);
  process.exit(1);
}

const timestamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const last = (await readdir(MIGRATIONS_DIR))
  .filter((entry) => /^\d{14}_/.test(entry))
  .sort()
  .at(-1);
if (last && last.slice(0, 14) >= timestamp) {
  console.error(`The last migration (${last}) is not older than now (${timestamp}): check the clock.`);
  process.exit(1);
}

const scratch = await mkdtemp(path.join(tmpdir(), 'aerogate-migration-'));
let sql: string;
try {
  const committed = path.join(scratch, 'schema.prisma');
  await writeFile(committed, await git('show', `HEAD:${SCHEMA}`));
  const prisma = path.join(ROOT, 'node_modules', 'prisma', 'build', 'index.js');
  const diff = await run(
    process.execPath,
    [prisma, 'migrate', 'diff', '--from-schema-datamodel', committed, '--to-schema-datamodel', path.join(ROOT, SCHEMA), '--script'],
    { cwd: ROOT, env: { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1' } },
  );
  sql = diff.stdout;
} finally {
  await rm(scratch, { recursive: true, force: true });
}

// Prisma answers a comment alone when the two schemas are the same.
if (sql.replace(/^--.*$/gm, '').trim() === '') {
  console.log(`${SCHEMA} is the committed one: nothing to do, no migration created.`);
} else {
  const folder = path.join(MIGRATIONS_DIR, `${timestamp}_${name}`);
  await mkdir(folder);
  await writeFile(path.join(folder, 'migration.sql'), sql);
  console.log(`Created ${path.relative(ROOT, folder)}/migration.sql: read it, then npm run db:migrate applies it.`);
}
