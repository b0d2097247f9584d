import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import bcrypt from 'bcrypt';
import express from 'express';
import pg from 'pg';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config/env';
import { createContext } from '../server/context';
import { connectDatabase } from '../server/lib/database';
import { freshBenchDatabase } from './bench-database';
import { createLogger } from '../server/lib/logger';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDatabase } from '../prisma/seed';

// Throughput and p99 of a bare Express route next to GET /api/users (JWT check, rights check, a page of
// 20 users with their groups and the total) on PostgreSQL, in one run, so the ratio is what matters.
// GET /api/users is measured twice: with no write (pages come from the read cache after the first read),
// then while another connection, standing for another instance, renames a user every few requests, so each
// write empties the cache through PostgreSQL's notification. Each line says how the pages were answered.
// The API status and the cached page are then measured on a second instance of the app with its metrics on
// (METRICS_TOKEN, its own pool) and on the first again, alternately, BENCH_METRICS_ROUNDS times, and the overhead of
// the metrics printed from the medians (docs/operations.md "Metrics").
// BENCH_DATABASE: a database of its own when several benches share one server.
const DATABASE = process.env.BENCH_DATABASE ?? 'aerogate_bench';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = 500;
const WRITE_EVERY_MS = Number(process.env.BENCH_WRITE_EVERY_MS ?? 5);
const METRICS_ROUNDS = Number(process.env.BENCH_METRICS_ROUNDS ?? 3);
const AUTOCANNON = fileURLToPath(import.meta.resolve('autocannon/autocannon.js'));
const run = promisify(execFile);

interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
  /** CPU time of this process (the server) per request answered, in microseconds: less swayed by a busy machine. */
  cpuPerRequest: number;
}

/** autocannon in a process of its own, so the load generator does not share the server's event loop. */
async function measure(url: string, headers: Record<string, string> = {}): Promise<LoadResult> {
  const args = [AUTOCANNON, '--json', '-c', String(CONNECTIONS), '-d', String(DURATION)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  const cpu = process.cpuUsage();
  const { stdout } = await run(process.execPath, [...args, url], { maxBuffer: 16 * 1024 * 1024 });
  const used = process.cpuUsage(cpu);
  const result = JSON.parse(stdout) as Omit<LoadResult, 'cpuPerRequest'>;
  return { ...result, cpuPerRequest: (used.user + used.system) / result.requests.total };
}

const url = await freshBenchDatabase(DATABASE);
const database = connectDatabase(url, { embedded: false });
const { prisma } = database;
await seedDatabase(prisma);
const hash = await bcrypt.hash(DEMO_PASSWORD, 4);
await prisma.user.createMany({
  data: Array.from({ length: USERS }, (_, i) => ({
    email: `bench-${i}@example.com`,
    passwordHash: hash,
    firstName: `First${i}`,
    lastName: `Last${i}`,
    status: 'active' as const,
  })),
});
// Planner statistics, as autovacuum would have them on a live database.
await database.pool.query('ANALYZE');

const config = loadConfig({
  ...process.env,
  DATABASE_URL: url,
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
});
const ctx = createContext({ config, prisma, pool: database.pool, changes: database.changes, logger: createLogger(config.logLevel) });
// The bare route is an Express app of its own, and the API is served as server/index.ts serves it: mounted inside
// another app, every API request paid Express's swap of its request and response prototypes, which production does not.
const bareApp = express();
bareApp.get('/bare', (_req, res) => {
  res.json({ ok: true });
});
const bareServer = bareApp.listen(0, '127.0.0.1');
const server = createApp(ctx).listen(0, '127.0.0.1');
await Promise.all([bareServer, server].map((open) => new Promise((resolve) => open.once('listening', resolve))));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const bareBase = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}`;

const login = await fetch(`${base}/api/security/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD }),
});
const { token } = (await login.json()) as { token: string };
const page = await fetch(`${base}/api/users?page=3&pageSize=20`, { headers: { authorization: `Bearer ${token}` } });
const body = (await page.json()) as { items: unknown[]; total: number };
if (page.status !== 200 || body.items.length !== 20) throw new Error(`GET /api/users answered ${page.status}`);

