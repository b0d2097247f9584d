import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config/env';
import { createContext } from '../server/context';
import { connectDatabase, migrateDatabase } from '../server/lib/database';
import { createLogger } from '../server/lib/logger';
import { createOwnPostgres } from '../tests/setup/own-postgres';
import { createUser, TEST_PASSWORD } from '../tests/factories/users';

// What clients see when the database stops or pauses under load (docs/security.md "Database faults"): a cluster of
// our own (FAULT_POSTGRES_PORT, default 5440), the API with its default timeouts on BENCH_PORT, CONNECTIONS clients
// looping on GET /api/preflights while one client polls /api/health. Prints figures, asserts nothing.
const PORT = Number(process.env.FAULT_POSTGRES_PORT ?? 5440);
const API_PORT = Number(process.env.BENCH_PORT ?? 0);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const OUTAGE_MS = Number(process.env.BENCH_OUTAGE_MS ?? 10_000);

interface Sample {
  at: number;
  ms: number;
  status: number;
}

const cluster = createOwnPostgres(PORT);
cluster.start();
try {
  await migrateDatabase(cluster.url);
  const config = loadConfig({
    DATABASE_URL: cluster.url,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'aerogate-bench-faults-')),
    LOG_LEVEL: 'silent',
    BCRYPT_ROUNDS: '4',
  });
  const database = connectDatabase(cluster.url, { embedded: false, timeouts: config.database, onIdleError: () => undefined });
  const ctx = createContext({
    config,
    prisma: database.prisma,
    pool: database.pool,
    changes: database.changes,
    logger: createLogger('silent'),
  });
  const server = createApp(ctx).listen(API_PORT, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const user = await createUser(database.prisma, { rights: ['PREFLIGHT_LIST'] });
  const { token } = (await (
    await fetch(`${base}/api/security/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    })
  ).json()) as { token: string };

  async function loop(url: string, headers: Record<string, string>, until: () => boolean, samples: Sample[]) {
    while (!until()) {
      const started = performance.now();
      const response = await fetch(url, { headers }).catch(() => undefined);
      await response?.arrayBuffer();
      samples.push({ at: started, ms: performance.now() - started, status: response?.status ?? 0 });
      if (url.endsWith('/health')) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function scenario(name: string, fault: () => void, heal: () => void) {
    let done = false;
    const api: Sample[] = [];
    const health: Sample[] = [];
    const loops = [
      ...Array.from({ length: CONNECTIONS }, () => loop(`${base}/api/preflights`, { Authorization: `Bearer ${token}` }, () => done, api)),
      loop(`${base}/api/health`, {}, () => done, health),
    ];
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const faultAt = performance.now();
    fault();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    const healAt = performance.now();
    heal();
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    done = true;
    await Promise.all(loops);

    const during = (samples: Sample[]) => samples.filter((s) => s.at >= faultAt && s.at < healAt);
    const first503 = (samples: Sample[]) => {
      const hit = samples.find((s) => s.at >= faultAt && s.status === 503);
      return hit ? Math.round(hit.at + hit.ms - faultAt) : NaN;
    };
    const recovery = (samples: Sample[]) => {
      const after = samples.filter((s) => s.at >= healAt);
      const lastBad = after.filter((s) => s.status !== 200).at(-1);
      return lastBad ? Math.round(lastBad.at + lastBad.ms - healAt) : 0;
    };
    const quantile = (values: number[], q: number) => {
      const sorted = [...values].sort((a, b) => a - b);
      return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN);
    };
    const statuses = (samples: Sample[]) => {
      const counts = new Map<number, number>();
      for (const sample of during(samples)) counts.set(sample.status, (counts.get(sample.status) ?? 0) + 1);
      return [...counts].map(([status, count]) => `${status}×${count}`);
    };
    console.log(`\n${name} for ${OUTAGE_MS / 1000} s, ${CONNECTIONS} clients on GET /api/preflights:`);
    console.log(
      `  API     first 503 after ${first503(api)} ms; answers during the fault: ${statuses(api).join(', ')}; latency p50 ${quantile(
        during(api).map((s) => s.ms),
        0.5,
      )} ms, max ${quantile(
        during(api).map((s) => s.ms),
        1,
      )} ms; all 200 again ${recovery(api)} ms after the database came back`,
    );
    console.log(
      `  health  first 503 after ${first503(health)} ms; latency during the fault p50 ${quantile(
        during(health).map((s) => s.ms),
        0.5,
      )} ms, max ${quantile(
        during(health).map((s) => s.ms),
        1,
      )} ms; 200 again ${recovery(health)} ms after`,
    );
  }

  await scenario(
    'Stopped (pg_ctl stop -m fast)',
    () => cluster.stop(),
    () => cluster.start(),
  );
  await scenario(
    'Paused (SIGSTOP of the postmaster and its backends)',
    () => cluster.pause(),
    () => cluster.resume(),
  );

  server.close();
  server.closeAllConnections();
  await ctx.geometry.close();
  await database.close();
} finally {
  cluster.destroy();
}
