import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { area as areaM2, booleanIntersects } from '@turf/turf';
import { prepareGeozoneFacts, toGeozoneFact } from '../server/modules/regulation/regulation.mapper';
import { SHIPPED_DATASETS, SHIPPED_GEOZONES_DIR } from '../server/zones/shipped-datasets';
import {
  compareVolumeRestrictiveness,
  isActiveAt,
  overlapsFlightBand,
  parseGeozoneFile,
  ZoneIndex,
  type ZoneMatch,
} from '../src/shared/geozones';
import type { Polygon, Position, Zone, ZoneVolume } from '../src/shared/geozones/zone';
import { classify, type MissionFacts, type Verdict } from '../src/shared/regulation';
import { seededRandom } from './seeded-random';

/*
 * Classifying a mission against a national geozone set (design.md, performance budget): every shipped zone plus
 * synthetic ones up to BENCH_POLYGONS volumes, then BENCH_MISSIONS random missions of up to 10 km², each classified
 * through the R-tree (ZoneIndex.query) and through ZoneIndex.scan, in the same run. ZoneIndex.scan rejects volumes by
 * bounding box before the exact test, so a truly plain scan (booleanIntersects on every volume) is also timed, on
 * BENCH_PLAIN_MISSIONS missions only, and extrapolated; ZoneIndex.scan on the first BENCH_SCAN_MISSIONS (all by default). Each path
 * is timed by the wall clock and by the process's CPU time, which a busy machine disturbs less. The R-tree is timed twice
 * on the same missions: after a warm-up of WARM_UP missions (its first pass, still compiling its slower paths: the
 * figure earlier sessions printed), then after WARM_UP_MISSIONS other missions, as a server classifies once it has run
 * a while: that second pass is the one compared with the scans. Prints figures, asserts nothing.
 */
const POLYGONS = Number(process.env.BENCH_POLYGONS ?? 50_000);
const MISSIONS = Number(process.env.BENCH_MISSIONS ?? 1_000);
const PLAIN_MISSIONS = Number(process.env.BENCH_PLAIN_MISSIONS ?? 50);
const SCAN_MISSIONS = Number(process.env.BENCH_SCAN_MISSIONS ?? MISSIONS);
const WARM_UP = 50;
/** Other random missions classified through the R-tree before its measured pass: a server that has run a while. */
const WARM_UP_MISSIONS = Number(process.env.BENCH_WARM_UP_MISSIONS ?? 1_000);
const MAX_AREA_KM2 = 10;
const NOW_ISO = '2026-06-15T08:00:00Z';

const random = seededRandom(20261122);
const between = (min: number, max: number) => min + random() * (max - min);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const KM_PER_DEG_LAT = 111.32;

/** An irregular star-shaped polygon of about `radiusKm` around a point: closed, counter-clockwise. */
function blob([lon, lat]: Position, radiusKm: number, vertices: number): Polygon {
  const ring: Position[] = [];
  const kmPerDegLon = KM_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180);
  for (let i = 0; i < vertices; i += 1) {
    const angle = (2 * Math.PI * i) / vertices;
    const r = radiusKm * between(0.6, 1);
    ring.push([lon + (r * Math.cos(angle)) / kmPerDegLon, lat + (r * Math.sin(angle)) / KM_PER_DEG_LAT]);
  }
  ring.push([...(ring[0] as Position)]);
  return { type: 'Polygon', coordinates: [ring] };
}

const EUROPE = { minLon: -10, maxLon: 30, minLat: 36, maxLat: 62 };
const FRANCE = { minLon: -4.5, maxLon: 7.5, minLat: 43, maxLat: 50.5 };
const ILE_DE_FRANCE = { minLon: 1.6, maxLon: 3.4, minLat: 48.2, maxLat: 49.2 };
type Box = typeof EUROPE;
const pointIn = (box: Box): Position => [between(box.minLon, box.maxLon), between(box.minLat, box.maxLat)];