/** A load run on GET /api/users, with what the read cache did meanwhile and how many writes were made. */
async function measureUsers(writeEveryMs?: number, target = { base, ctx }) {
  const { base, ctx } = target;
  const before = ctx.userListCache.stats();
  const writer = new pg.Client({ connectionString: url });
  await writer.connect();
  let writes = 0;
  let writing = writeEveryMs !== undefined;
  const writeLoop = (async () => {
    while (writing) {
      await writer.query(`UPDATE "User" SET "firstName" = $1 WHERE email = 'bench-0@example.com'`, [`First0-${writes}`]);
      writes += 1;
      await new Promise((resolve) => setTimeout(resolve, writeEveryMs));
    }
  })();
  const result = await measure(`${base}/api/users?page=3&pageSize=20`, { authorization: `Bearer ${token}` });
  writing = false;
  await writeLoop;
  await writer.end();
  const after = ctx.userListCache.stats();
  const hits = after.hits - before.hits;
  const reads = after.misses - before.misses + (after.bypassed - before.bypassed);
  return { result, hits, reads, writes };
}

await measure(`${base}/api/users?pageSize=20`, { authorization: `Bearer ${token}` });
const bare = await measure(`${bareBase}/bare`);
const stack = await measure(`${base}/api/status`);
const cached = await measureUsers();
const written = await measureUsers(WRITE_EVERY_MS);
// The same two lines again before the metered instance exists: the baseline of the process-wide collectors' cost below,
// taken as late in the run as the rounds are, so what the process's warming changed meanwhile is not counted as theirs.
const stackBefore = await measure(`${base}/api/status`);
const cachedBefore = (await measureUsers()).result;

// The same app with its metrics on, on a pool of its own (the metrics time the waits for the pool's connections).
const metered = connectDatabase(url, { embedded: false });
const meteredCtx = createContext({
  config: loadConfig({
    ...process.env,
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
    JWT_SECRET: config.jwtSecret,
    METRICS_TOKEN: 'bench-metrics-token-0123456789',
  }),
  prisma: metered.prisma,
  pool: metered.pool,
  changes: metered.changes,
  logger: createLogger(config.logLevel),
});
const meteredServer = createApp(meteredCtx).listen(0, '127.0.0.1');
await new Promise((resolve) => meteredServer.once('listening', resolve));
const meteredBase = `http://127.0.0.1:${(meteredServer.address() as AddressInfo).port}`;

await measure(`${meteredBase}/api/users?pageSize=20`, { authorization: `Bearer ${token}` });
// Metrics off and on, alternately, METRICS_ROUNDS times (the order swapped each round): one pair of lines differs by
// more than the overhead from one moment to the next; the medians of the rounds are compared. The process now holds the
// metered instance's process-wide collectors (event-loop delay histogram, GC observer), so the lines "off" measured
// before it existed say what those cost.
const rounds: { stackOff: LoadResult; stackOn: LoadResult; cachedOff: LoadResult; cachedOn: LoadResult }[] = [];
for (let round = 0; round < METRICS_ROUNDS; round += 1) {
  const off = async () => ({ stackOff: await measure(`${base}/api/status`), cachedOff: (await measureUsers()).result });
  const on = async () => ({
    stackOn: await measure(`${meteredBase}/api/status`),
    cachedOn: (await measureUsers(undefined, { base: meteredBase, ctx: meteredCtx })).result,
  });
  if (round % 2 === 0) rounds.push({ ...(await off()), ...(await on()) });
  else rounds.push({ ...(await on()), ...(await off()) });
}
const scrape = await fetch(`${meteredBase}/metrics`, { headers: { authorization: 'Bearer bench-metrics-token-0123456789' } });
const counted = (await scrape.text()).match(/^aerogate_http_request_duration_seconds_count\{[^}]*route="\/api\/status"[^}]*\} (\d+)/m)?.[1];

