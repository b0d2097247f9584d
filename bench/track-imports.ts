import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config/env';
import { createContext } from '../server/context';
import { signAccessToken } from '../server/lib/auth-token';
import { openDatabaseSession } from '../server/lib/database-session';
import { createLogger } from '../server/lib/logger';
import { freshBenchDatabase } from './bench-database';

// Track imports against the rest of the API (issue 24 H2): a 9.9 MB GPX (99,000 points with GPSLogger's details) and
// a 200,000-row CSV, each imported while GET /api/health is asked every 100 ms, on the embedded PGlite and on
// PostgreSQL. Prints the import's answer and time, the worst and median health answers, the server's longest event-loop
// delay and its resident-set growth; the baseline, in the same run, is the same health polling with no import. The server runs in a child
// process, so its memory is its own. Asserts nothing. BENCH_DATABASE: a PostgreSQL database of its own.
const SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const GPX_POINTS = 99_000;
const GPX_MB = 9.9;
const CSV_ROWS = 200_000;
const POLL_MS = 100;
const IDLE_MS = 5_000;
const START = Date.parse('2026-06-15T08:00:00Z');

interface Ready {
  port: number;
  userId: string;
  missionId: string;
}

/** The child: the API on PGlite (no BENCH_URL) or PostgreSQL, with an operator and a flown mission; samples its RSS. */
async function serve() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aerogate-bench-tracks-'));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, LOG_LEVEL: 'silent', DATABASE_URL: process.env.BENCH_URL });
  const session = await openDatabaseSession(config);
  const { rows } = await session.pool.query<{ id: string }>(
    `INSERT INTO "User" (id, email, "passwordHash", status, "firstName", "lastName", "updatedAt")
     VALUES (gen_random_uuid(), 'pilot@bench.test', 'x', 'active', 'Bench', 'Pilot', now()) RETURNING id`,
  );
  const userId = rows[0]!.id;
  const mission = await session.pool.query<{ id: string }>(
    `INSERT INTO "Mission" (id, "userId", title, status, "updatedAt") VALUES (gen_random_uuid(), $1, 'Bench', 'validated', now()) RETURNING id`,
    [userId],
  );
  const ctx = createContext({
    config,
    prisma: session.prisma,
    pool: session.pool,
    changes: session.changes,
    logger: createLogger('silent'),
  });
  const server = createApp(ctx).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  let baseline = 0;
  let peak = 0;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  // memoryUsage.rss() alone: memoryUsage() also walks the heap's spaces, a cost the sampler put on the server's event
  // loop every 20 ms (half a second of the server's CPU in a profile of this bench).
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  process.on('message', (message: string) => {
    if (message === 'sample') {
      global.gc?.();
      baseline = process.memoryUsage().rss;
      peak = baseline;
      loop.reset();
      process.send!({ sampling: true });
    } else if (message === 'report') process.send!({ growthMb: (peak - baseline) / 1_048_576, loopMaxMs: loop.max / 1e6 });
    else if (message === 'stop') {
      clearInterval(sampler);
      server.close();
      void session.close().then(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
    }
  });
  const address = server.address();
  process.send!({
    port: typeof address === 'object' && address ? address.port : 0,
    userId,
    missionId: mission.rows[0]!.id,
  } satisfies Ready);
}

function ask<T>(child: ChildProcess, message?: string): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (answer) => resolve(answer as T));
    if (message) child.send(message);
  });
}

/** A GPX of `count` points at 1 Hz around Saclay from `start`, each with its elevation and time, padded to `mb` with white space. */
function gpxFile(count: number, start = START, mb = GPX_MB): Blob {
  const points = Array.from({ length: count }, (_, index) => {
    const lat = (48.7 + (index % 1000) * 0.00001).toFixed(6);
    const lon = (2.16 + Math.floor(index / 1000) * 0.00001).toFixed(6);
    return `<trkpt lat="${lat}" lon="${lon}"><ele>${(150 + (index % 120)).toFixed(1)}</ele><time>${new Date(start + index * 1000).toISOString()}</time></trkpt>\n`;
  });
  const size = points.reduce((sum, point) => sum + point.length, 100);
  points.push(' '.repeat(Math.max(0, Math.round(mb * 1_048_576) - size)));
  return new Blob([
    '<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="bench"><trk><trkseg>\n',
    ...points,
    '</trkseg></trk></gpx>\n',
  ]);
}

/** A flight log CSV of `count` rows at 10 Hz from `start`. */
function csvFile(count: number, start = START): Blob {
  const rows = Array.from(
    { length: count },
    (_, index) => `${new Date(start + index * 100).toISOString()},${(48.7 + (index % 1000) * 0.00001).toFixed(7)},2.16,${index % 120}\n`,
  );
  return new Blob(['time,lat,lon,height\n', ...rows]);
}

