import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

// `npm test`: every vitest project (unit, dom, integration) then the Playwright e2e suite, ending with
// one "N passed, N failed" line. `--integration` runs the integration project alone (CI's PostgreSQL pass).
const integrationOnly = process.argv.includes('--integration');
const label = process.argv.find((arg) => arg.startsWith('--label='))?.slice('--label='.length) ?? (integrationOnly ? 'integration' : 'all');

mkdirSync('reports', { recursive: true });

const timings: string[] = [];

function run(name: string, command: string, args: string[]) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const started = performance.now();
  const status = spawnSync(command, args, { stdio: 'inherit', env: process.env }).status ?? 1;
  timings.push(`${name} ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return status;
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
const vitestStatus = run('vitest', 'npx', vitestArgs);
const totals = vitestTotals(vitestReport);
if (vitestStatus !== 0 && totals.failed === 0) totals.failed = 1;

if (!integrationOnly) {
  const e2eReport = 'reports/e2e.json';
  rmSync(e2eReport, { force: true });
  const e2eStatus = run('playwright', 'npx', ['playwright', 'test']);
  const e2e = playwrightTotals(e2eReport);
  if (e2eStatus !== 0 && e2e.failed === 0) e2e.failed = 1;
  totals.passed += e2e.passed;
  totals.failed += e2e.failed;
}

writeFileSync(`reports/summary-${label}.json`, JSON.stringify(totals));
console.log(`\n${timings.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
