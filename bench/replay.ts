import { fork, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config/env';
import { createContext } from '../server/context';
import { signAccessToken } from '../server/lib/auth-token';
import { connectDatabase } from '../server/lib/database';
import { freshBenchDatabase } from './bench-database';
import { createLogger } from '../server/lib/logger';
import { appendPage, densityPoints, emptyReplayData, headsAt, pointsOf, type ReplayData } from '../src/features/replay/replay-data';
import { REPLAY_PAGE_DEFAULT, REPLAY_PAGE_MAX, type ReplayDensity, type ReplayPage } from '../src/shared/contracts/replay';
import type { Right } from '../src/shared/domain/rights';

// Replay and extraction over 1,000,000 stored positions (issue 11), on PostgreSQL: the streamed CSV extraction of
// all of them (rows/s and the server's memory growth) next to PostgreSQL's own COPY … TO STDOUT of the same rows in
// the same order; the first frame of the replay of one day (first page fetched, decoded and drawn into map data),
// the heatmap of that day (its cells counted by the server, made into map data) and the loading of the rest of the
// day, next to the bare SELECT of that day's rows. The server
// runs in a child process, so its memory is its own. Figures are printed, nothing is asserted.
const DATABASE = process.env.BENCH_DATABASE ?? 'aerogate_bench_replay';
const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 1_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 7);
const IDENTS = 40;
const MISSIONS_PER_DAY = 10;
const SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const START = Date.parse('2026-06-01T00:00:00Z');
const DAY_MS = 86_400_000;

interface ServerMessage {
  port?: number;
  memory?: { baselineMb: number; peakMb: number; heapPeakMb: number; heapBeforeMb: number; heapAfterGcMb: number; cpuMs: number };
}

/** The child: the API on the bench database; samples its own memory between 'sample' and 'report'. */
async function serve() {
  const url = process.env.BENCH_URL!;
  const database = connectDatabase(url, { embedded: false });
  const config = loadConfig({ DATA_DIR: '/tmp/aerogate-bench-replay', JWT_SECRET: SECRET, LOG_LEVEL: 'silent', DATABASE_URL: url });
  const ctx = createContext({
    config,
    prisma: database.prisma,
    pool: database.pool,
    changes: database.changes,
    logger: createLogger('silent'),
  });
  const server = createApp(ctx).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  let baseline = 0;
  let peak = 0;
  let heapPeak = 0;
  let heapBefore = 0;
  let cpuBefore = process.cpuUsage();
  let timer: ReturnType<typeof setInterval> | undefined;
  process.on('message', (message: string) => {
    if (message === 'sample') {
      global.gc?.();
      cpuBefore = process.cpuUsage();
      baseline = process.memoryUsage().rss;
      peak = baseline;
      heapBefore = process.memoryUsage().heapUsed;
      heapPeak = heapBefore;
      timer = setInterval(() => {
        const usage = process.memoryUsage();
        peak = Math.max(peak, usage.rss);
        heapPeak = Math.max(heapPeak, usage.heapUsed);
      }, 20);
    } else if (message === 'report') {
      clearInterval(timer);
      // What the extraction left behind once garbage is collected: what it holds, apart from the heap's headroom.
      global.gc?.();
      const mb = (bytes: number) => bytes / 1_048_576;
      process.send!({
        memory: {
          baselineMb: mb(baseline),
          peakMb: mb(peak),
          heapPeakMb: mb(heapPeak),
          heapBeforeMb: mb(heapBefore),
          heapAfterGcMb: mb(process.memoryUsage().heapUsed),
          cpuMs: cpuMs(process.cpuUsage(cpuBefore)),
        },
      } satisfies ServerMessage);
    }
  });
  // An exit rather than the signal's default, so that a CPU profile asked for (BENCH_SERVER_CPU_PROF) gets written.
  process.once('SIGTERM', () => process.exit(0));
  process.send!({ port: (server.address() as AddressInfo).port } satisfies ServerMessage);
}

function ask(child: ChildProcess, message?: string): Promise<ServerMessage> {
  return new Promise((resolve) => {
    child.once('message', (answer) => resolve(answer as ServerMessage));
    if (message) child.send(message);
  });
}

