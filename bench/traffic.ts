import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import express from 'express';
import type pg from 'pg';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config/env';
import { createContext } from '../server/context';
import { signAccessToken } from '../server/lib/auth-token';
import { connectDatabase } from '../server/lib/database';
import { freshBenchDatabase } from './bench-database';
import { createLogger } from '../server/lib/logger';
import { LIVE_FLUSH_MS } from '../server/modules/traffic/traffic.live';

// Ingest through the public API (X-Api-Key batches) with live-map clients connected, then the same load against a
// bare Express SSE server with the same fan-out and batching and no application. The load generator and the clients
// run in a child process, so this process's CPU is the server's. Meanwhile the health route is asked every 100 ms
// (`GET /api/health`, a route answering `ok` on the bare server) and the server's resident set is sampled: the
// "1,000 live clients" check of issue 24 is `npm run bench:live-clients` (1,000 clients, ingest paced at
// BENCH_RATE positions a second). Figures are printed, nothing is asserted. BENCH_DATABASE: a database of its own.
const DATABASE = process.env.BENCH_DATABASE ?? 'aerogate_bench_traffic';
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const MISSIONS = Number(process.env.BENCH_MISSIONS ?? 500);
const ALERTS = Number(process.env.BENCH_ALERTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BATCH = Number(process.env.BENCH_BATCH ?? 100);
const POSTERS = Number(process.env.BENCH_POSTERS ?? 8);
/** Positions a second in all, the posters' batches spread evenly; 0: each poster posts again as soon as answered. */
const RATE = Number(process.env.BENCH_RATE ?? 0);
/** Clients opening their stream at the same moment, group after group. */
const CONNECTING = 50;
const HEALTH_EVERY_MS = 100;
/**
 * `fly`: each tracker flies straight from a random start at its declared speed (8 m/s) and heading, so that its
 * violation episodes go on from one position to the next. `jump`: each position is anywhere in the area, so that
 * almost every one ends an episode and opens another (two violation events per position).
 */
const MOTION = process.env.BENCH_MOTION ?? 'fly';
const SPEED_MS = 8;
const METRES_PER_DEG = 111_320;
const BBOX = [2.0, 48.6, 2.4, 48.8] as const;
const SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

interface LoadReport {
  accepted: number;
  seconds: number;
  /** Ingest to delivery on client 0, the one client that parses what it receives. */
  latencies: number[];
  /** Targets in the deltas client 0 parsed. */
  upserts: number;
  /** Violation events client 0 parsed. */
  violations: number;
  /** Bytes and events (blocks ended by a blank line) each client received. */
  bytes: number[];
  events: number[];
  /** Batches answered with an error, by status. */
  refused: Record<string, number>;
  /** Live streams refused, by status, and streams the server ended before the run did. */
  liveRefused: Record<string, number>;
  liveEnded: number;
  /** Each health answer's time (ms), from before the first client connects to the end, and the answers not 200 by status. */
  health: number[];
  /** When the worst health answer was asked, and when the clients were all connected, in ms since the polling began. */
  worstHealthAt: number;
  connectedAt: number;
  healthRefused: Record<string, number>;
  /** CPU time of the load generator (posters and readers) during the run, in µs. */
  cpuMicros: number;
}

interface Reader {
  bytes: number;
  events: number;
  /** The server ended the stream. */
  ended: boolean;
  close(): void;
}

const count = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);

/**
 * One live-map client: a real SSE connection that receives every byte. Client 0 parses each event to measure the
 * latency; the others count bytes and events only, so that the load generator's own parsing (200 copies of every
 * delta) does not set the ceiling of the figures.
 */
