import type { AddressInfo } from 'node:net';
import os from 'node:os';
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

// Submission → automatic answer: permission requests filed over HTTP to an airspace with classification and automation
// rules; POST /api/procedures answers once evaluateRequest has decided, so its round trip is the time to the answer.
// The filings are sent as the SPA sends them (`Prefer: return=minimal`: the filing's outcome, docs/requests.md). A plain
// authenticated GET is the yardstick, at the same concurrency. The two are measured in rounds, each round a block of
// filings and a block of reads (in turn one first, then the other, so a change in the machine's load weighs on both),
// after a warm-up of both; each round prints its own ratio of the p95s, then the spread over the rounds. Filings
// answered with the whole detail (its active missions and conflicts read) follow, a block per round, for comparison.
// Goal: the filing's p95 at most 1.5 × the plain GET's in every round. BENCH_DATABASE: a database of its own.
const DATABASE = process.env.BENCH_DATABASE ?? 'aerogate_bench_requests';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PER_ROUND = Number(process.env.BENCH_REQUESTS ?? 400);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 50);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const GOAL_RATIO = 1.5;
const MISSIONS = 2 * (WARM_UP + ROUNDS * PER_ROUND);
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
// Weekday missions (the next Monday, 10 days ahead or more) on a grid inside the airspace, away from the runway rule's
// point, some high enough for medium impact.
const firstDay = new Date(Date.now() + 10 * DAY);
firstDay.setUTCDate(firstDay.getUTCDate() + ((8 - firstDay.getUTCDay()) % 7));
firstDay.setUTCHours(8, 0, 0, 0);
const columns = Math.ceil(Math.sqrt(MISSIONS));
const step = 0.07 / columns;
const missions = await prisma.mission.createManyAndReturn({
  data: Array.from({ length: MISSIONS }, (_, i) => ({
    userId: operator.id,
    title: `Bench mission ${i}`,
    status: 'validated' as const,
    maxHeightM: i % 3 === 0 ? 110 : 60,
    areas: square(2.11 + (i % columns) * step, 48.69 + Math.floor(i / columns) * step, step / 2),
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
const file = (missionId: string, answer: 'outcome' | 'detail') => async () => {
  const response = await fetch(`${base}/api/procedures`, {
    method: 'POST',
    headers: answer === 'outcome' ? { ...headers, prefer: 'return=minimal' } : headers,
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

// Warm-up of both (JIT, the zone index, each pooled connection's prepared statements), not counted.
let filed = 0;
const fileNext = () => file(missions[filed++]!.id, 'outcome')();
const fileWithDetail = () => file(missions[filed++]!.id, 'detail')();
await timed(WARM_UP, CONCURRENCY, fileNext);
await timed(WARM_UP, CONCURRENCY, fileWithDetail);
await timed(WARM_UP, CONCURRENCY, get);
/** A block's durations, and this process's CPU time per call (server and client: steadier than times on a busy machine). */
async function block(call: () => Promise<void>) {
  const cpu = process.cpuUsage();
  const durations = await timed(PER_ROUND, CONCURRENCY, call);
  const used = process.cpuUsage(cpu);
  return { durations, cpuPerCall: (used.user + used.system) / PER_ROUND };
}
type Block = Awaited<ReturnType<typeof block>>;
const pairs: { filing: Block; reading: Block }[] = [];
for (let round = 0; round < ROUNDS; round++) {
  if (round % 2 === 0) {
    const filing = await block(fileNext);
    pairs.push({ filing, reading: await block(get) });
  } else {
    const reading = await block(get);
    pairs.push({ filing: await block(fileNext), reading });
  }
}
// The filings answered with the detail after the rounds, so that their garbage weighs on no block of the goal's pairs.
const rounds: { filing: Block; withDetail: Block; reading: Block }[] = [];
for (const pair of pairs) rounds.push({ ...pair, withDetail: await block(fileWithDetail) });
// The evaluation alone (classification + automation), in process, on the snapshots just filed: its share of the answer.
const snapshots = (await prisma.request.findMany({ where: { airspaceId: airspace.id }, select: { missionSnapshot: true } })).map(
  (request) => request.missionSnapshot as MissionSnapshot,
);
const evaluateRequest = createRequestEvaluator({ repository: createAutomationRepository(ctx.pool), zones: ctx.zones });
const evaluating = await timed(snapshots.length, CONCURRENCY, async (index) => {
  await evaluateRequest({ airspaceId: airspace.id, missionSnapshot: snapshots[index]!, submittedAt: new Date() });
});

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
const row = (name: string, values: number[]) => {
  const all = sorted(values);
  return `${name.padEnd(44)} p50 ${ms(percentile(all, 50))}   p95 ${ms(percentile(all, 95))}   max ${ms(all[all.length - 1]!)}`;
};
type Round = (typeof rounds)[number];
const ratioOf = (round: Round, filing: Block = round.filing) => percentile(filing.durations, 95) / percentile(round.reading.durations, 95);
const cpu = (each: Block) => `cpu ${each.cpuPerCall.toFixed(0).padStart(5)} µs`;
console.log(
  `\n${ROUNDS} rounds of ${PER_ROUND} filings (as the SPA files: the outcome) and ${PER_ROUND} reads, then ${PER_ROUND} filings answered with the detail per round, after a warm-up of ${WARM_UP} each, concurrency ${CONCURRENCY}, PostgreSQL, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`,
);
const p50p95 = (each: Block) => `p50 ${ms(percentile(each.durations, 50))} p95 ${ms(percentile(each.durations, 95))} ${cpu(each)}`;
rounds.forEach((round, index) => {
  console.log(
    `round ${index + 1}: filed → answered ${p50p95(round.filing)}   plain GET ${p50p95(round.reading)}   ratio of the p95s ${ratioOf(round).toFixed(2)}   with the detail ${p50p95(round.withDetail)}, ratio ${ratioOf(round, round.withDetail).toFixed(2)}`,
  );
});
console.log(
  row(
    'POST /api/procedures (filed → answered)',
    rounds.flatMap((round) => round.filing.durations),
  ),
);
console.log(
  row(
    'POST /api/procedures, answered with the detail',
    rounds.flatMap((round) => round.withDetail.durations),
  ),
);
console.log(
  row(
    'GET /api/account (plain authenticated GET)',
    rounds.flatMap((round) => round.reading.durations),
  ),
);
console.log(row('evaluateRequest alone (in process)', evaluating));
const spread = (values: number[]) => {
  const all = sorted(values);
  return `${all[0]!.toFixed(2)}–${all[all.length - 1]!.toFixed(2)}, median ${all[Math.floor(all.length / 2)]!.toFixed(2)}`;
};
const ratios = rounds.map((round) => ratioOf(round));
console.log(`ratio of the p95s over the rounds: ${spread(ratios)}`);
console.log(
  `with the detail answered (its blocks after the rounds, against each round's GET): ${spread(rounds.map((round) => ratioOf(round, round.withDetail)))}`,
);
console.log(`answers: ${[...statuses].map(([status, count]) => `${status} ${count}`).join(', ')}`);
console.log(
  `goal p95 ≤ ${GOAL_RATIO} × the plain GET's in every round: ${ratios.every((ratio) => ratio <= GOAL_RATIO) ? 'met' : 'NOT met'}`,
);

server.closeAllConnections();
await new Promise((resolve) => server.close(resolve));
await ctx.closers.closeAll();
await database.close();