/** An operator's flights: missions of about 2.4 h each, flown by 40 trackers around Saclay, appended in time order. */
async function seed(pool: pg.Client) {
  const insertUser = `INSERT INTO "User" (id, email, "passwordHash", status, "firstName", "lastName", "updatedAt")
                      VALUES (gen_random_uuid(), $1, 'x', 'active', 'Bench', $2, now()) RETURNING id`;
  const operator = (await pool.query<{ id: string }>(insertUser, ['operator@bench.test', 'Operator'])).rows[0]!.id;
  const admin = (await pool.query<{ id: string }>(insertUser, ['admin@bench.test', 'Admin'])).rows[0]!.id;
  const missions = (
    await pool.query<{ id: string }>(
      `INSERT INTO "Mission" (id, "userId", title, status, "updatedAt")
       SELECT gen_random_uuid(), $1, 'Bench ' || g, 'archived', now() FROM generate_series(1, $2) g RETURNING id`,
      [operator, DAYS * MISSIONS_PER_DAY],
    )
  ).rows.map((row) => row.id);
  await pool.query(
    `INSERT INTO "Track" (source, ident, "userId", time, type, lat, lon, "heightM", "speedMs", heading, "missionId")
     SELECT 'wi', 'TRK-' || (g % $3), $1::uuid,
            ($2::timestamptz AT TIME ZONE 'UTC') + (g * $4::float8) * interval '1 millisecond', 'drone',
            48.65 + random() * 0.1, 2.1 + random() * 0.15, random() * 600, random() * 15, random() * 360,
            ($5::uuid[])[1 + (g * $6::bigint / $7)]
       FROM generate_series(0, $7 - 1) g`,
    [operator, new Date(START).toISOString(), IDENTS, (DAYS * DAY_MS) / POSITIONS, missions, missions.length, POSITIONS],
  );
  await pool.query('VACUUM ANALYZE "Track"');
  return { operator, admin };
}

const token = (id: string, rights: Right[]) =>
  signAccessToken({ id, email: 'bench@bench.test', rights, tokenVersion: 0 }, SECRET, 3600, new Date()).token;

/**
 * The line ends in a chunk, found by `indexOf` (native): a loop over every byte in JavaScript cost the bench's own process
 * more CPU than the server's work, on the two cores the three processes share (docs/performance.md, "Replay").
 */
function lineEnds(chunk: Uint8Array) {
  let lines = 0;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  return lines;
}

