import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createParser } from 'eventsource-parser';
import pg from 'pg';
import { chromium, type Page } from 'playwright-core';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../prisma/seed';
import { chromiumPath } from '../scripts/chromium';
import { freshBenchDatabase } from './bench-database';

// The flight as a browser shows it (docs/performance.md "The flight in the browser"): the built app served by the
// production server (`tsx server/index.ts`, as `npm start` runs it after its build) on a database of its own, demo data
// seeded, a real Chromium, and TARGETS trackers posting every second over `POST /api/traffics/` (X-Api-Key batches).
//
// - pilot (default): first the operator's mission screen, opened BENCH_SCREEN_RUNS times (3) in a new browser context:
//   a draft mission at Paris-Saclay, the navigation to the first map painted, then a change saved and the Regulation
//   tab's first open after it. Then the demo operator's mission taken off through the API; the page (the live map)
//   posts the device position every 5 s from Playwright's geolocation, which the bench moves across the mission's edge,
//   between 15 m inside it (warning) and 40 m outside (violation). Each sample: the position post's start (stamped by
//   the page as it sends it) to the banner's new state in the page's DOM (a MutationObserver's Date.now(): one page, one
//   clock), beside the post's answer and the `conformance` event of the same position on a plain HTTP client of the live
//   stream (Node's Date.now(), the same wall clock on one machine).
// - manager (`--manager` or BENCH_MODE=manager): the demo manager's live map ("My airspace") with 200 then 500 flights in
//   his airspace; the operator's own flight, selected in the list, posts every second, inside its granted area then
//   1 km out, at a new height each time: the post's start to the flight's state in the list and its height in the card,
//   beside the same position's delta and `conformance` event on a plain HTTP client of the manager's live stream.
//
// Loopback only, bounded in time (BENCH_SAMPLES samples, 15 s at most each), stops by itself. Nothing is asserted.
const MODE = process.argv.includes('--manager') || process.env.BENCH_MODE === 'manager' ? 'manager' : 'pilot';
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const PHASES = MODE === 'manager' ? [200, 500] : [Number(process.env.BENCH_TARGETS ?? 200)];
const SAMPLE_TIMEOUT_MS = 15_000;
/** How many times the mission screen is opened anew (pilot mode): the first map and the Regulation tab. */
const SCREEN_RUNS = Number(process.env.BENCH_SCREEN_RUNS ?? 3);
/** Its own database; BENCH_DATABASE_NAME names another, for runs side by side on one server. */
const DATABASE = process.env.BENCH_DATABASE_NAME ?? `aerogate_bench_flight_ui_${MODE}`;
const DIST = path.resolve('dist');
/** A rural spot of the Indre with no managed airspace: the pilot's mission needs no request. */
const HOME = { lat: 46.5, lon: 1.5 };
/** A spot of the demo manager's airspace (Paris-Saclay, 2.1–2.25 E, 48.68–48.75 N, prisma/seed.ts). */
const GRANTED = { lat: 48.72, lon: 2.2 };
const AIRSPACE = { west: 2.1, south: 48.68, east: 2.25, north: 48.75 };
const SIDE_DEG = 0.003;
const METRES_PER_DEG_LAT = 111_320;