function syntheticVolume(center: Position): ZoneVolume {
  const lowerM = random() < 0.8 ? 0 : pick([30, 50, 100]);
  return {
    lowerM,
    upperM: pick([120, 150, null]),
    lowerReference: 'AGL',
    upperReference: 'AGL',
    geometry: blob(center, between(0.2, 5), Math.floor(between(8, 40))),
  };
}

function syntheticZone(index: number): Zone {
  const center = pointIn(random() < 0.5 ? EUROPE : random() < 0.6 ? FRANCE : ILE_DE_FRANCE);
  const volumes = [syntheticVolume(center)];
  if (random() < 0.2) volumes.push(syntheticVolume([center[0] + between(-0.05, 0.05), center[1] + between(-0.05, 0.05)]));
  const windowed = random() < 0.2;
  return {
    identifier: `SYN${index}`,
    country: 'FRA',
    name: `Synthetic ${index}`,
    restriction: pick(['PROHIBITED', 'REQ_AUTHORISATION', 'CONDITIONAL', 'NO_RESTRICTION'] as const),
    type: 'COMMON',
    reasons: ['OTHER'],
    restrictionConditions: [],
    zoneAuthorities: [{ name: 'Synthetic authority', purpose: 'AUTHORIZATION', intervalBefore: 'P2D', intervalBeforeHours: 48 }],
    applicability: windowed
      ? [
          {
            permanent: false,
            start: '2026-01-01T00:00:00.000Z',
            end: '2026-12-31T23:59:59.000Z',
            schedule: [{ days: ['MON', 'TUE', 'WED', 'THU', 'FRI'], startTime: '06:00Z', endTime: '18:00Z' }],
          },
        ]
      : [{ permanent: true }],
    volumes,
  };
}

interface Mission {
  area: Polygon;
  country: 'FR' | 'EU';
  facts: MissionFacts;
  at: Date;
}

function randomMission(): Mission {
  const roll = random();
  const box = roll < 0.3 ? ILE_DE_FRANCE : roll < 0.7 ? FRANCE : EUROPE;
  const targetKm2 = between(0.01, MAX_AREA_KM2);
  let area = blob(pointIn(box), Math.sqrt(targetKm2 / Math.PI), Math.floor(between(5, 16)));
  // The vertices' jitter leaves the area below the target circle's; scale down the rare blob above 10 km².
  while (areaM2(area) / 1e6 > MAX_AREA_KM2) {
    const [lon0, lat0] = area.coordinates[0]![0]!;
    area = {
      type: 'Polygon',
      coordinates: [area.coordinates[0]!.map(([lon, lat]) => [lon0 + (lon - lon0) * 0.9, lat0 + (lat - lat0) * 0.9])],
    };
  }
  const hour = Math.floor(between(5, 20));
  const dateISO = `2026-07-${String(Math.floor(between(1, 29))).padStart(2, '0')}`;
  const timeUTC = `${String(hour).padStart(2, '0')}:00`;
  const maxHeightM = pick([30, 50, 80, 100, 120]);
  return {
    area,
    country: box === EUROPE ? 'EU' : 'FR',
    at: new Date(`${dateISO}T${timeUTC}:00Z`),
    facts: {
      massGrams: pick([249, 900, 3_500]),
      classMark: pick(['C1', 'C2'] as const),
      maxHeightM,
      overPeople: 'none',
      distanceToPeopleM: 150,
      vlos: true,
      urban: false,
      pilotAge: 30,
      pilotCertificates: ['A1A3_EXAM', 'A2_COC'],
      nearAerodrome: false,
      dateISO,
      timeUTC,
    },
  };
}

/** The server's pipeline (regulation.service.ts): zones of the area → engine facts → verdict. */
function classifyWith(mission: Mission, matches: ZoneMatch[]): Verdict {
  return classify(mission.country, { ...mission.facts, geozones: matches.map(toGeozoneFact) }, { nowISO: NOW_ISO });
}

const LOOKUP_MIN_HEIGHT_M = 120;
const lookupHeight = (mission: Mission) => Math.max(mission.facts.maxHeightM, LOOKUP_MIN_HEIGHT_M);

