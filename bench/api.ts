import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import bcrypt from 'bcrypt';
import express from 'express';
import pg from 'pg';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config/env';
import { createContext } from '../server/context';
import { connectDatabase, migrateDatabase } from '../server/lib/database';
import { createLogger } from '../server/lib/logger';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDatabase } from '../prisma/seed';

// Throughput and p99 of a bare Express route next to GET /api/users (JWT check, rights check, a page of
// 20 users with their groups and the total) on PostgreSQL, in one run, so the ratio is what matters.
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'aerogate_bench';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = 500;
const AUTOCANNON = fileURLToPath(import.meta.resolve('autocannon/autocannon.js'));
const run = promisify(execFile);

async function prepareDatabase() {
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  const url = new URL(SERVER);
  url.pathname = `/${DATABASE}`;
  await migrateDatabase(url.toString());
  return url.toString();
}

interface LoadResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
}

/** autocannon in a process of its own, so the load generator does not share the server's event loop. */
async function measure(url: string, headers: Record<string, string> = {}): Promise<LoadResult> {
  const args = [AUTOCANNON, '--json', '-c', String(CONNECTIONS), '-d', String(DURATION)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  const { stdout } = await run(process.execPath, [...args, url], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as LoadResult;
}

const url = await prepareDatabase();
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

const config = loadConfig({
  ...process.env,
  DATABASE_URL: url,
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
});
const ctx = createContext({ config, prisma, pool: database.pool, logger: createLogger(config.logLevel) });
const app = express();
app.get('/bare', (_req, res) => {
  res.json({ ok: true });
});
app.use(createApp(ctx));
const server = app.listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const login = await fetch(`${base}/api/security/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD }),
});
const { token } = (await login.json()) as { token: string };
const page = await fetch(`${base}/api/users?page=3&pageSize=20`, { headers: { authorization: `Bearer ${token}` } });
const body = (await page.json()) as { items: unknown[]; total: number };
if (page.status !== 200 || body.items.length !== 20) throw new Error(`GET /api/users answered ${page.status}`);

await measure(`${base}/api/users?pageSize=20`, { authorization: `Bearer ${token}` });
const bare = await measure(`${base}/bare`);
const stack = await measure(`${base}/api/status`);
const users = await measure(`${base}/api/users?page=3&pageSize=20`, { authorization: `Bearer ${token}` });

const row = (name: string, r: LoadResult) =>
  `${name.padEnd(30)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, PostgreSQL, ${USERS + 4} users`);
console.log(row('bare route', bare));
console.log(row('GET /api/status (no database)', stack));
console.log(row('GET /api/users (page of 20)', users));
console.log(`ratio (users / bare): ${(users.requests.average / bare.requests.average).toFixed(2)}`);

server.closeAllConnections();
await new Promise((resolve) => server.close(resolve));
await database.close();
