import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// `npm run build` (Prisma client and SPA) unless dist/ was built from exactly the sources here: the e2e server
// (playwright.config.ts) then starts at once when `npm test` has built while vitest ran, and never serves a stale build.
// Fresh means: the hash of every build input, written into dist/ after a successful build, is the current one.
// The Prisma client is generated again only when it is older than the schema or the installed packages:
// `npm test` generates it before vitest starts, and generating it again while vitest runs rewrites the files that test
// files are importing (they then fail with "Cannot find module …/generated/prisma/internal/class.ts").
const INPUTS = [
  'src',
  'public',
  // The offline basemap's tiles are cut from these at build time (scripts/basemap-tiles.ts).
  'scripts/basemap-sources.ts',
  'scripts/basemap-tiles.ts',
  'data-seed/basemap',
  'data-seed/context',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'node_modules/.package-lock.json',
  'prisma/schema.prisma',
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
];
const STAMP = 'dist/.inputs-hash';
const CLIENT = 'server/generated/prisma';

function filesOf(entry: string): string[] {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(entry, name))
    .filter((file) => statSync(file).isFile());
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesOf).sort()) hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
  for (const [name, value] of Object.entries(process.env).sort()) if (name.startsWith('VITE_')) hash.update(`${name}=${value}\0`);
  return hash.digest('hex');
}

/** Whether the client was generated after the last change of the schema and the last `npm install`, as make would judge. */
function clientIsCurrent() {
  const classFile = `${CLIENT}/internal/class.ts`;
  if (!existsSync(classFile)) return false;
  const generatedAt = statSync(classFile).mtimeMs;
  return ['prisma/schema.prisma', 'node_modules/.package-lock.json'].every(
    (input) => !existsSync(input) || statSync(input).mtimeMs <= generatedAt,
  );
}

const current = inputsHash();
const clientCurrent = clientIsCurrent();
if (clientCurrent && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === current) {
  console.log('dist/ is up to date with the sources: no build');
} else {
  const { status } = clientCurrent
    ? spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' })
    : spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
  writeFileSync(STAMP, current);
}