if (!existsSync(path.join(DIST, 'index.html'))) {
  console.error('No built app in dist: run `npm run build` first (npm run bench:flight-ui does).');
  process.exit(1);
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const figures = (values: number[]) =>
  values.length === 0
    ? 'no sample'
    : `p50 ${Math.round(percentile(values, 50))} ms  p95 ${Math.round(percentile(values, 95))} ms  max ${Math.round(Math.max(...values))} ms (${values.length})`;

/** Samples with no figure: the state not shown in time, or shown before the position was posted. */
const untimed = (missed: number, already: number) =>
  [missed ? `, ${missed} not seen in 15 s` : '', already ? `, ${already} shown before the post` : ''].join('');

const square = (lon: number, lat: number, d: number) => ({
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [lon, lat],
        [lon + d, lat],
        [lon + d, lat + d],
        [lon, lat + d],
        [lon, lat],
      ],
    ],
  ],
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// The database: a fresh one on BENCH_DATABASE_URL's server, seeded as `npm run db:seed` does (demo data and geozones).
const databaseUrl = await freshBenchDatabase(DATABASE);
const dataDir = mkdtempSync(path.join(tmpdir(), 'aerogate-bench-flight-ui-'));
const serverEnv = { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' };
execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/seed.ts'], { env: serverEnv, stdio: 'ignore' });

const port = Number(process.env.BENCH_PORT) || (await freePort());
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
  env: { ...serverEnv, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const serverExited = new Promise((resolve) => server.once('exit', resolve));

async function api<T>(method: string, route: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${origin}/api/${route}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /api/${route}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

interface Session {
  token: string;
  expiredAt: number;
  name: string;
  email: string;
  homepage: string;
  lang: string;
  supervision: string;
  gjrt?: string;
}
const login = (email: string) => api<Session>('POST', 'security/login', null, { email, password: DEMO_PASSWORD });
const subjectOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

/** A new mission of the demo operator over `at`, 50 m, for three hours from `startAt`, with its own pilot and machine. */
async function newMission(operator: string, at: { lon: number; lat: number }, startAt: number) {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const pilot = await api<{ id: string }>('POST', 'pilots', operator, {
    firstName: 'Bench',
    lastName: `Pilot ${tag}`,
    email: `bench.${tag}@aerogate.test`,
    birthDate: '1990-04-12',
    documents: [{ skillType: 'openA2', reference: `A2-${tag}`, validFrom: '2025-01-01', validUntil: '2030-12-31' }],
  });
  const machine = await api<{ id: string }>('POST', 'machines', operator, {
    internalName: `Bench ${tag}`,
    serialNumber: `SN-${tag}`,
    classes: ['C2'],
    massGrams: 3900,
  });
  const { id: missionId } = await api<{ id: string }>('POST', 'preflights', operator, {
    title: `Bench flight ${tag}`,
    referentPilotId: pilot.id,
    mainMachineId: machine.id,
    maxHeightM: 50,
    areas: square(at.lon, at.lat, SIDE_DEG),
    startAt: new Date(startAt).toISOString(),
    endAt: new Date(startAt + 3 * 3_600_000).toISOString(),
  });
  return missionId;
}

/** A mission of the demo operator over `at` from `startAt`, validated, granted by the demo manager (manager mode), flying. */
async function flyingMission(operator: string, admin: string, manager: string, at: { lon: number; lat: number }, startAt: number) {
  const missionId = await newMission(operator, at, startAt);
  await api('POST', `preflights/${missionId}/actions/sendForValidation`, operator, {});
  await api('POST', `preflights/${missionId}/actions/validate`, admin, {});
  if (MODE === 'manager') {
    // The demo airspace asks for a day's notice (prisma/seed.ts): its manager lifts it on "My airspace", as the product
    // lets him, so the request of a flight starting now can be filed.
    const mine = await api<{ id: string; internalCode: string }[]>('GET', 'airspaces/mine', manager);
    const demo = mine.find((airspace) => airspace.internalCode === 'LFPS-DEMO')!;
    await api('PUT', `airspaces/mine/${demo.id}`, manager, { ...demo, minNoticeDays: null });
    const airspaceId = demo.id;
    const filed = await api<{ id: string }>('POST', 'procedures', operator, { missionId, airspaceId, conditionsAccepted: true });
    await api('POST', `procedures/${filed.id}/actions/accept`, manager, {});
  }
  // Within its slot (a granted one starts a few seconds after the filing); warnings of the go/no-go check overridden.
  for (;;) {
    try {
      await api('POST', 'preflights/takeoff', operator, { preFlightId: missionId, reason: 'Bench flight' });
      return missionId;
    } catch (error) {
      if (!/TAKEOFF_OUTSIDE_SLOT/.test((error as Error).message) || Date.now() > startAt + 60_000) throw error;
      await sleep(1_000);
    }
  }
}

/** Trackers of the administrator's account posting every second: each circles 300 m around a point of the box. */
async function startTargets(adminId: string, apiKey: string, count: number, box: typeof AIRSPACE) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const idents = Array.from({ length: count }, (_, i) => `BENCH-${i}`);
  await pool.query(
    `INSERT INTO "Tracker" (id, ident, "relatedUserId", vehicle, source, "updatedAt")
     SELECT gen_random_uuid(), i, $1, 'drone', 'wi', now() FROM unnest($2::text[]) AS i ON CONFLICT DO NOTHING`,
    [adminId, idents],
  );
  await pool.end();
  const margin = 0.01;
  const centres = idents.map((_, i) => ({
    lon: box.west + margin + (((i * 7919) % 1000) / 1000) * (box.east - box.west - 2 * margin),
    lat: box.south + margin + (((i * 104729) % 997) / 997) * (box.north - box.south - 2 * margin),
  }));
  let running = true;
  let refused = 0;
  const loop = (async () => {
    for (let tick = 0; running; tick++) {
      const started = Date.now();
      const angle = (tick / 60) * 2 * Math.PI;
      const positions = idents.map((ident, i) => ({
        ident,
        lat: centres[i]!.lat + (300 * Math.cos(angle + i)) / METRES_PER_DEG_LAT,
        lon: centres[i]!.lon + (300 * Math.sin(angle + i)) / (METRES_PER_DEG_LAT * Math.cos((centres[i]!.lat * Math.PI) / 180)),
        alt: 40,
        spd: 31,
        heading: Math.round((((angle + i) * 180) / Math.PI + 90) % 360),
        time: new Date(started).toISOString(),
        type: 'drone',
        source: 'wi',
      }));
      try {
        const response = await fetch(`${origin}/api/traffics/`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Api-Key': apiKey },
          body: JSON.stringify({ positions }),
        });
        if (!response.ok) refused++;
        await response.arrayBuffer();
      } catch {
        refused++;
      }
      await sleep(Math.max(0, 1_000 - (Date.now() - started)));
    }
  })();
  const stop = async () => {
    running = false;
    await loop;
    return refused;
  };
  stoppers.push(stop);
  return stop;
}
/** Every tracker loop started, stopped before the server at the end, whatever happened. */
const stoppers: (() => Promise<number>)[] = [];

/** A plain HTTP client of the live stream: each event's name, data and arrival time (Date.now()). */
function liveClient(token: string, bbox: number[]) {
  const events: { event: string; data: string; at: number }[] = [];
  const parser = createParser({ onEvent: ({ event, data }) => events.push({ event: event ?? 'message', data, at: Date.now() }) });
  const request = http.get(
    `${origin}/api/traffics/live?bbox=${bbox.join(',')}`,
    { headers: { Authorization: `Bearer ${token}` } },
    (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => parser.feed(chunk));
      response.on('error', () => undefined);
    },
  );
  request.on('error', () => undefined);
  /** When the first event matching `match` arrived after `since`. */
  const arrival = (since: number, match: (event: string, data: unknown) => boolean) =>
    events.find((item) => item.at >= since && match(item.event, JSON.parse(item.data)))?.at ?? null;
  return { arrival, close: () => request.destroy() };
}

