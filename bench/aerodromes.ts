import { performance } from 'node:perf_hooks';
import { seededRandom } from './seeded-random';
import { loadavg } from 'node:os';
import { distance } from 'geokdbush';
import { AerodromeIndex, readAerodromes, type WeatherStation } from '../server/integrations/weather/aerodromes';
import { WEATHER_STATION_MAX_DISTANCE_KM } from '../server/modules/weather/weather.service';

/*
 * The nearest TAF aerodrome of a mission (docs/weather.md): BENCH_QUERIES random points over Europe and Japan, each
 * answered by the k-d tree (AerodromeIndex.nearest) and by a linear scan of every loaded aerodrome with the same
 * great-circle distance, in the same run. Prints figures, asserts nothing.
 */
const QUERIES = Number(process.env.BENCH_QUERIES ?? 20_000);
const WARM_UP = 1_000;

const random = seededRandom(20261127);
const points = Array.from({ length: QUERIES + WARM_UP }, (): [number, number] =>
  random() < 0.8 ? [-5 + random() * 30, 42 + random() * 14] : [130 + random() * 12, 31 + random() * 12],
);

function linearNearest(stations: readonly WeatherStation[], lon: number, lat: number, maxKm: number): WeatherStation | null {
  let best: WeatherStation | null = null;
  let bestKm = maxKm;
  for (const station of stations) {
    const km = distance(lon, lat, station.lon, station.lat);
    if (km <= bestKm) [best, bestKm] = [station, km];
  }
  return best;
}

function timed(label: string, find: (lon: number, lat: number) => string | null) {
  const times: number[] = [];
  const answers: (string | null)[] = [];
  points.forEach(([lon, lat], i) => {
    const started = performance.now();
    const answer = find(lon, lat);
    const elapsed = performance.now() - started;
    if (i < WARM_UP) return;
    times.push(elapsed);
    answers.push(answer);
  });
  times.sort((a, b) => a - b);
  const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(4);
  console.log(`${label.padEnd(14)} p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  p99 ${at(0.99)} ms`);
  return answers;
}

const loadStarted = performance.now();
const stations = readAerodromes();
const read = performance.now();
const index = new AerodromeIndex(stations);
console.log(
  `${stations.length} aerodromes read in ${(read - loadStarted).toFixed(0)} ms, indexed in ${(performance.now() - read).toFixed(1)} ms; ` +
    `${QUERIES} queries within ${WEATHER_STATION_MAX_DISTANCE_KM} km; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
);
const viaIndex = timed('k-d tree', (lon, lat) => index.nearest(lon, lat, WEATHER_STATION_MAX_DISTANCE_KM)?.station.icao ?? null);
const viaScan = timed('linear scan', (lon, lat) => linearNearest(stations, lon, lat, WEATHER_STATION_MAX_DISTANCE_KM)?.icao ?? null);
const disagreements = viaIndex.filter((icao, i) => icao !== viaScan[i]).length;
console.log(
  `same aerodrome in ${QUERIES - disagreements} of ${QUERIES} queries (${viaIndex.filter(Boolean).length} with one within reach)`,
);
