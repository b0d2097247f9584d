import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config/env';
import { createContext } from '../server/context';
import { connectDatabase } from '../server/lib/database';
import { freshBenchDatabase } from './bench-database';
import { createLogger } from '../server/lib/logger';
import { createAutomationRepository } from '../server/modules/automation/automation.repository';
import { createRequestEvaluator } from '../server/modules/automation/evaluate-request';
import type { MissionSnapshot } from '../src/shared/contracts/requests';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDatabase } from '../prisma/seed';

// Submission → automatic answer: 500 requests filed over HTTP to an airspace with classification and automation rules;
// POST /api/procedures answers once evaluateRequest has decided, so its round trip is the time to the answer. A plain
// authenticated GET is timed in the same run, at the same concurrency, as the yardstick. Goal: p95 < 150 ms.
const DATABASE = 'aerogate_bench_requests';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const DAY = 86_400_000;

function square(lon: number, lat: number, side: number) {
  const ring = [
    [lon, lat],
    [lon + side, lat],
    [lon + side, lat + side],
    [lon, lat + side],
    [lon, lat],
  ];
  return { type: 'MultiPolygon' as const, coordinates: [[ring]] };
}

/** Runs `count` calls, `concurrency` at a time; answers each call's duration in ms. */
async function timed(count: number, concurrency: number, call: (index: number) => Promise<void>): Promise<number[]> {
  const durations: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        const started = performance.now();
        await call(index);
        durations.push(performance.now() - started);
      }
    }),
  );
  return durations.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const url = await freshBenchDatabase(DATABASE);
const database = connectDatabase(url, { embedded: false });
const { prisma } = database;
await seedDatabase(prisma);
const config = loadConfig({
  ...process.env,
  DATABASE_URL: url,
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
});
const ctx = createContext({ config, prisma, pool: database.pool, changes: database.changes, logger: createLogger(config.logLevel) });
await ctx.zones.load();
const server = createApp(ctx).listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const operator = await prisma.user.findUniqueOrThrow({ where: { email: DEMO_ACCOUNTS.operator } });
const manager = await prisma.user.findUniqueOrThrow({ where: { email: DEMO_ACCOUNTS.manager } });
const airspace = await prisma.airspace.create({
  data: {
    name: 'Bench plateau',
    internalCode: 'BENCH-REQ',
    geometry: square(2.1, 48.68, 0.1),
    minLon: 2.1,
    minLat: 48.68,
    maxLon: 2.2,
    maxLat: 48.78,
    managers: { connect: { id: manager.id } },
  },
});
await prisma.classificationRule.createMany({
  data: [
    { airspaceId: airspace.id, title: 'Above 100 m', type: 'heightOver', threshold: 100, impact: 'medium' },
    { airspaceId: airspace.id, title: 'Longer than 3 h', type: 'durationOver', threshold: 180, impact: 'medium' },
    { airspaceId: airspace.id, title: 'Over 2 km²', type: 'surfaceOver', threshold: 2, impact: 'high' },
    {
      airspaceId: airspace.id,
      title: 'Near the runway',
      type: 'radialDistanceBelow',
      threshold: 300,
      geometry: { type: 'Point', coordinates: [2.19, 48.77] },
      impact: 'high',
    },
    {
      airspaceId: airspace.id,
      title: 'Prohibited geozones',
      type: 'zoneInteraction',
      parameters: { restrictions: ['PROHIBITED'] },
      impact: 'high',
    },
  ],
});
await prisma.automationRule.createMany({
  data: [
    {
      airspaceId: airspace.id,
      title: 'Deny high impact',
      mode: 'denyAuto',
      impactLevels: ['high'],
      customReply: 'Too close.',
      enabled: true,
      priority: 0,
    },
    {
      airspaceId: airspace.id,
      title: 'Accept the rest on weekdays',
      mode: 'acceptAuto',
      impactLevels: ['low', 'medium'],
      range: { weekdays: [1, 2, 3, 4, 5], maxHeightM: 120 },
      restrictions: [{ kind: 'observerRequired' }],
      enabled: true,
      priority: 1,
    },
  ],
});
// Weekday missions (the next Monday, 10 days ahead or more) spread over the airspace, some high enough for medium impact.
const firstDay = new Date(Date.now() + 10 * DAY);
firstDay.setUTCDate(firstDay.getUTCDate() + ((8 - firstDay.getUTCDay()) % 7));
firstDay.setUTCHours(8, 0, 0, 0);
const missions = await prisma.mission.createManyAndReturn({
  data: Array.from({ length: REQUESTS }, (_, i) => ({
    userId: operator.id,
    title: `Bench mission ${i}`,
    status: 'validated' as const,
    maxHeightM: i % 3 === 0 ? 110 : 60,
    areas: square(2.11 + (i % 20) * 0.004, 48.69 + Math.floor(i / 20) * 0.003, 0.002),
    areaKm2: 0.04,
    startAt: new Date(firstDay.getTime() + (i % 5) * DAY),
    endAt: new Date(firstDay.getTime() + (i % 5) * DAY + 2 * 3_600_000),
  })),
  select: { id: true },
});

const login = await fetch(`${base}/api/security/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: DEMO_ACCOUNTS.operator, password: DEMO_PASSWORD }),
});
const { token } = (await login.json()) as { token: string };
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

const statuses = new Map<string, number>();
const file = (missionId: string) => async () => {
  const response = await fetch(`${base}/api/procedures`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ missionId, airspaceId: airspace.id, conditionsAccepted: true }),
  });
  const body = (await response.json()) as { status?: string };
  if (response.status !== 201) throw new Error(`POST /api/procedures answered ${response.status} ${JSON.stringify(body)}`);
  statuses.set(body.status!, (statuses.get(body.status!) ?? 0) + 1);
};
const get = async () => {
  const response = await fetch(`${base}/api/account`, { headers });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET /api/account answered ${response.status}`);
};

// Warm-up: JIT, the zone index, prepared statements.
await timed(20, CONCURRENCY, get);
const filing = await timed(REQUESTS, CONCURRENCY, (index) => file(missions[index]!.id)());
const reading = await timed(REQUESTS, CONCURRENCY, get);
// The evaluation alone (classification + automation), in process, on the snapshots just filed: its share of the answer.
const snapshots = (await prisma.request.findMany({ where: { airspaceId: airspace.id }, select: { missionSnapshot: true } })).map(
  (request) => request.missionSnapshot as MissionSnapshot,
);
const evaluateRequest = createRequestEvaluator({ repository: createAutomationRepository(ctx.pool), zones: ctx.zones });
const evaluating = await timed(snapshots.length, CONCURRENCY, async (index) => {
  await evaluateRequest({ airspaceId: airspace.id, missionSnapshot: snapshots[index]!, submittedAt: new Date() });
});

const row = (name: string, sorted: number[]) =>
  `${name.padEnd(44)} p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(sorted, 95).toFixed(1).padStart(6)} ms   max ${sorted[sorted.length - 1]!.toFixed(1).padStart(6)} ms`;
console.log(`\n${REQUESTS} requests, concurrency ${CONCURRENCY}, PostgreSQL`);
console.log(row('POST /api/procedures (filed → answered)', filing));
console.log(row('GET /api/account (plain authenticated GET)', reading));
console.log(row('evaluateRequest alone (in process)', evaluating));
console.log(`answers: ${[...statuses].map(([status, count]) => `${status} ${count}`).join(', ')}`);
console.log(`goal p95 < 150 ms: ${percentile(filing, 95) < 150 ? 'met' : 'NOT met'}`);

server.closeAllConnections();
await new Promise((resolve) => server.close(resolve));
await database.close();
