import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { connectDatabase } from '../server/lib/database';
import { createDeconfliction } from '../server/modules/requests/deconfliction';
import { createRequestsRepository } from '../server/modules/requests/requests.repository';
import type { MissionSnapshot, Restriction } from '../src/shared/contracts/requests';
import { grantedVolume, volumeOverlap } from '../src/shared/domain/deconfliction';
import { ACCEPTED_STATUSES, UNDER_ANALYSIS_STATUSES } from '../src/shared/domain/request-status';
import { freshBenchDatabase } from './bench-database';
import { seededRandom } from './seeded-random';

// Strategic deconfliction (docs/airspace-manager.md): the conflict check of one request against an airspace holding
// MISSIONS accepted missions (500 m squares over about 75 × 75 km of Île-de-France, 30 days, 1–4 h windows, height
// bands between 0 and 150 m), through the GiST index on the requests' 4D volumes, beside a plain scan (every accepted
// or pending request of the airspace read and intersected) in the same run. Goal: p95 < 20 ms for the indexed check.
const DATABASE = 'aerogate_bench_deconflict';
const MISSIONS = Number(process.env.BENCH_MISSIONS ?? 10_000);
const CHECKS = Number(process.env.BENCH_CHECKS ?? 200);
const SCAN_CHECKS = Number(process.env.BENCH_SCAN_CHECKS ?? 20);
const HOUR = 3_600_000;
const FIRST_DAY = Date.parse('2027-03-01T00:00:00.000Z');
const random = seededRandom(22);

function square(lon: number, lat: number, side: number): MissionSnapshot['areas'] {
  const ring: [number, number][] = [
    [lon, lat],
    [lon + side, lat],
    [lon + side, lat + side],
    [lon, lat + side],
    [lon, lat],
  ];
  return { type: 'MultiPolygon', coordinates: [[ring]] };
}

/** A mission somewhere in the airspace, some day of the month, with a height band. */
function snapshotAt(index: number): MissionSnapshot {
  const start = FIRST_DAY + Math.floor(random() * 30) * 24 * HOUR + (6 + Math.floor(random() * 12)) * HOUR;
  const minHeightM = random() < 0.5 ? null : Math.round(random() * 60);
  return {
    id: randomUUID(),
    title: `Bench mission ${index}`,
    startAt: new Date(start).toISOString(),
    endAt: new Date(start + (1 + Math.floor(random() * 4)) * HOUR).toISOString(),
    maxHeightM: (minHeightM ?? 0) + 20 + Math.round(random() * 70),
    minHeightM,
    maxAltitudeFt: null,
    areas: square(1.9 + random() * 1, 48.5 + random() * 0.7, 0.005),
    areaKm2: 0.2,
    extentKm: 0.7,
    scenario: null,
    country: 'FR',
    camerawork: false,
    description: null,
    constraints: null,
    referentPilot: null,
    mainMachine: null,
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const figures = (durations: number[]) => {
  const sorted = [...durations].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(2)} ms, p95 ${percentile(sorted, 95).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms`;
};

const url = await freshBenchDatabase(DATABASE);
const database = connectDatabase(url, { embedded: false });
const { prisma, pool } = database;
try {
  const operator = await prisma.user.create({
    data: { email: 'bench-operator@deconflict.test', firstName: 'Bench', lastName: 'Operator', passwordHash: 'x' },
  });
  const airspace = await prisma.airspace.create({ data: { name: 'Bench Île-de-France', internalCode: 'BENCH-4D' } });
  const loadStarted = performance.now();
  for (let first = 0; first < MISSIONS; first += 1000) {
    const snapshots = Array.from({ length: Math.min(1000, MISSIONS - first) }, (_, offset) => snapshotAt(first + offset));
    await prisma.mission.createMany({
      data: snapshots.map((snapshot) => ({ id: snapshot.id, userId: operator.id, title: snapshot.title, status: 'validated' })),
    });
    await prisma.request.createMany({
      data: snapshots.map((snapshot, offset) => ({
        referenceNumber: `BENCH-${first + offset}`,
        missionId: snapshot.id,
        airspaceId: airspace.id,
        operatorId: operator.id,
        status: 'accepted',
        conditionsAcceptedAt: new Date(),
        submittedAt: new Date(),
        missionSnapshot: snapshot,
      })),
    });
  }
  await pool.query('ANALYZE "Request"');
  console.log(`${MISSIONS} accepted missions stored in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);

  const repository = createRequestsRepository(prisma, pool);
  const conflictsOf = createDeconfliction(repository);
  const subjects = Array.from({ length: CHECKS }, (_, index) => ({
    airspaceId: airspace.id,
    missionId: randomUUID(),
    missionSnapshot: snapshotAt(MISSIONS + index),
    restrictions: [] as Restriction[],
  }));
  const statuses = [...ACCEPTED_STATUSES, ...UNDER_ANALYSIS_STATUSES];
  /** What a check without the index does: every accepted or pending request of the airspace, each intersected. */
  async function scan(subject: (typeof subjects)[number]) {
    const { rows } = await pool.query<{ id: string; missionSnapshot: MissionSnapshot; restrictions: Restriction[] }>(
      `SELECT id, "missionSnapshot", restrictions FROM "Request" WHERE "airspaceId" = $1::uuid AND "missionId" <> $2::uuid AND status::text = ANY($3::text[])`,
      [subject.airspaceId, subject.missionId, statuses],
    );
    const volume = grantedVolume(subject.missionSnapshot, subject.restrictions);
    return rows.filter((row) => volumeOverlap(volume, grantedVolume(row.missionSnapshot, row.restrictions)) !== null).map((row) => row.id);
  }

  // Warm-up: the prepared statement, turf's first calls.
  for (const subject of subjects.slice(0, 10)) await conflictsOf(subject, true);

  const indexed: number[] = [];
  let found = 0;
  for (const subject of subjects) {
    const started = performance.now();
    found += (await conflictsOf(subject, true)).length;
    indexed.push(performance.now() - started);
  }
  const scanned: number[] = [];
  let agree = 0;
  for (const subject of subjects.slice(0, SCAN_CHECKS)) {
    const started = performance.now();
    const ids = await scan(subject);
    scanned.push(performance.now() - started);
    const viaIndex = (await conflictsOf(subject, true)).map((conflict) => conflict.requestId);
    if (ids.length === viaIndex.length && ids.every((id) => viaIndex.includes(id))) agree += 1;
  }
  const plan = await pool.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN SELECT id FROM "Request" r WHERE r."volumeBox" && box(point(2.3, 48.8), point(2.305, 48.805))
       AND r."volumeWindow" && tstzrange('2027-03-10T08:00Z', '2027-03-10T10:00Z') AND r."volumeHeights" && numrange(0, 50, '[]')`,
  );

  console.log(
    `load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} (2 cores)`,
  );
  console.log(`indexed check, ${CHECKS} requests: ${figures(indexed)}; ${found} conflicts found (target p95 < 20 ms)`);
  console.log(`plain scan, ${SCAN_CHECKS} requests: ${figures(scanned)}`);
  console.log(`the two agree on ${agree} of ${SCAN_CHECKS} requests`);
  console.log(`plan: ${plan.rows.map((row) => row['QUERY PLAN'].trim()).join(' | ')}`);
} finally {
  await database.close();
}
