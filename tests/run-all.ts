import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { ensureChromium } from '../scripts/chromium';

// `npm test`: every vitest project (unit, dom, integration) then the Playwright e2e suite, ending with the time each
// runner took and one "N passed, N failed" line. The SPA is built while vitest runs, so Playwright's server starts at
// once (scripts/build-if-stale.ts). `--integration` runs the integration project alone (CI's PostgreSQL pass).
const integrationOnly = process.argv.includes('--integration');
const label = process.argv.find((arg) => arg.startsWith('--label='))?.slice('--label='.length) ?? (integrationOnly ? 'integration' : 'all');

// The browser tests' Chromium, found (or installed) before anything runs, so a machine without one stops at once.
if (!integrationOnly) process.env.CHROMIUM_PATH = ensureChromium();

mkdirSync('reports', { recursive: true });

const timings: string[] = [];
const suiteStarted = performance.now();
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

/** Runs a command to its end, its output on the console or, given `log`, in that file. */
function run(name: string, command: string, args: string[], log?: string) {
  console.log(`\n$ ${command} ${args.join(' ')}${log ? ` > ${log}` : ''}`);
  const output = log ? openSync(log, 'w') : 'inherit';
  const started = performance.now();
  return new Promise<number>((resolve) => {
    spawn(command, args, { stdio: ['inherit', output, output], env: process.env }).on('close', (code) => {
      timings.push(`${name} ${seconds(started)}`);
      resolve(code ?? 1);
    });
  });
}

interface Totals {
  passed: number;
  failed: number;
}

function vitestTotals(file: string): Totals {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numTotalTestSuites: number;
    success: boolean;
  };
  return { passed: report.numPassedTests, failed: report.numFailedTests + (report.success || report.numFailedTests > 0 ? 0 : 1) };
}

function playwrightTotals(file: string): Totals {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const { stats } = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
}

const vitestReport = `reports/vitest-${label}.json`;
rmSync(vitestReport, { force: true });
const vitestArgs = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${vitestReport}`];
if (integrationOnly) vitestArgs.push('--project', 'integration');
// Its output goes to a file rather than into vitest's.
const build = integrationOnly ? undefined : run('build (during vitest)', 'npx', ['tsx', 'scripts/build-if-stale.ts'], 'reports/build.log');
const vitestStatus = await run('vitest', 'npx', vitestArgs);
const totals = vitestTotals(vitestReport);
if (vitestStatus !== 0 && totals.failed === 0) totals.failed = 1;

if (!integrationOnly) {
  const e2eReport = 'reports/e2e.json';
  rmSync(e2eReport, { force: true });
  await build;
  const e2eStatus = await run('playwright', 'npx', ['playwright', 'test']);
  const e2e = playwrightTotals(e2eReport);
  if (e2eStatus !== 0 && e2e.failed === 0) e2e.failed = 1;
  totals.passed += e2e.passed;
  totals.failed += e2e.failed;
}

writeFileSync(`reports/summary-${label}.json`, JSON.stringify(totals));
console.log(`\n${timings.join(', ')}; total ${seconds(suiteStarted)}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