// The page's clock: a MutationObserver checks the expectations the bench registers (an element's attribute or text)
// and stamps the first mutation after which each holds. One that holds already when registered is marked 'already':
// the page showed it before the position was posted, which is no measure of the post.
const OBSERVER = `
window.__expected = [];
window.__seen = {};
const holds = (expected) => {
  const element = document.querySelector(expected.selector);
  if (!element) return false;
  return expected.attribute ? element.getAttribute(expected.attribute) === expected.value : (element.textContent || '').includes(expected.value);
};
window.__expect = (list) => {
  for (const expected of list) {
    if (holds(expected)) window.__seen[expected.id] = 'already';
    else window.__expected.push(expected);
  }
};
const check = () => {
  const now = Date.now();
  window.__expected = window.__expected.filter((expected) => {
    if (!holds(expected)) return true;
    window.__seen[expected.id] = now;
    return false;
  });
};
new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
// The own position posts (axios: XMLHttpRequest), stamped on the same clock as the DOM: their start when the page sends
// them, their end when the answer is in, with the longitude they carry.
window.__posts = [];
const open = XMLHttpRequest.prototype.open;
const send = XMLHttpRequest.prototype.send;
XMLHttpRequest.prototype.open = function (method, url, ...rest) {
  this.__position = method.toUpperCase() === 'POST' && String(url).endsWith('/api/traffics/');
  return open.call(this, method, url, ...rest);
};
XMLHttpRequest.prototype.send = function (body) {
  if (this.__position) {
    const entry = { start: Date.now(), end: null, lon: JSON.parse(String(body)).lon };
    window.__posts.push(entry);
    this.addEventListener('loadend', () => (entry.end = Date.now()));
  }
  return send.call(this, body);
};
`;
interface Expectation {
  id: string;
  selector: string;
  attribute?: string;
  value: string;
}
const expectInPage = (page: Page, expectations: Expectation[]) =>
  page.evaluate((list) => (window as unknown as { __expect: (list: Expectation[]) => void }).__expect(list), expectations);