function openReader(url: string, token: string, onEvent: ((block: string) => void) | null): Promise<Reader> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/live?bbox=${BBOX.join(',')}`, { headers: { Authorization: `Bearer ${token}` } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(String(response.statusCode)));
        return;
      }
      const reader: Reader = { bytes: 0, events: 0, ended: false, close: () => request.destroy() };
      response.on('end', () => (reader.ended = true));
      let endedWithNewline = false;
      let text = '';
      response.on('data', (chunk: Buffer) => {
        reader.bytes += chunk.length;
        if (endedWithNewline && chunk[0] === 0x0a) reader.events++;
        for (let at = chunk.indexOf('\n\n'); at >= 0; at = chunk.indexOf('\n\n', at + 2)) reader.events++;
        endedWithNewline = chunk[chunk.length - 1] === 0x0a;
        if (!onEvent) return;
        text += chunk.toString('utf8');
        let end: number;
        while ((end = text.indexOf('\n\n')) >= 0) {
          onEvent(text.slice(0, end));
          text = text.slice(end + 2);
        }
      });
      response.on('error', () => undefined);
      resolve(reader);
    });
    request.on('error', (error) => reject(error));
  });
}

/** The child: opens the live-map clients, posts batches as fast as the server answers, measures on client 0. */
async function load() {
  const { url, healthUrl, token, apiKey, idents } = JSON.parse(process.env.BENCH_TARGET!) as {
    url: string;
    healthUrl: string;
    token: string;
    apiKey: string;
    idents: string[];
  };
  const health: number[] = [];
  const healthAsked: number[] = [];
  const healthRefused: Record<string, number> = {};
  const polled = performance.now();
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const since = performance.now();
      try {
        const response = await fetch(healthUrl);
        await response.arrayBuffer();
        if (response.status !== 200) count(healthRefused, String(response.status));
      } catch (error) {
        count(healthRefused, (error as Error).message);
      }
      const took = performance.now() - since;
      health.push(took);
      healthAsked.push(since - polled);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, HEALTH_EVERY_MS - took)));
    }
  })();
  const latencies: number[] = [];
  let upserts = 0;
  let violations = 0;
  const measure = (block: string) => {
    if (block.startsWith('event: violation')) violations++;
    if (!block.startsWith('event: delta')) return;
    const data = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { upserts: { time: string }[] };
    const now = Date.now();
    upserts += data.upserts.length;
    for (const target of data.upserts) latencies.push(now - Date.parse(target.time));
  };
  const readers: Reader[] = [];
  const liveRefused: Record<string, number> = {};
  for (let first = 0; first < CLIENTS; first += CONNECTING) {
    const group = Array.from({ length: Math.min(CONNECTING, CLIENTS - first) }, (_, offset) =>
      openReader(url, token, first + offset === 0 ? measure : null).then(
        (reader) => readers.push(reader),
        (error: Error) => count(liveRefused, error.message),
      ),
    );
    await Promise.all(group);
  }
  const connectedAt = performance.now() - polled;
  const last = new Map<string, number>();
  const anywhere = () => ({
    lon: BBOX[0] + Math.random() * (BBOX[2] - BBOX[0]),
    lat: BBOX[1] + Math.random() * (BBOX[3] - BBOX[1]),
  });
  const flights = new Map(idents.map((ident) => [ident, { ...anywhere(), heading: Math.floor(Math.random() * 360), at: Date.now() }]));
  const where = (ident: string, time: number) => {
    if (MOTION === 'jump') return { ...anywhere(), heading: 90 };
    const { lon, lat, heading, at } = flights.get(ident)!;
    const metres = (SPEED_MS * (time - at)) / 1000;
    const radians = (heading * Math.PI) / 180;
    return {
      lon: lon + (metres * Math.sin(radians)) / (METRES_PER_DEG * Math.cos((lat * Math.PI) / 180)),
      lat: lat + (metres * Math.cos(radians)) / METRES_PER_DEG,
      heading,
    };
  };
  let next = 0;
  let accepted = 0;
  const refused: Record<string, number> = {};
  const cpu = process.cpuUsage();
  const started = Date.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: POSTERS }, async (_, poster) => {
      // Paced: poster i posts at i/POSTERS of each period, one period being the time RATE allows a batch per poster.
      const periodMs = RATE > 0 ? (POSTERS * BATCH * 1000) / RATE : 0;
      for (let turn = 0; Date.now() < until; turn++) {
        const slot = started + (turn + poster / POSTERS) * periodMs;
        if (slot > Date.now()) await new Promise((resolve) => setTimeout(resolve, slot - Date.now()));
        const positions = Array.from({ length: BATCH }, () => {
          const ident = idents[next++ % idents.length]!;
          const time = Math.max(Date.now(), (last.get(ident) ?? 0) + 1);
          last.set(ident, time);
          const { lon, lat, heading } = where(ident, time);
          const sent = new Date(time).toISOString();
          // With the link and fix a tracker reports: every column of the batched insert is written.
          return {
            ident,
            lat,
            lon,
            alt: 40,
            spd: SPEED_MS,
            heading,
            time: sent,
            type: 'drone',
            source: 'wi',
            rssi: -62,
            gpsSatellites: 12,
          };
        });
        const response = await fetch(`${url}/`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Api-Key': apiKey },
          body: JSON.stringify({ positions }),
        });
        const answer = (await response.json()) as { accepted?: number; code?: string };
        if (response.ok) accepted += answer.accepted ?? 0;
        else count(refused, `${response.status} ${answer.code ?? ''}`.trim());
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const used = process.cpuUsage(cpu);
  polling = false;
  await poller;
  const liveEnded = readers.filter((reader) => reader.ended).length;
  for (const reader of readers) reader.close();
  process.send!({
    accepted,
    seconds,
    latencies,
    upserts,
    violations,
    bytes: readers.map((reader) => reader.bytes),
    events: readers.map((reader) => reader.events),
    refused,
    liveRefused,
    liveEnded,
    health,
    worstHealthAt: healthAsked[health.indexOf(Math.max(...health))] ?? NaN,
    connectedAt,
    healthRefused,
    cpuMicros: used.user + used.system,
  } satisfies LoadReport);
}

function runLoad(target: object): Promise<LoadReport> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, BENCH_ROLE: 'load', BENCH_TARGET: JSON.stringify(target) },
      execArgv: ['--import', 'tsx'],
    });
    child.once('message', (report) => {
      child.kill();
      resolve(report as LoadReport);
    });
    child.once('error', reject);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

function print(name: string, report: LoadReport, cpuMicros: number, rss: { before: number; peak: number }) {
  const rate = Math.round(report.accepted / report.seconds);
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(report.latencies, p));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  console.log(
    `${name.padEnd(34)} ${String(rate).padStart(7)} positions/s  p50 ${p50} ms  p95 ${p95} ms  p99 ${p99} ms  ` +
      `server CPU ${(cpuMicros / report.accepted).toFixed(1)} µs/position  (${report.accepted} positions)  ` +
      `server process CPU ${Math.round(cpuMicros / 10_000 / (report.seconds + 1))}% of a core` +
      (Object.keys(report.refused).length > 0 ? `  refused batches: ${JSON.stringify(report.refused)}` : ''),
  );
  console.log(
    `${''.padEnd(34)} client 0: ${report.upserts} targets in deltas, ${report.violations} violation events; ` +
      `${report.bytes.length} clients: ${(sum(report.bytes) / 1e6).toFixed(1)} MB, ${sum(report.events)} events, ` +
      `bytes per client ${Math.min(...report.bytes)}–${Math.max(...report.bytes)}; ` +
      `load generator CPU ${Math.round(report.cpuMicros / 10_000 / (report.seconds + 1))}% of a core`,
  );
  const unavailable = [report.refused, report.liveRefused, report.healthRefused]
    .flatMap((counts) => Object.entries(counts))
    .filter(([status]) => status.startsWith('503'))
    .reduce((total, [, times]) => total + times, 0);
  console.log(
    `${''.padEnd(34)} 503 answers: ${unavailable}; live streams refused ${JSON.stringify(report.liveRefused)}, ended by the server ${report.liveEnded}; ` +
      `health every ${HEALTH_EVERY_MS} ms: ${report.health.length} answers, worst ${Math.round(Math.max(...report.health))} ms, ` +
      `p99 ${Math.round(percentile(report.health, 99))} ms, p50 ${Math.round(percentile(report.health, 50))} ms, ` +
      `worst asked at ${(report.worstHealthAt / 1000).toFixed(1)} s (clients all connected at ${(report.connectedAt / 1000).toFixed(1)} s)` +
      (Object.keys(report.healthRefused).length > 0 ? `, not 200: ${JSON.stringify(report.healthRefused)}` : '') +
      `; server RSS ${Math.round(rss.before / 1_048_576)} MB before the clients, peak ${Math.round(rss.peak / 1_048_576)} MB`,
  );
}

/** The load against one server, with this process's CPU time and resident set (sampled every 100 ms) meanwhile. */
async function measure(target: object) {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 100);
  const cpu = process.cpuUsage();
  const report = await runLoad(target);
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  return { report, cpuMicros: used.user + used.system, rss: { before, peak } };
}

async function seed(pool: pg.Pool) {
  const apiKey = randomBytes(24).toString('hex');
  const insertUser = `INSERT INTO "User" (id, email, "passwordHash", status, "firstName", "lastName", "apiKey", "updatedAt")
                      VALUES (gen_random_uuid(), $1, 'x', 'active', 'Bench', $2, $3, now()) RETURNING id`;
  const operator = (await pool.query<{ id: string }>(insertUser, ['operator@bench.test', 'Operator', apiKey])).rows[0]!.id;
  const admin = (await pool.query<{ id: string }>(insertUser, ['admin@bench.test', 'Admin', null])).rows[0]!.id;
  const idents = Array.from({ length: MISSIONS }, (_, i) => `BENCH-${i}`);
  await pool.query(
    `INSERT INTO "Tracker" (id, ident, "relatedUserId", vehicle, source, "updatedAt")
     SELECT gen_random_uuid(), i, $1, 'drone', 'wi', now() FROM unnest($2::text[]) AS i`,
    [operator, idents],
  );
  await pool.query(
    `WITH m AS (INSERT INTO "Mission" (id, "userId", title, status, "updatedAt")
                SELECT gen_random_uuid(), $1, 'Bench ' || g, 'onGoing', now() FROM generate_series(1, $2) g RETURNING id)
     INSERT INTO "Flight" (id, "missionId", "takenOffBy", "takeoffAt", "lastPingAt")
     SELECT gen_random_uuid(), m.id, $1, now() - interval '1 minute', now() FROM m`,
    [operator, MISSIONS],
  );
  const square = (lon: number, lat: number) => ({
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [lon, lat],
          [lon + 0.01, lat],
          [lon + 0.01, lat + 0.01],
          [lon, lat + 0.01],
          [lon, lat],
        ],
      ],
    ],
  });
  const alerts = Array.from({ length: ALERTS }, (_, i) => JSON.stringify(square(2 + (i % 40) * 0.01, 48.6 + Math.floor(i / 40) * 0.008)));
  await pool.query(
    `INSERT INTO "Alert" (id, name, type, geometry, "updatedAt")
     SELECT gen_random_uuid(), 'Bench alert', 'doNotEnter', g::jsonb, now() FROM unnest($1::text[]) AS g`,
    [alerts],
  );
  return { apiKey, admin, idents };
}

/** The baseline: the same batches parsed and fanned out to the same clients as often as Aerogate's, nothing else. */
function bareServer() {
  const app = express();
  app.use(express.json({ limit: '10mb' }));
  const clients = new Set<express.Response>();
  let pending: object[] = [];
  setInterval(() => {
    if (pending.length === 0) return;
    const bytes = Buffer.from(`event: delta\ndata: ${JSON.stringify({ upserts: pending, removals: [] })}\n\n`);
    pending = [];
    for (const client of clients) client.write(bytes);
  }, LIVE_FLUSH_MS).unref();
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/live', (req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    res.write(`event: snapshot\ndata: ${JSON.stringify({ targets: [], violations: [] })}\n\n`);
    clients.add(res);
    req.on('close', () => clients.delete(res));
  });
  app.post('/', (req, res) => {
    const { positions } = req.body as { positions: object[] };
    pending.push(...positions);
    res.status(201).json({ accepted: positions.length, rejected: [] });
  });
  return app;
}

async function listen(app: express.Express) {
  const server = app.listen(0, '127.0.0.1');
  // Paced posters send a batch every few seconds, near Node's 5 s keep-alive: a socket the server closes as a poster
  // reuses it fails the run ('other side closed').
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.once('listening', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

async function main() {
  const url = await freshBenchDatabase(DATABASE);
  const database = connectDatabase(url, { embedded: false });
  const { apiKey, admin, idents } = await seed(database.pool);
  const config = loadConfig({ DATA_DIR: '/tmp/aerogate-bench-traffic', JWT_SECRET: SECRET, LOG_LEVEL: 'silent', DATABASE_URL: url });
  const ctx = createContext({
    config,
    prisma: database.prisma,
    pool: database.pool,
    changes: database.changes,
    logger: createLogger('silent'),
  });
  const token = signAccessToken(
    { id: admin, email: 'admin@bench.test', rights: ['TRAFFIC_LIST_ADMIN'], tokenVersion: 0 },
    SECRET,
    3600,
    new Date(),
  ).token;

  console.log(
    `${CLIENTS} live-map clients, ${MISSIONS} flying missions (one tracker each), ${ALERTS} alerts, batches of ${BATCH}, ${POSTERS} posters, ` +
      `${RATE > 0 ? `${RATE} positions/s` : 'as fast as answered'}, ${SECONDS} s, motion ${MOTION}; load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
  );
  const appServer = await listen(createApp(ctx));
  const appUrl = `http://127.0.0.1:${appServer.port}`;
  const app = await measure({ url: `${appUrl}/api/traffics`, healthUrl: `${appUrl}/api/health`, token, apiKey, idents });
  print('Aerogate POST /api/traffics/ + SSE', app.report, app.cpuMicros, app.rss);
  appServer.server.closeAllConnections();
  appServer.server.close();
  await ctx.closers.closeAll();

  const bare = await listen(bareServer());
  const bareUrl = `http://127.0.0.1:${bare.port}`;
  const baseline = await measure({ url: bareUrl, healthUrl: `${bareUrl}/health`, token, apiKey, idents });
  print('Baseline: bare Express SSE', baseline.report, baseline.cpuMicros, baseline.rss);
  console.log(
    `Aerogate / bare: ${(app.report.accepted / app.report.seconds / (baseline.report.accepted / baseline.report.seconds)).toFixed(2)} of the positions/s; ` +
      `load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
  );
  bare.server.closeAllConnections();
  bare.server.close();
  await database.close();
}

if (process.env.BENCH_ROLE === 'load') await load();
else await main();