/** No index and no bounding-box rejection: the exact test against every volume, then time and height. */
function plainScan(zones: readonly Zone[], mission: Mission): ZoneMatch[] {
  const matches: ZoneMatch[] = [];
  for (const zone of zones) {
    let best: ZoneMatch | undefined;
    for (const [volumeIndex, volume] of zone.volumes.entries()) {
      if (!booleanIntersects(mission.area, volume.geometry)) continue;
      if (!overlapsFlightBand(volume, lookupHeight(mission)) || !isActiveAt(zone, mission.at)) continue;
      if (!best || compareVolumeRestrictiveness(volume, best.volume) < 0)
        best = { zone, volume, volumeIndex, restriction: zone.restriction };
    }
    if (best) matches.push(best);
  }
  return matches;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Times `run` per mission; `keep` sees each result outside the timed section. */
function time<T>(missions: readonly Mission[], run: (mission: Mission) => T, keep: (result: T) => void = () => undefined) {
  const samples: number[] = [];
  const cpuSamples: number[] = [];
  for (const mission of missions) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const result = run(mission);
    samples.push(performance.now() - started);
    const spent = process.cpuUsage(cpu);
    cpuSamples.push((spent.user + spent.system) / 1000);
    keep(result);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const cpuSorted = cpuSamples.sort((a, b) => a - b);
  const total = samples.reduce((sum, ms) => sum + ms, 0);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    mean: total / samples.length,
    total,
    cpuP50: percentile(cpuSorted, 50),
    cpuP95: percentile(cpuSorted, 95),
  };
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 3 : 1)} ms`;

// Load
let started = performance.now();
const shipped: Zone[] = [];
for (const dataset of SHIPPED_DATASETS)
  shipped.push(...parseGeozoneFile(readFileSync(path.join(SHIPPED_GEOZONES_DIR, dataset.file), 'utf8')).zones);
const shippedVolumes = shipped.reduce((sum, zone) => sum + zone.volumes.length, 0);
const parseMs = performance.now() - started;

started = performance.now();
const zones = [...shipped];
let volumes = shippedVolumes;
while (volumes < POLYGONS) {
  const zone = syntheticZone(zones.length);
  zones.push(zone);
  volumes += zone.volumes.length;
}
const syntheticMs = performance.now() - started;

started = performance.now();
const index = new ZoneIndex(zones);
const indexMs = performance.now() - started;
// What the server does when it loads a zone set (server/zones/zones.service.ts).
started = performance.now();
prepareGeozoneFacts(zones);
const factsMs = performance.now() - started;

const missions = Array.from({ length: MISSIONS }, randomMission);
const meanKm2 = missions.reduce((sum, mission) => sum + areaM2(mission.area) / 1e6, 0) / missions.length;

console.log(
  `Zones: ${shipped.length} shipped (${shippedVolumes} volumes, parsed in ${ms(parseMs)}) + ${zones.length - shipped.length} synthetic = ${zones.length} zones, ${index.volumeCount} volumes`,
);
console.log(
  `Synthetic zones generated in ${ms(syntheticMs)}; ZoneIndex built in ${ms(indexMs)}; geozone facts made and validated in ${ms(factsMs)}`,
);
console.log(
  `Missions: ${missions.length} random, mean area ${meanKm2.toFixed(2)} km² (max ${MAX_AREA_KM2}), 30 % Île-de-France, 40 % France, 30 % Europe\n`,
);

// Warm-up of both paths (JIT), then the measured runs on the same missions.
for (const mission of missions.slice(0, WARM_UP)) {
  classifyWith(mission, index.query(mission.area, { maxHeightM: lookupHeight(mission), at: mission.at }));
  classifyWith(mission, index.scan(mission.area, { maxHeightM: lookupHeight(mission), at: mission.at }));
}

/** A mission's answer as a comparable string: which zones, through which volume (order ignored). */
const answers = (matches: ZoneMatch[]) =>
  matches
    .map((match) => `${match.zone.identifier}:${match.volumeIndex}`)
    .sort()
    .join();
const indexAnswers: string[] = [];
const scanAnswers: string[] = [];
let zonesFound = 0;
const classifyViaIndex = (mission: Mission) => {
  const matches = index.query(mission.area, { maxHeightM: lookupHeight(mission), at: mission.at });
  classifyWith(mission, matches);
  return matches;
};
const firstPass = time(missions, classifyViaIndex);
for (const mission of Array.from({ length: WARM_UP_MISSIONS }, randomMission)) classifyViaIndex(mission);
const viaIndex = time(missions, classifyViaIndex, (matches) => {
  zonesFound += matches.length;
  indexAnswers.push(answers(matches));
});
const scanMissions = missions.slice(0, SCAN_MISSIONS);
const viaScan = time(
  scanMissions,
  (mission) => {
    const matches = index.scan(mission.area, { maxHeightM: lookupHeight(mission), at: mission.at });
    classifyWith(mission, matches);
    return matches;
  },
  (matches) => scanAnswers.push(answers(matches)),
);
const disagreements = scanAnswers.filter((answer, i) => answer !== indexAnswers[i]).length;
const plainMissions = missions.slice(0, PLAIN_MISSIONS);
let plainDisagreements = 0;
let plainCount = 0;
const viaPlain = time(
  plainMissions,
  (mission) => {
    const matches = plainScan(zones, mission);
    classifyWith(mission, matches);
    return matches;
  },
  (matches) => {
    // Circles are tested as their 64-gons here, by geodesic distance in the index: a rare edge case may differ.
    if (answers(matches) !== indexAnswers[plainCount]) plainDisagreements += 1;
    plainCount += 1;
  },
);

const row = (label: string, figures: ReturnType<typeof time>, count: number) =>
  `${label.padEnd(58)} p50 ${ms(figures.p50).padStart(11)}   p95 ${ms(figures.p95).padStart(11)}   mean ${ms(figures.mean).padStart(11)}   (${count} missions, ${ms(figures.total)})\n` +
  `${''.padEnd(58)} CPU p50 ${ms(figures.cpuP50).padStart(7)}   CPU p95 ${ms(figures.cpuP95).padStart(7)}`;

console.log('Classification of one mission (zone lookup + toEngineZone + classify):');
console.log(row(`  R-tree, first pass (after ${WARM_UP} missions)`, firstPass, missions.length));
console.log(row(`  R-tree: ZoneIndex.query (after ${WARM_UP_MISSIONS} more)`, viaIndex, missions.length));
console.log(row('  Scan with bbox rejection: ZoneIndex.scan', viaScan, scanMissions.length));
console.log(row('  Plain scan: booleanIntersects on every volume', viaPlain, plainMissions.length));
console.log(
  `  Plain scan extrapolated to ${missions.length} missions: ≈ ${((viaPlain.mean * missions.length) / 1000).toFixed(1)} s (measured on ${plainMissions.length}, mean × ${missions.length})`,
);
console.log('\nSpeed-up of the R-tree:');
console.log(
  `  over ZoneIndex.scan: ×${(viaScan.p50 / viaIndex.p50).toFixed(1)} at p50, ×${(viaScan.p95 / viaIndex.p95).toFixed(1)} at p95`,
);
console.log(
  `  over the plain scan: ×${(viaPlain.p50 / viaIndex.p50).toFixed(0)} at p50, ×${(viaPlain.p95 / viaIndex.p95).toFixed(0)} at p95`,
);
console.log(
  `  in CPU time (the process's, per mission: steadier than the wall clock on a busy machine): ×${(viaScan.cpuP95 / viaIndex.cpuP95).toFixed(1)} ` +
    `ZoneIndex.scan, ×${(viaPlain.cpuP95 / viaIndex.cpuP95).toFixed(0)} the plain scan at p95`,
);
console.log(
  `  load average while measuring: ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
);
console.log(
  `\nZones found per mission: ${(zonesFound / missions.length).toFixed(2)} on average. Answers differing from the R-tree's: ` +
    `ZoneIndex.scan ${disagreements} of ${scanMissions.length}, plain scan ${plainDisagreements} of ${plainMissions.length} (circles as 64-gons there).`,
);
