import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pgliteTemplateDump } from '../tests/setup/pglite-template';

// Playwright's web server (playwright.config.ts): builds the SPA unless dist/ is fresh, then starts one server per port
// given, all at once, each on a fresh embedded database under reports/e2e-data/<port> seeded with the demo accounts.
// The databases start from the migrated template the integration tests use (made here if missing), so the servers
// only seed them.
// Prints "e2e servers ready" once every one answers its health check; stops them all when one stops, on a signal, or
// when its stdin closes.
const ports = process.argv.slice(2).map(Number);

const build = spawnSync('npx', ['tsx', 'scripts/build-if-stale.ts'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDirOf = (port: number) => `reports/e2e-data/${port}`;

const template = new Blob([await readFile(await pgliteTemplateDump())]);
await Promise.all(
  ports.map(async (port) => {
    const dataDir = dataDirOf(port);
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    const database = await PGlite.create({ dataDir: `${dataDir}/pglite`, loadDataDir: template });
    await database.close();
  }),
);

const servers: ChildProcess[] = ports.map((port) => {
  const dataDir = dataDirOf(port);
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    CHECK_RESPONSES: 'true',
    // The webhooks spec's receiver listens on this host (docs/operations.md "Webhooks and API credentials").
    WEBHOOKS_ALLOW_LOCAL: 'true',
  };
  const server = spawn('npx', ['tsx', 'server/index.ts'], { stdio: ['ignore', 'inherit', 'inherit'], env });
  server.on('exit', (code) => {
    console.error(`the e2e server on port ${port} stopped (${code ?? 'signal'})`);
    stopAll(code || 1);
  });
  return server;
});

function stopAll(code: number) {
  for (const server of servers) server.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGTERM', () => stopAll(0));
process.on('SIGINT', () => stopAll(0));
// Playwright holds this process's stdin: it closes when Playwright ends, even killed, and the servers go with it.
process.stdin.on('end', () => stopAll(0)).resume();

async function answers(port: number) {
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

await Promise.all(ports.map(answers));
console.log('e2e servers ready');
