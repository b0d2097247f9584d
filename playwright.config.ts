import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/chromium';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const CHROMIUM = chromiumPath();

/**
 * The specs run in two shares at once, each on one worker against a server of its own (E2E_PORT, E2E_PORT + 10) on its
 * own fresh database seeded with the demo accounts: a spec shares the demo accounts' state (their stored language, the
 * operator's missions and agreement) only with the specs of its share, which run one after the other as before.
 * The second share holds these long journeys, the map specs that store nothing and the replay, meant as about half
 * of the suite's time (docs/performance.md, "Test suite time"); every other spec, a new one included, is in the first.
 */
const SECOND_SHARE = [
  'accessibility.spec.ts',
  'basemap.spec.ts',
  'flight.spec.ts',
  'map.spec.ts',
  'mission-drawing.spec.ts',
  'missions.spec.ts',
  'regulation.spec.ts',
  'replay.spec.ts',
];
const shares = [
  { name: 'share-1', port: PORT, testIgnore: SECOND_SHARE },
  { name: 'share-2', port: PORT + 10, testMatch: SECOND_SHARE },
];

export default defineConfig({
  testDir: './e2e',
  // Generous limits: a passing test never waits for them (an assertion returns as soon as it holds), and on a machine
  // busy with another CPU-bound process a screen or a map legitimately takes several times as long (docs/performance.md,
  // "Test suite time"). No spec waits a fixed time.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  workers: shares.length,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  outputDir: 'reports/e2e-artifacts',
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    // MapLibre then jumps instead of animating its camera: fewer frames drawn in software WebGL. A spec that checks an
    // animation asks for motion itself (flight.spec.ts).
    reducedMotion: 'reduce',
    // Pages are laid out at the viewport's size in CSS pixels as before, but drawn at half its resolution: a quarter of
    // the pixels for the software WebGL of the maps, which was a third of the suite's CPU (docs/performance.md, "Test
    // suite time"). A spec that reads pixels asks for full resolution itself (basemap.spec.ts).
    deviceScaleFactor: 0.5,
    // A trace records a screencast and a DOM snapshot at every action: 40 % of a map spec's CPU (docs/performance.md,
    // "Test suite time"). A failure keeps its screenshot and call log; E2E_TRACE=1 records traces again to debug one.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--enable-unsafe-swiftshader',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: shares.map(({ name, port, ...files }) => ({ name, ...files, workers: 1, use: { baseURL: `http://127.0.0.1:${port}` } })),
  // The real servers serving the built SPA, one per share, started together (scripts/e2e-servers.ts).
  webServer: {
    command: `tsx scripts/e2e-servers.ts ${shares.map(({ port }) => port).join(' ')}`,
    wait: { stdout: /e2e servers ready/ },
    // A build and two migrated, seeded databases: minutes when the machine is busy.
    timeout: 480_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