/** Downloads a URL with node's own HTTP client (lighter than fetch's web streams); answers the number of lines. */
function downloadLines(url: string, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    get(url, { headers }, (response) => {
      let lines = 0;
      response.on('data', (chunk: Buffer) => (lines += lineEnds(chunk)));
      response.on('end', () => resolve(lines));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** PostgreSQL's own CSV of a query, through the COPY protocol: the bytes are counted, nothing is kept. */
async function copyLines(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let lines = 0;
  const query = new pg.Query(`COPY (${sql}) TO STDOUT WITH (FORMAT csv)`) as pg.Query & {
    handleCopyData(message: { chunk: Buffer }): void;
  };
  query.handleCopyData = ({ chunk }) => {
    lines += lineEnds(chunk);
  };
  await new Promise<void>((resolve, reject) => {
    query.on('end', () => resolve());
    query.on('error', reject);
    void client.query(query);
  });
  await client.end();
  return lines;
}

const cpuMs = ({ user, system }: NodeJS.CpuUsage) => (user + system) / 1000;
const seconds = (since: number) => (performance.now() - since) / 1000;
const iso = (ms: number) => new Date(ms).toISOString();

async function main() {
  console.log(`Seeding ${POSITIONS.toLocaleString('en')} positions over ${DAYS} days…`);
  const url = await freshBenchDatabase(DATABASE);
  // A plain client: the application pool's statement timeout would cut the million-row insert.
  const seeder = new pg.Client({ connectionString: url });
  await seeder.connect();
  const { operator, admin } = await seed(seeder);
  await seeder.end();

  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_ROLE: 'server', BENCH_URL: url },
    // BENCH_SERVER_CPU_PROF=<dir>: the server writes a V8 CPU profile there when the bench ends.
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      ...(process.env.BENCH_SERVER_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_CPU_PROF}`] : []),
    ],
  });
  const { port } = await ask(child);
  const api = `http://127.0.0.1:${port}/api/replay`;
  const headers = (bearer: string) => ({ Authorization: `Bearer ${bearer}` });
  const adminToken = token(admin, ['JOURNEY_LIST_ADMIN']);
  const operatorToken = token(operator, ['JOURNEY_LIST']);
  const all = { from: iso(START), to: iso(START + DAYS * DAY_MS) };

  // CSV extraction of everything, with the server's memory sampled, then COPY of the same rows.
  const sampled = ask(child, 'sample');
  await new Promise((resolve) => setTimeout(resolve, 200));
  let since = performance.now();
  let benchCpu = process.cpuUsage();
  const csvLines = await downloadLines(`${api}/positions.csv?${new URLSearchParams(all)}`, headers(adminToken));
  const csvSeconds = seconds(since);
  const csvClientCpuMs = cpuMs(process.cpuUsage(benchCpu));
  child.send('report');
  const { memory } = await sampled;
  since = performance.now();
  benchCpu = process.cpuUsage();
  const copied = await copyLines(
    url,
    `SELECT time, source, ident, type, "missionId", lat, lon, "heightM", "speedMs", heading FROM "Track"
      WHERE time >= '${all.from}'::timestamptz AT TIME ZONE 'UTC' AND time < '${all.to}'::timestamptz AT TIME ZONE 'UTC'
      ORDER BY time, source, ident`,
  );
  const copySeconds = seconds(since);
  const copyClientCpuMs = cpuMs(process.cpuUsage(benchCpu));
  const csvRate = (csvLines - 1) / csvSeconds;
  const copyRate = copied / copySeconds;
  console.log(
    `CSV GET /api/replay/positions.csv   ${Math.round(csvRate).toLocaleString('en').padStart(9)} rows/s  (${csvLines - 1} rows in ${csvSeconds.toFixed(2)} s)` +
      `  server memory: RSS ${memory!.baselineMb.toFixed(0)} → peak ${memory!.peakMb.toFixed(0)} MB (+${(memory!.peakMb - memory!.baselineMb).toFixed(0)} MB), heap ${memory!.heapBeforeMb.toFixed(0)} → peak ${memory!.heapPeakMb.toFixed(0)} MB → ${memory!.heapAfterGcMb.toFixed(0)} MB after GC`,
  );
  console.log(
    `Baseline: COPY … TO STDOUT (csv)    ${Math.round(copyRate).toLocaleString('en').padStart(9)} rows/s  (${copied} rows in ${copySeconds.toFixed(2)} s)` +
      `  → the extraction runs at ${((100 * csvRate) / copyRate).toFixed(0)} % of COPY`,
  );
  // The three processes (database, server, this client) share the machine's cores: what each side cost them.
  console.log(
    `CPU: extraction server ${memory!.cpuMs.toFixed(0)} ms, its client (this process) ${csvClientCpuMs.toFixed(0)} ms; ` +
      `COPY's client ${copyClientCpuMs.toFixed(0)} ms; load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
  );

  // One day in the middle of the period: the first frame, then the heatmap, as the screen builds them.
  const day = { from: iso(START + 3 * DAY_MS), to: iso(START + 4 * DAY_MS) };
  for (const [who, bearer] of [
    ['administrator', adminToken],
    ['operator', operatorToken],
  ] as const) {
    since = performance.now();
    const page = async (after: string | null) => {
      const query = new URLSearchParams({
        ...day,
        limit: String(after ? REPLAY_PAGE_MAX : REPLAY_PAGE_DEFAULT),
        ...(after ? { after } : {}),
      });
      const response = await fetch(`${api}/positions?${query}`, { headers: headers(bearer) });
      return (await response.json()) as ReplayPage;
    };
    const first = await page(null);
    let data: ReplayData = appendPage(emptyReplayData(), first);
    pointsOf(data, data.time[0]!);
    headsAt(data, data.time[0]!);
    const firstFrame = seconds(since);
    since = performance.now();
    const density = (await (
      await fetch(`${api}/density?${new URLSearchParams(day)}`, { headers: headers(bearer) })
    ).json()) as ReplayDensity;
    const cells = densityPoints(density);
    const heatmap = seconds(since);
    since = performance.now();
    let next = first.next;
    while (next) {
      const more = await page(next);
      data = appendPage(data, more);
      next = more.next;
    }
    pointsOf(data, data.time[0]!);
    console.log(
      `One day, ${who.padEnd(13)}  first frame ${(firstFrame * 1000).toFixed(0)} ms (${first.time.length} positions)  ` +
        `heatmap ${(heatmap * 1000).toFixed(0)} ms (${cells.features.length} cells of ${density.count.reduce((sum, n) => sum + n, 0)} positions)  ` +
        `rest of the day loaded ${(seconds(since) * 1000).toFixed(0)} ms (${data.time.length} positions, ${data.targets.length} targets)`,
    );
  }
  const bare = new pg.Client({ connectionString: url });
  await bare.connect();
  since = performance.now();
  const { rowCount } = await bare.query(
    `SELECT time, source, ident, type, "missionId", lat, lon, "heightM" FROM "Track"
      WHERE time >= $1::timestamptz AT TIME ZONE 'UTC' AND time < $2::timestamptz AT TIME ZONE 'UTC' ORDER BY time, source, ident`,
    [day.from, day.to],
  );
  console.log(
    `Baseline: one SELECT of the day     ${((seconds(since) * 1000).toFixed(0) + ' ms').padStart(9)}  (${rowCount} rows, node-postgres)`,
  );
  await bare.end();
  child.kill();
}

if (process.env.BENCH_ROLE === 'server') await serve();
else await main();
