import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDatabase } from '../prisma/seed';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config/env';
import { createContext } from '../server/context';
import { connectDatabase } from '../server/lib/database';
import { createLogger } from '../server/lib/logger';
import { freshBenchDatabase } from './bench-database';

// A soak of the API on PostgreSQL (issue 24 M2), on loopback only: for `--minutes` (default 20; `--minutes 2` is the
// CI-sized run that .ci/run makes, not part of npm test) four demo users sign in again every minute, read list pages,
// the operator saves a mission, the manager decides on requests (accept, then cancel the decision), 20 drones post a
// position a second each and 20 live-map clients stay connected. The server runs in a child process, so its memory and
// event loop are its own. Prints the answers that were not 2xx by status and code, the live streams the server closed,
// the p99 of each route in the first and the last window (5 minutes, or a quarter of a shorter run), the server's
// resident-set growth after the first window (the warm-up) and its event-loop delay per window. Targets: 0 errors, RSS
// growth < 10 %, p99 not rising.
// Asserts nothing.
const { values: args } = parseArgs({ options: { minutes: { type: 'string', default: process.env.BENCH_MINUTES ?? '20' } } });
const MINUTES = Number(args.minutes);
const DURATION_MS = MINUTES * 60_000;
const WINDOW_MS = Math.min(5 * 60_000, DURATION_MS / 4);
const DRONES = 20;
const LIVE_CLIENTS = 20;
const REQUESTS = 20;
const SECRET = 'bench-secret-bench-secret-bench-secret-soak-0001';
const BOX = '2.0,48.6,2.4,48.8';

interface Ready {
  port: number;
  apiKey: string;
  trackers: string[];
  missionId: string;
  missionBody: Record<string, unknown>;
  requestIds: string[];
}

interface Sample {
  at: number;
  rssMb: number;
  loopP99Ms: number;
  loopMaxMs: number;
}

const square = (lon: number, lat: number, side: number) => ({
  type: 'MultiPolygon' as const,
  coordinates: [
    [
      [
        [lon, lat],
        [lon + side, lat],
        [lon + side, lat + side],
        [lon, lat + side],
        [lon, lat],
      ],
    ],
  ],
});