/** When the page saw `id` hold, 'already' when it held before the post, or null after the sample's time-out. */
async function seen(page: Page, id: string, since: number): Promise<number | 'already' | null> {
  while (Date.now() < since + SAMPLE_TIMEOUT_MS) {
    const at = await page.evaluate((key) => (window as unknown as { __seen: Record<string, number | 'already'> }).__seen[key] ?? null, id);
    if (at !== null) return at;
    await sleep(50);
  }
  return null;
}

/** A new browser context (nothing cached) signed in as `session`, with the take-offs `takeoffs` recorded on the device. */
async function signedIn(session: Session, takeoffs: string[]) {
  const context = await browser!.newContext({
    viewport: { width: 1280, height: 800 },
    permissions: ['geolocation'],
    geolocation: { latitude: HOME.lat + SIDE_DEG / 2, longitude: HOME.lon + SIDE_DEG / 2 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${origin}/api/status`);
  await page.evaluate(
    ({ session, takeoffs }) => {
      const now = Date.now();
      const stored: Record<string, string> = {
        token: session.token,
        expiry: String(session.expiredAt * 1000),
        name: session.name,
        email: session.email,
        homepage: session.homepage,
        lang: 'en',
        supervision: session.supervision,
        ...(takeoffs.length ? { takeoffs: JSON.stringify(takeoffs.map((id) => ({ id, first: now, last: now }))) } : {}),
      };
      for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    },
    { session, takeoffs },
  );
  await page.addInitScript(OBSERVER);
  return { context, page, errors };
}

async function openAs(session: Session, to: string, takeoffs: string[]) {
  const { context, page, errors } = await signedIn(session, takeoffs);
  await page.goto(`${origin}${to}`);
  await page.locator('[data-testid="live-connection"][data-state="live"]').waitFor({ timeout: 120_000 });
  return { context, page, errors };
}

// The mission screen's clock (the page's Date.now()): when the first map was drawn (the map's first `idle`,
// src/components/map/map-state.ts), when the Regulation tab was clicked and when its answer (a verdict, the missing
// facts or a refusal) became visible.
const SCREEN_CLOCK = `
let mapState;
Object.defineProperty(window, '__mapState', {
  configurable: true,
  get: () => mapState,
  set: (value) => {
    mapState = value;
    if (value === 'idle-rendered' && window.__mapPaintedAt === undefined) window.__mapPaintedAt = Date.now();
  },
});
document.addEventListener('click', (event) => {
  if (window.__tabClickedAt === undefined && event.target instanceof Element && event.target.closest('[data-testid="mission-tab-regulation"]'))
    window.__tabClickedAt = Date.now();
}, true);
const answer = '[data-testid="regulation-panel"] :is([data-testid="verdict"], [data-testid="regulation-missing"], [data-testid="regulation-refused"])';
new MutationObserver(() => {
  if (window.__tabClickedAt === undefined || window.__verdictShownAt !== undefined) return;
  if (document.querySelector(answer)?.checkVisibility()) window.__verdictShownAt = Date.now();
}).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
`;

/**
 * The mission screen of `missionId` in a new browser context (the first map of a session): from the navigation to
 * the map's first paint; then a change saved (the click to the server's answer) and the Regulation tab's first open
 * after it (the click to the verdict, or the panel's answer, shown).
 */
async function missionScreen(session: Session, missionId: string) {
  const { context, page, errors } = await signedIn(session, []);
  await page.addInitScript(SCREEN_CLOCK);
  const opened = Date.now();
  await page.goto(`${origin}/backoffice/preflights/edit/${missionId}`);
  const painted = await page.waitForFunction(() => (window as unknown as { __mapPaintedAt?: number }).__mapPaintedAt ?? null, undefined, {
    timeout: 120_000,
  });
  const firstMap = ((await painted.jsonValue()) as number) - opened;
  await page.getByTestId('mission-title').fill(`Bench screen ${Date.now().toString(36)}`);
  const stored = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().endsWith(`/api/preflights/${missionId}`),
    { timeout: 60_000 },
  );
  const saving = Date.now();
  await page.getByTestId('mission-save').click();
  await stored;
  const save = Date.now() - saving;
  await page.getByTestId('mission-tab-regulation').click();
  const shown = await page.waitForFunction(
    () => {
      const clock = window as unknown as { __tabClickedAt?: number; __verdictShownAt?: number };
      return clock.__verdictShownAt === undefined ? null : clock.__verdictShownAt - clock.__tabClickedAt!;
    },
    undefined,
    { timeout: 60_000 },
  );
  const regulation = (await shown.jsonValue()) as number;
  await context.close();
  return { firstMap, save, regulation, errors: errors.length };
}

let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
try {
  for (let tries = 0; ; tries++) {
    try {
      await api('GET', 'health', null);
      break;
    } catch (error) {
      if (tries > 600 || server.exitCode !== null) throw error;
      await sleep(500);
    }
  }
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader'],
  });
  const [admin, operator, manager] = await Promise.all([DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.operator, DEMO_ACCOUNTS.manager].map(login));
  const adminId = subjectOf(admin!.token);
  const { apiKey } = await api<{ apiKey: string }>('POST', `users/${adminId}/api-key`, admin!.token);
  console.log(
    `bench:flight-ui, ${MODE} mode: built app on the production server (${origin}), PostgreSQL ${new URL(databaseUrl).host}, ` +
      `Chromium ${browser.version()}, ${SAMPLES} samples per phase; load average ${load()}`,
  );

  if (MODE === 'pilot') {
    const screens: Awaited<ReturnType<typeof missionScreen>>[] = [];
    // In the demo's area (Paris-Saclay), under the zones of the Paris region, where the demo's users plan their missions.
    const screenMission = await newMission(operator!.token, GRANTED, Date.now() + 86_400_000);
    for (let run = 0; run < SCREEN_RUNS; run++) screens.push(await missionScreen(operator!, screenMission));
    console.log(`The mission screen of the operator, a new browser context each time (${SCREEN_RUNS} runs, nothing cached):`);
    console.log(`  navigation → first map painted                               ${figures(screens.map((run) => run.firstMap))}`);
    console.log(`  save clicked → the server's answer                            ${figures(screens.map((run) => run.save))}`);
    console.log(`  Regulation tab's first open after the save → verdict shown   ${figures(screens.map((run) => run.regulation))}`);
    console.log(`  page errors: ${screens.reduce((sum, run) => sum + run.errors, 0)}; load average ${load()}`);

    const startAt = Date.now() + 30_000;
    const missionId = await flyingMission(operator!.token, admin!.token, manager!.token, HOME, startAt);
    const stop = await startTargets(adminId, apiKey, PHASES[0]!, {
      west: HOME.lon - 0.05,
      south: HOME.lat - 0.03,
      east: HOME.lon + 0.05,
      north: HOME.lat + 0.03,
    });
    const stream = liveClient(operator!.token, [HOME.lon - 0.05, HOME.lat - 0.03, HOME.lon + 0.05, HOME.lat + 0.03]);
    const { context, page, errors } = await openAs(operator!, '/backoffice/live', [missionId]);
    const metresLon = METRES_PER_DEG_LAT * Math.cos((HOME.lat * Math.PI) / 180);
    const edge = HOME.lon + SIDE_DEG;
    const spots = {
      warning: { latitude: HOME.lat + SIDE_DEG / 2, longitude: edge - 15 / metresLon },
      violating: { latitude: HOME.lat + SIDE_DEG / 2, longitude: edge + 40 / metresLon },
    };
    const toDom: number[] = [];
    const answer: number[] = [];
    const delivery: number[] = [];
    let missed = 0;
    let already = 0;
    // The flight is checked against its dates too (outside them it violates its slot): the samples start within them.
    await sleep(Math.max(5_000, startAt + 1_000 - Date.now()));
    for (let i = 0; i < SAMPLES + 1; i++) {
      const state = i % 2 === 0 ? 'warning' : 'violating';
      const spot = spots[state];
      await expectInPage(page, [{ id: `s${i}`, selector: '[data-testid="conformance-banner"]', attribute: 'data-state', value: state }]);
      const before = await page.evaluate(() => (window as unknown as { __posts: unknown[] }).__posts.length);
      await context.setGeolocation(spot);
      // The post that carries the move, as the page sent it and received its answer.
      const post = await page.waitForFunction(
        ({ from, lon }) =>
          (window as unknown as { __posts: { start: number; end: number | null; lon: number }[] }).__posts
            .slice(from)
            .find((entry) => entry.lon === lon && entry.end !== null) ?? null,
        { from: before, lon: spot.longitude },
        { timeout: SAMPLE_TIMEOUT_MS, polling: 50 },
      );
      const { start: startTime, end } = (await post.jsonValue()) as { start: number; end: number };
      const [inPage, inStream] = await Promise.all([
        seen(page, `s${i}`, startTime),
        (async () => {
          const until = Date.now() + SAMPLE_TIMEOUT_MS;
          for (;;) {
            const at = stream.arrival(startTime, (event, data) => event === 'conformance' && (data as { state?: string }).state === state);
            if (at !== null || Date.now() > until) return at;
            await sleep(50);
          }
        })(),
      ]);
      // The first sample only moves the banner from the take-off's state: left out.
      if (i === 0) continue;
      if (inPage === null) missed++;
      else if (inPage === 'already') already++;
      else toDom.push(inPage - startTime);
      answer.push(end - startTime);
      if (inStream !== null) delivery.push(inStream - startTime);
    }
    console.log(`${PHASES[0]} trackers moving (1 position/s each), the pilot's live map open, own position every 5 s across the edge:`);
    console.log(`  position post → warning/violation banner in the pilot's DOM   ${figures(toDom)}${untimed(missed, already)}`);
    console.log(`  post → its answer in the page (the banner's source)          ${figures(answer)}`);
    console.log(`  server: post → conformance event on a plain live client      ${figures(delivery)}`);
    console.log(`  trackers' batches refused: ${await stop()}; page errors: ${errors.length}; load average ${load()}`);
    stream.close();
    await context.close();
  } else {
    await flyingMission(operator!.token, admin!.token, manager!.token, GRANTED, Date.now() + 90_000);
    const stream = liveClient(manager!.token, [AIRSPACE.west, AIRSPACE.south, AIRSPACE.east, AIRSPACE.north]);
    const inside = { lat: GRANTED.lat + SIDE_DEG / 2, lon: GRANTED.lon + SIDE_DEG / 2 };
    const outside = { lat: GRANTED.lat - 0.01, lon: GRANTED.lon + SIDE_DEG / 2 };
    const fly = (spot: { lat: number; lon: number }, alt: number) =>
      api('POST', 'traffics/', operator!.token, { ident: 'OP', ...spot, alt, time: new Date().toISOString(), type: 'user', source: 'mo' });
    await fly(inside, 20);
    let started = 0;
    for (const targets of PHASES) {
      const stop = await startTargets(adminId, apiKey, targets, AIRSPACE);
      await sleep(3_000);
      const { context, page, errors } = await openAs(manager!, '/backoffice/live', []);
      const row = page.locator(`[data-testid="watched-flight"][data-key^="mo:"]`);
      const opened = Date.now();
      await fly(inside, 20);
      await row.click({ timeout: 60_000 });
      const key = await row.getAttribute('data-key');
      await page.getByTestId('flight-card').waitFor();
      const selectedAfter = Date.now() - opened;
      const stateDom: number[] = [];
      const heightDom: number[] = [];
      const stateStream: number[] = [];
      const positionStream: number[] = [];
      let missed = 0;
      let already = 0;
      for (let i = 0; i < SAMPLES + 1; i++) {
        const violating = i % 2 === 0;
        const state = violating ? 'violating' : 'conforming';
        const alt = 10 + ((started + i) % 25);
        await expectInPage(page, [
          { id: `state${i}`, selector: `[data-testid="watched-flight"][data-key="${key}"]`, attribute: 'data-state', value: state },
          { id: `height${i}`, selector: '[data-testid="flight-card-facts"]', value: `${alt} m /` },
        ]);
        const since = Date.now();
        await fly(violating ? outside : inside, alt);
        const [stateAt, heightAt] = await Promise.all([seen(page, `state${i}`, since), seen(page, `height${i}`, since)]);
        const until = Date.now() + 2_000;
        let conformanceAt: number | null = null;
        let deltaAt: number | null = null;
        while (Date.now() < until && (conformanceAt === null || deltaAt === null)) {
          conformanceAt = stream.arrival(since, (event, data) => event === 'conformance' && (data as { state?: string }).state === state);
          deltaAt = stream.arrival(
            since,
            (event, data) =>
              event === 'delta' &&
              (data as { upserts: { key: string; alt: number | null }[] }).upserts.some((t) => t.key === key && t.alt === alt),
          );
          await sleep(50);
        }
        if (i === 0) continue;
        if (stateAt === null || heightAt === null) missed++;
        if (stateAt === 'already' || heightAt === 'already') already++;
        if (typeof stateAt === 'number') stateDom.push(stateAt - since);
        if (typeof heightAt === 'number') heightDom.push(heightAt - since);
        if (conformanceAt !== null) stateStream.push(conformanceAt - since);
        if (deltaAt !== null) positionStream.push(deltaAt - since);
        await sleep(Math.max(0, 1_000 - (Date.now() - since)));
      }
      started += SAMPLES + 1;
      const watched = await page.getByTestId('watched-flight').count();
      console.log(
        `${targets} trackers moving in the manager's airspace (1 position/s each; ${watched} flights listed), "My airspace" open, own flight selected after ${selectedAfter} ms:`,
      );
      console.log(`  position post → its state in the manager's list (DOM)        ${figures(stateDom)}${untimed(missed, already)}`);
      console.log(`  position post → its height in the flight card (DOM)          ${figures(heightDom)}`);
      console.log(`  server: post → conformance event on a plain live client      ${figures(stateStream)}`);
      console.log(`  server: post → delta with the position on a plain live client ${figures(positionStream)}`);
      console.log(`  trackers' batches refused: ${await stop()}; page errors: ${errors.length}; load average ${load()}`);
      await context.close();
    }
    stream.close();
  }
} finally {
  await Promise.all(stoppers.map((stop) => stop()));
  await browser?.close();
  server.kill('SIGTERM');
  await Promise.race([serverExited, sleep(15_000)]);
  if (server.exitCode === null) server.kill('SIGKILL');
}
