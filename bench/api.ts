import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import bcrypt from 'bcrypt';
import express from 'express';
import pg from 'pg';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config/env';
import { createContext } from '../server/context';
import { createPrismaClient, migrateDatabase } from '../server/lib/database';
import { createLogger } from '../server/lib/logger';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDatabase } from '../prisma/seed';

// Throughput and p99 of a bare Express route next to GET /api/users (JWT check, rights check, a page of
// 20 users with their groups and the total) on PostgreSQL, in one run, so the ratio is what matters.
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'aerogate_bench';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = 500;

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

function measure(title: string, url: string, headers: Record<string, string> = {}) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ title, url, connections: CONNECTIONS, duration: DURATION, headers }, (error: Error | null, result: autocannon.Result) => (error ? reject(error) : resolve(result)));
  });
}

const url = await prepareDatabase();
const prisma = createPrismaClient(url, { embedded: false });
await seedDatabase(prisma);
const hash = await bcrypt.hash(DEMO_PASSWORD, 4);
await prisma.user.createMany({
  data: Array.from({ length: USERS }, (_, i) => ({ email: `bench-${i}@example.com`, passwordHash: hash, firstName: `First${i}`, lastName: `Last${i}`, status: 'active' as const })),
});

const config = loadConfig({ ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00' });
const ctx = createContext({ config, prisma, logger: createLogger(config.logLevel) });
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

await measure('warm-up', `${base}/api/users?pageSize=20`, { authorization: `Bearer ${token}` });
const bare = await measure('bare route', `${base}/bare`);
const users = await measure('GET /api/users (page of 20)', `${base}/api/users?page=3&pageSize=20`, { authorization: `Bearer ${token}` });

const row = (name: string, r: autocannon.Result) =>
  `${name.padEnd(30)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, PostgreSQL, ${USERS + 4} users`);
console.log(row('bare route', bare));
console.log(row('GET /api/users (page of 20)', users));
console.log(`ratio (users / bare): ${(users.requests.average / bare.requests.average).toFixed(2)}`);

server.closeAllConnections();
await new Promise((resolve) => server.close(resolve));
await prisma.$disconnect();