/** The child: the API on a fresh seeded database, the drones' trackers and the requests to decide; samples itself. */
async function serve() {
  const url = process.env.BENCH_URL!;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aerogate-bench-soak-'));
  const database = connectDatabase(url, { embedded: false });
  const { prisma } = database;
  await seedDatabase(prisma);
  const config = loadConfig({ ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, JWT_SECRET: SECRET, LOG_LEVEL: 'warn' });
  const ctx = createContext({ config, prisma, pool: database.pool, changes: database.changes, logger: createLogger(config.logLevel) });
  await ctx.zones.load();

  const operator = await prisma.user.findUniqueOrThrow({ where: { email: DEMO_ACCOUNTS.operator } });
  const apiKey = randomBytes(24).toString('hex');
  await prisma.user.update({ where: { id: operator.id }, data: { apiKey } });
  const trackers = Array.from({ length: DRONES }, (_, index) => `SOAK-${index}`);
  await prisma.tracker.createMany({
    data: trackers.map((ident) => ({ ident, relatedUserId: operator.id, vehicle: 'drone' as const, source: 'wi' as const })),
  });
  const pilot = await prisma.pilot.findFirstOrThrow({ where: { userId: operator.id } });
  const machine = await prisma.machine.findFirstOrThrow({ where: { userId: operator.id } });
  const airspace = await prisma.airspace.findUniqueOrThrow({ where: { internalCode: 'LFPS-DEMO' } });
  const start = new Date(Date.now() + 7 * 86_400_000);
  start.setUTCHours(8, 0, 0, 0);
  const missionBody = {
    title: 'Soak survey',
    referentPilotId: pilot.id,
    mainMachineId: machine.id,
    maxHeightM: 50,
    areas: square(2.2, 48.72, 0.002),
    startAt: start.toISOString(),
    endAt: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    constraints: { overPeople: 'none', distanceToPeopleM: 50, vlos: true, urban: false, nearAerodrome: false },
  };
  const missions = await prisma.mission.createManyAndReturn({
    data: Array.from({ length: REQUESTS + 1 }, (_, index) => ({
      userId: operator.id,
      title: `Soak mission ${index}`,
      // The first is the one the operator saves again and again; the others carry the requests.
      status: index === 0 ? ('draft' as const) : ('validated' as const),
      referentPilotId: pilot.id,
      mainMachineId: machine.id,
      maxHeightM: 50,
      areas: square(2.12 + (index % 10) * 0.01, 48.69 + Math.floor(index / 10) * 0.01, 0.002),
      areaKm2: 0.04,
      startAt: start,
      endAt: new Date(start.getTime() + 2 * 3_600_000),
    })),
    select: { id: true },
  });

  const server = createApp(ctx).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as { port: number }).port;

  // The requests to decide, filed over HTTP as the operator.
  const login = await fetch(`http://127.0.0.1:${port}/api/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.operator, password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const requestIds: string[] = [];
  for (const mission of missions.slice(1)) {
    const filed = await fetch(`http://127.0.0.1:${port}/api/procedures`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ missionId: mission.id, airspaceId: airspace.id, conditionsAccepted: true }),
    });
    const body = (await filed.json()) as { id?: string };
    if (filed.status !== 201 || !body.id) throw new Error(`filing a request answered ${filed.status} ${JSON.stringify(body)}`);
    requestIds.push(body.id);
  }

  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const began = performance.now();
  const sampler = setInterval(() => {
    process.send!({
      at: performance.now() - began,
      rssMb: process.memoryUsage().rss / 1_048_576,
      loopP99Ms: loop.percentile(99) / 1e6,
      loopMaxMs: loop.max / 1e6,
    } satisfies Sample);
    loop.reset();
  }, 10_000);
  process.on('message', (message: string) => {
    if (message !== 'stop') return;
    clearInterval(sampler);
    server.closeAllConnections();
    server.close();
    void ctx.closers
      .closeAll()
      .then(() => database.close())
      .then(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
  });
  process.send!({ port, apiKey, trackers, missionId: missions[0]!.id, missionBody, requestIds } satisfies Ready);
}