const row = (name: string, r: LoadResult) =>
  `${name.padEnd(34)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   cpu ${r.cpuPerRequest.toFixed(0).padStart(4)} µs/req   errors ${r.errors + r.non2xx}`;
const answered = (run: Awaited<ReturnType<typeof measureUsers>>) => {
  const total = run.hits + run.reads;
  const writes = run.writes ? `, ${run.writes} writes (1 per ${Math.round(total / run.writes)} requests)` : ', no write';
  return `  ${((100 * run.hits) / total).toFixed(1)}% from the cache, ${run.reads} database reads${writes}`;
};
console.log(
  `\n${CONNECTIONS} connections, ${DURATION} s each, PostgreSQL, ${USERS + 4} users, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`,
);
console.log(row('bare route', bare));
console.log(row('GET /api/status (no database)', stack));
console.log(row('GET /api/users (page of 20)', cached.result) + answered(cached));
console.log(row('GET /api/users, writes meanwhile', written.result) + answered(written));
const ratio = (run: LoadResult) => (run.requests.average / bare.requests.average).toFixed(2);
console.log(
  `ratio to bare: GET /api/status ${ratio(stack)}; GET /api/users ${ratio(cached.result)} without writes, ${ratio(written.result)} with writes`,
);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const change = (off: number, on: number) => `${on >= off ? '+' : ''}${((100 * (on - off)) / off).toFixed(1)}%`;
const overhead = (name: string, off: LoadResult[], on: LoadResult[]) => {
  const cpuOff = median(off.map((r) => r.cpuPerRequest));
  const cpuOn = median(on.map((r) => r.cpuPerRequest));
  const rpsOff = median(off.map((r) => r.requests.average));
  const rpsOn = median(on.map((r) => r.requests.average));
  return `${name}: cpu per request ${cpuOff.toFixed(0)} → ${cpuOn.toFixed(0)} µs (${change(cpuOff, cpuOn)}), throughput ${rpsOff.toFixed(0)} → ${rpsOn.toFixed(0)} req/s (${change(rpsOff, rpsOn)})`;
};
rounds.forEach((round, i) => {
  console.log(`round ${i + 1} (${i % 2 === 0 ? 'off, then on' : 'on, then off'})`);
  console.log(row('  GET /api/status, metrics off', round.stackOff));
  console.log(row('  GET /api/status, metrics on', round.stackOn));
  console.log(row('  GET /api/users, metrics off', round.cachedOff));
  console.log(row('  GET /api/users, metrics on', round.cachedOn));
});
// BENCH_METRICS_ROUNDS=0 measures no round: nothing to take the medians of.
if (rounds.length === 0) console.log('metrics overhead: no round measured (BENCH_METRICS_ROUNDS=0)');
else {
  console.log(`metrics overhead, medians of ${METRICS_ROUNDS} rounds:`);
  for (const [route, off, on] of [
    ['GET /api/status', 'stackOff', 'stackOn'],
    ['GET /api/users', 'cachedOff', 'cachedOn'],
  ] as const)
    console.log(
      `  ${overhead(
        route,
        rounds.map((r) => r[off]),
        rounds.map((r) => r[on]),
      )}`,
    );
  console.log(
    `  process-wide collectors (metrics off, before → after the metered instance existed): GET /api/status cpu ${change(stackBefore.cpuPerRequest, median(rounds.map((r) => r.stackOff.cpuPerRequest)))}, GET /api/users cpu ${change(cachedBefore.cpuPerRequest, median(rounds.map((r) => r.cachedOff.cpuPerRequest)))}`,
  );
}
console.log(`(the metered instance counted ${counted ?? 0} GET /api/status requests)`);

for (const open of [bareServer, server, meteredServer]) {
  open.closeAllConnections();
  await new Promise((resolve) => open.close(resolve));
}
await ctx.closers.closeAll();
await meteredCtx.closers.closeAll();
await database.close();
await metered.close();
