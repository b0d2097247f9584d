import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ensureChromium } from '../scripts/chromium';

// `npm test`: every vitest project (unit and dom shuffled, dom-mocks, integration) then the Playwright e2e
// suite, ending with the time each runner took and one "N passed, N failed" line. The SPA is built while vitest runs, so Playwright's server starts at
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

/** What a runner counted, and each test that failed (file › title — error), printed again at the very end. */
interface Totals {
  passed: number;
  failed: number;
  failures: string[];
}

function vitestTotals(file: string): Totals {
  if (!existsSync(file)) return { passed: 0, failed: 1, failures: [`${file}: no report`] };
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    success: boolean;
    testResults: {
      name: string;
      status: string;
      message?: string;
      assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
    }[];
  };
  const failures = report.testResults.flatMap((result) => {
    const path = relative(process.cwd(), result.name);
    const tests = result.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${path} › ${test.fullName}${firstLines(test.failureMessages?.[0])}`);
    return tests.length === 0 && result.status === 'failed' ? [`${path}: ${result.message ?? 'failed'}`] : tests;
  });
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + (report.success || report.numFailedTests > 0 ? 0 : 1),
    failures,
  };
}

interface PlaywrightSuite {
  file: string;
  specs: {
    title: string;
    ok: boolean;
    tests: { results: { error?: { message?: string; location?: { line: number } } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

/**
 * A failure's message, its first four lines without colours or the test tools' own stack frames: what was expected and
 * what came, or what timed out, and where.
 */
const firstLines = (message: string | undefined) =>
  message
    ? ` — ${stripVTControlCharacters(message)
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !/^at .*(node_modules|node:|<anonymous>)/.test(line))
        .slice(0, 4)
        .join(' / ')}`
    : '';

/** A failed spec with the line of the step that failed and the first lines of its error, from its last attempt. */
const failedSpecs = (suite: PlaywrightSuite): string[] => [
  ...suite.specs
    .filter((spec) => !spec.ok)
    .map((spec) => {
      const error = spec.tests.flatMap((test) => test.results).findLast((result) => result.error)?.error;
      const line = error?.location ? `:${error.location.line}` : '';
      return `${suite.file}${line} › ${spec.title}${firstLines(error?.message)}`;
    }),
  ...(suite.suites ?? []).flatMap(failedSpecs),
];

function playwrightTotals(file: string): Totals {
  if (!existsSync(file)) return { passed: 0, failed: 1, failures: [`${file}: no report`] };
  const { stats, suites } = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
    suites: PlaywrightSuite[];
  };
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, failures: suites.flatMap(failedSpecs) };
}

/** One vitest run of these projects, its totals counted from its JSON report. */
async function vitest(name: string, projects: string[], extra: string[] = []): Promise<Totals> {
  const report = `reports/vitest-${label}-${name}.json`;
  rmSync(report, { force: true });
  const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${report}`, ...extra];
  for (const project of projects) args.push('--project', project);
  const status = await run(`vitest ${name}`, 'npx', args);
  const totals = vitestTotals(report);
  if (status !== 0 && totals.failed === 0) {
    totals.failed = 1;
    totals.failures.push(`vitest ${name} exited with ${status}`);
  }
  return totals;
}

// Its output goes to a file rather than into vitest's.
const build = integrationOnly ? undefined : run('build (during vitest)', 'npx', ['tsx', 'scripts/build-if-stale.ts'], 'reports/build.log');
const totals: Totals = { passed: 0, failed: 0, failures: [] };
const add = (more: Totals) => {
  totals.passed += more.passed;
  totals.failed += more.failed;
  totals.failures.push(...more.failures);
};
// One vitest run a project: given several projects, vitest 4 starts a new worker for nearly every file instead of
// reusing its workers, so the files sharing their modules (`isolate: false`) load them again each time: the unit and
// DOM projects together took 181 s and 341 CPU-s, apart 28 s and 62 s (docs/performance.md, "Test suite time").
// As they share their workers' modules, the unit and DOM files run in a random order, files and tests (the seed is
// printed), so a test that leans on what another file or test left behind fails here rather than by chance later.
if (!integrationOnly) {
  add(await vitest('unit', ['unit'], ['--sequence.shuffle']));
  add(await vitest('dom', ['dom'], ['--sequence.shuffle']));
  add(await vitest('dom-mocks', ['dom-mocks']));
}
add(await vitest('integration', ['integration']));

if (!integrationOnly) {
  const e2eReport = 'reports/e2e.json';
  rmSync(e2eReport, { force: true });
  await build;
  const e2eStatus = await run('playwright', 'npx', ['playwright', 'test']);
  const e2e = playwrightTotals(e2eReport);
  if (e2eStatus !== 0 && e2e.failed === 0) {
    e2e.failed = 1;
    e2e.failures.push(`playwright exited with ${e2eStatus}`);
  }
  add(e2e);
}

writeFileSync(`reports/summary-${label}.json`, JSON.stringify(totals));
console.log(`\n${timings.join(', ')}; total ${seconds(suiteStarted)}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
for (const failure of totals.failures) console.log(`  failed: ${failure}`);
process.exit(totals.failed > 0 ? 1 : 0);