/** The load, in this process: every call's route, status, code and time are kept. */
async function soak() {
  const url = await freshBenchDatabase('aerogate_bench_soak');
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_ROLE: 'server', BENCH_URL: url },
    execArgv: ['--import', 'tsx'],
  });
  const samples: Sample[] = [];
  const ready = await new Promise<Ready>((resolve) =>
    child.on('message', (message: Ready | Sample) => ('port' in message ? resolve(message) : samples.push(message))),
  );
  const base = `http://127.0.0.1:${ready.port}`;
  const began = performance.now();
  const deadline = began + DURATION_MS;
  const calls: { route: string; at: number; ms: number }[] = [];
  const errors = new Map<string, number>();
  const error = (key: string) => errors.set(key, (errors.get(key) ?? 0) + 1);

  async function call(route: string, input: string, init: RequestInit = {}): Promise<unknown> {
    const since = performance.now();
    try {
      const response = await fetch(`${base}${input}`, init);
      const text = await response.text();
      calls.push({ route, at: since - began, ms: performance.now() - since });
      if (response.ok) return text ? JSON.parse(text) : null;
      let code = '';
      try {
        code = (JSON.parse(text) as { code?: string }).code ?? '';
      } catch {
        // Not an API error body.
      }
      error(`${response.status} ${code} ${route}`.trim());
    } catch (failure) {
      error(`network ${(failure as Error).message} ${route}`);
    }
    return null;
  }

  const json = (token: string | null, body?: unknown, method = body === undefined ? 'GET' : 'POST'): RequestInit => ({
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** A user's session: signs in again every minute, runs `step` about once a second. */
  async function user(email: string, step: (token: string, turn: number) => Promise<void>) {
    let token = '';
    let signedInAt = -Infinity;
    for (let turn = 0; performance.now() < deadline; turn += 1) {
      if (performance.now() - signedInAt > 60_000) {
        const session = (await call('POST /api/security/login', '/api/security/login', json(null, { email, password: DEMO_PASSWORD }))) as {
          token?: string;
        } | null;
        if (session?.token) token = session.token;
        signedInAt = performance.now();
      }
      await step(token, turn);
      await pause(1_000);
    }
  }

  const operator = user(DEMO_ACCOUNTS.operator, async (token, turn) => {
    await call('GET /api/preflights', '/api/preflights?page=1&pageSize=20', json(token));
    if (turn % 5 === 0)
      await call(
        'PUT /api/preflights/:id',
        `/api/preflights/${ready.missionId}`,
        json(token, { ...ready.missionBody, title: `Soak survey ${turn}` }, 'PUT'),
      );
    if (turn % 3 === 0) await call('GET /api/procedures', '/api/procedures?page=1&pageSize=20', json(token));
  });
  const manager = user(DEMO_ACCOUNTS.manager, async (token, turn) => {
    await call('GET /api/procedures', '/api/procedures?page=1&pageSize=20', json(token));
    const id = ready.requestIds[turn % ready.requestIds.length]!;
    const detail = (await call('GET /api/procedures/:id', `/api/procedures/${id}`, json(token))) as { allowedActions?: string[] } | null;
    const action = ['accept', 'cancelDecision'].find((name) => detail?.allowedActions?.includes(name));
    if (action) await call(`POST /api/procedures/:id/actions/${action}`, `/api/procedures/${id}/actions/${action}`, json(token, {}));
  });
  const admin = user(DEMO_ACCOUNTS.admin, async (token, turn) => {
    await call('GET /api/users', `/api/users?page=${1 + (turn % 3)}&pageSize=20`, json(token));
    if (turn % 2 === 0) await call('GET /api/violations', '/api/violations?page=1&pageSize=20', json(token));
  });
  const pilot = user(DEMO_ACCOUNTS.pilot, async (token) => {
    await call('GET /api/preflights', '/api/preflights?page=1&pageSize=20', json(token));
    await call('GET /api/account', '/api/account', json(token));
  });

  // The drones: each a position a second, flying a small circle.
  const drones = ready.trackers.map(async (ident, index) => {
    await pause((index * 1_000) / DRONES);
    for (let second = 0; performance.now() < deadline; second += 1) {
      const since = performance.now();
      const angle = (second / 60) * 2 * Math.PI;
      await call('POST /api/traffics/', '/api/traffics/', {
        method: 'POST',
        headers: { 'x-api-key': ready.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          ident,
          lat: 48.7 + (index % 5) * 0.01 + 0.002 * Math.sin(angle),
          lon: 2.15 + Math.floor(index / 5) * 0.01 + 0.002 * Math.cos(angle),
          alt: 40,
          time: new Date().toISOString(),
          type: 'drone',
          source: 'wi',
        }),
      });
      await pause(Math.max(0, 1_000 - (performance.now() - since)));
    }
  });

  // The live clients: the administrator's token, renewed each time the server ends a stream (counted).
  const adminSession = (await (
    await fetch(`${base}/api/security/login`, json(null, { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD }))
  ).json()) as { token: string };
  let liveBytes = 0;
  const live = Array.from({ length: LIVE_CLIENTS }, async () => {
    const controller = new AbortController();
    const stop = setTimeout(() => controller.abort(), Math.max(0, deadline - performance.now()));
    while (performance.now() < deadline) {
      try {
        const response = await fetch(`${base}/api/traffics/live?bbox=${BOX}`, {
          headers: { authorization: `Bearer ${adminSession.token}`, accept: 'text/event-stream' },
          signal: controller.signal,
        });
        if (!response.ok || !response.body) {
          error(`${response.status} live stream refused`);
          await response.body?.cancel();
          await pause(1_000);
          continue;
        }
        for await (const chunk of response.body) liveBytes += (chunk as Uint8Array).byteLength;
        if (performance.now() < deadline) error('live stream closed by the server');
      } catch (failure) {
        if (!controller.signal.aborted) error(`live stream ${(failure as Error).message}`);
      }
    }
    clearTimeout(stop);
  });

  const progress = setInterval(() => {
    const minute = Math.round((performance.now() - began) / 60_000);
    const failed = [...errors.values()].reduce((sum, count) => sum + count, 0);
    console.log(`  ${minute} min: ${calls.length} answers, ${failed} errors, load average ${loadavg()[0]!.toFixed(1)}`);
  }, 60_000);
  const loadBefore = loadavg();
  await Promise.all([operator, manager, admin, pilot, ...drones, ...live]);
  clearInterval(progress);
  const loadAfter = loadavg();
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));

  const p99 = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)]! : NaN;
  };
  const windowLabel = `${(WINDOW_MS / 60_000).toFixed(1)} min`;
  const first = (at: number) => at < WINDOW_MS;
  const last = (at: number) => at >= DURATION_MS - WINDOW_MS;
  console.log(
    `\nSoak of ${MINUTES} min on PostgreSQL, loopback: 4 users, ${DRONES} drones at 1 Hz, ${LIVE_CLIENTS} live clients` +
      ` (load average ${loadBefore.map((value) => value.toFixed(1)).join(' ')} before, ${loadAfter.map((value) => value.toFixed(1)).join(' ')} after)`,
  );
  const total = [...errors.values()].reduce((sum, count) => sum + count, 0);
  const positions = calls.filter((entry) => entry.route === 'POST /api/traffics/').length;
  console.log(
    `answers: ${calls.length}; errors: ${total}${total ? '' : ' (target 0: met)'}; positions answered ${(positions / (DURATION_MS / 1000)).toFixed(1)}/s ` +
      `(each drone posts its next once answered, ${DRONES}/s at most); live bytes received: ${liveBytes}`,
  );
  for (const [key, count] of [...errors].sort((a, b) => b[1] - a[1])) console.log(`  ${String(count).padStart(6)} × ${key}`);
  console.log(`\np99 per route, first and last ${windowLabel} (target: not rising)`);
  for (const route of [...new Set(calls.map((entry) => entry.route))].sort()) {
    const of = (inWindow: (at: number) => boolean) =>
      calls.filter((entry) => entry.route === route && inWindow(entry.at)).map((entry) => entry.ms);
    const [a, b] = [of(first), of(last)];
    console.log(
      `  ${route.padEnd(48)} ${`${p99(a).toFixed(0)} ms`.padStart(9)} (${String(a.length).padStart(5)})  ${`${p99(b).toFixed(0)} ms`.padStart(9)} (${String(b.length).padStart(5)})`,
    );
  }
  const warm = samples.filter((sample) => sample.at >= WINDOW_MS);
  if (warm.length) {
    const after = warm[0]!.rssMb;
    const end = warm.at(-1)!.rssMb;
    const peak = Math.max(...warm.map((sample) => sample.rssMb));
    console.log(
      `\nserver RSS after the first ${windowLabel} ${after.toFixed(0)} MB, at the end ${end.toFixed(0)} MB (${(((end - after) / after) * 100).toFixed(1)} %, target < 10 %), peak ${peak.toFixed(0)} MB`,
    );
  }
  const loop = (inWindow: (at: number) => boolean) => samples.filter((sample) => inWindow(sample.at));
  for (const [label, window] of [
    ['first', loop(first)],
    ['last', loop(last)],
  ] as const)
    if (window.length)
      console.log(
        `event-loop delay, ${label} ${windowLabel}: p99 of 10 s samples up to ${Math.max(...window.map((sample) => sample.loopP99Ms)).toFixed(0)} ms, max ${Math.max(...window.map((sample) => sample.loopMaxMs)).toFixed(0)} ms`,
      );
}

if (process.env.BENCH_ROLE === 'server') await serve();
else await soak();
