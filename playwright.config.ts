import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The real server (embedded database, fresh and seeded for each run) serving the built SPA.
export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  outputDir: 'reports/e2e-artifacts',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 800 },
    // MapLibre then jumps instead of animating its camera: fewer frames drawn in software WebGL. A spec that checks an
    // animation asks for motion itself (flight.spec.ts).
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
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
  webServer: {
    command: `rm -rf reports/e2e-data && npm run build && tsx server/index.ts`,
    env: { DATA_DIR: 'reports/e2e-data', PORT: String(PORT), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${PORT}`, LOG_LEVEL: 'warn' },
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