/** The poller, a child of its own so that sending a file never delays it: GET /api/health every POLL_MS until 'stop'. */
async function poll() {
  const times: number[] = [];
  let stopped = false;
  process.on('message', (message: string) => (stopped = message === 'stop'));
  process.send!('ready');
  while (!stopped) {
    const since = performance.now();
    await fetch(`http://127.0.0.1:${process.env.BENCH_PORT}/api/health`).then((response) => response.arrayBuffer());
    times.push(performance.now() - since);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, POLL_MS - (performance.now() - since))));
  }
  process.send!(times, () => process.exit(0));
}

/** Each health answer's time (ms) while `work` runs, and what it answers. */
async function pollHealth<T>(port: number, work: () => Promise<T>): Promise<{ health: number[]; result: T }> {
  const poller = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_ROLE: 'poll', BENCH_PORT: String(port) },
    execArgv: ['--import', 'tsx'],
  });
  await ask(poller);
  const result = await work();
  return { health: await ask<number[]>(poller, 'stop'), result };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measure(database: 'PGlite' | 'PostgreSQL', url: string | undefined) {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_ROLE: 'server', BENCH_URL: url ?? '' },
    // BENCH_CPU_PROF=<dir>: the server writes a CPU profile there when it stops (node --cpu-prof).
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
  });
  const { port, userId, missionId } = await ask<Ready>(child);
  const token = signAccessToken(
    { id: userId, email: 'pilot@bench.test', rights: ['JOURNEY_EDIT'], tokenVersion: 0 },
    SECRET,
    3600,
    new Date(),
  ).token;
  const line = (label: string, health: number[], extra: string) =>
    console.log(
      `${database.padEnd(11)} ${label.padEnd(28)} health worst ${`${Math.round(Math.max(...health))} ms`.padStart(8)}  median ${`${Math.round(median(health))} ms`.padStart(6)}  ${extra}`,
    );

  // A small file of each kind first, as a server that has run a while has done: the first import's one-time costs (the
  // reader thread's start, the first compilation of each database query) are not what the bench measures.
  for (const [name, file] of [
    ['warm-up.gpx', gpxFile(1_000, START - 86_400_000, 0)],
    ['warm-up.csv', csvFile(1_000, START - 43_200_000)],
  ] as const) {
    const form = new FormData();
    form.append('file', file, name);
    const response = await fetch(`http://127.0.0.1:${port}/api/postflights/${missionId}/track`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    if (response.status !== 201) throw new Error(`warm-up import answered ${response.status} ${await response.text()}`);
  }
  await ask(child, 'sample');
  const { health: idle } = await pollHealth(port, () => new Promise((resolve) => setTimeout(resolve, IDLE_MS)));
  const quiet = await ask<{ loopMaxMs: number }>(child, 'report');
  line('no import (baseline)', idle, `event loop delay max ${quiet.loopMaxMs.toFixed(0)} ms`);
  for (const [label, name, file] of [
    [`GPX, ${GPX_POINTS.toLocaleString('en')} points`, 'flight.gpx', gpxFile(GPX_POINTS)],
    [`CSV, ${CSV_ROWS.toLocaleString('en')} rows`, 'flight.csv', csvFile(CSV_ROWS)],
  ] as const) {
    await ask(child, 'sample');
    const form = new FormData();
    form.append('file', file, name);
    let ms = 0;
    const { health, result: answer } = await pollHealth(port, async () => {
      const since = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}/api/postflights/${missionId}/track`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: form,
      });
      const body = JSON.stringify(await response.json()).slice(0, 70);
      ms = performance.now() - since;
      return `${response.status} ${body}`;
    });
    const { growthMb, loopMaxMs } = await ask<{ growthMb: number; loopMaxMs: number }>(child, 'report');
    line(
      `${label} (${(file.size / 1_048_576).toFixed(1)} MB)`,
      health,
      `event loop delay max ${loopMaxMs.toFixed(0)} ms, import ${(ms / 1000).toFixed(1)} s, RSS +${growthMb.toFixed(0)} MB: ${answer}`,
    );
  }
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** Both databases, one after the other. */
export async function benchTrackImports() {
  console.log(`\nTrack imports while GET /api/health is asked every ${POLL_MS} ms (targets: worst < 200 ms, RSS growth < 100 MB)`);
  await measure('PGlite', undefined);
  await measure('PostgreSQL', await freshBenchDatabase(process.env.BENCH_DATABASE ?? 'aerogate_bench_tracks'));
}

if (process.env.BENCH_ROLE === 'server') await serve();
else if (process.env.BENCH_ROLE === 'poll') await poll();
