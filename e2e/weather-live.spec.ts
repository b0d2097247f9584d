import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test as base } from '@playwright/test';
import { shiftReport } from '../server/integrations/weather/shift-report';
import { DEMO, allowOperatorMissions, hourMission, registerPilotAndMachine, signIn } from './support';

const HOUR = 3_600_000;
const LFRN = JSON.parse(readFileSync(new URL('fixtures/taf-lfrn.json', import.meta.url), 'utf8')) as { taf: string };
/** The course prints day and hour groups only (`251700Z`): any month with a 26th anchors them. */
const PRINTED_ISSUE = new Date(Date.UTC(2026, 0, 25, 17));

/** The hour before now, as the recorded default replays its TAFs: the forecast is valid from the next hour on. */
const issueHour = () => new Date(Math.floor(Date.now() / HOUR) * HOUR - HOUR);

/**
 * A local weather service answering as `WEATHER_TAF_URL` expects (`/taf?ids={icao}&format=raw`: the raw TAF text),
 * with LFRN's TAF moved to the hour before now; any other aerodrome has none (an empty answer).
 */
async function localTafService() {
  const server = createServer((req, res) => {
    const icao = new URL(req.url ?? '/', 'http://localhost').searchParams.get('ids');
    const hours = Math.round((issueHour().getTime() - PRINTED_ISSUE.getTime()) / HOUR);
    res.writeHead(200, { 'content-type': 'text/plain' }).end(icao === 'LFRN' ? `${shiftReport(LFRN.taf, PRINTED_ISSUE, hours)}=\n` : '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/**
 * An Aerogate server of its own for this spec (the shares' servers replay the recorded TAFs): scripts/e2e-servers.ts
 * on the share's port + 5, its fresh database seeded like theirs, with `WEATHER_TAF_URL` on the local service. It runs
 * in a process group of its own, stopped whole at the end (npx and tsx leave the server behind a plain kill); a server
 * already answering on the port (left by a run that was killed) would be tested instead of this one: refused.
 */
async function liveWeatherServer(port: number, tafService: Server) {
  const answering = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  );
  if (answering) throw new Error(`Port ${port} is taken (a server left by an earlier run?): stop it first`);
  const taf = `http://127.0.0.1:${(tafService.address() as AddressInfo).port}/taf?ids={icao}&format=raw`;
  const child = spawn('npx', ['tsx', 'scripts/e2e-servers.ts', String(port)], {
    env: { ...process.env, WEATHER_TAF_URL: taf },
    stdio: ['pipe', 'pipe', 'inherit'],
    detached: true,
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('e2e servers ready') && resolve());
    child.on('exit', (code) => reject(new Error(`the live-weather server stopped (${code})`)));
  });
  return () => process.kill(-child.pid!, 'SIGTERM');
}

const test = base.extend<object, { liveWeather: string }>({
  liveWeather: [
    // The share's server port, from the project's own baseURL (a worker fixture cannot read the test-scoped one).
    async ({ browserName: _ }, use, workerInfo) => {
      const port = Number(new URL(workerInfo.project.use.baseURL!).port) + 5;
      const tafService = await localTafService();
      const stop = await liveWeatherServer(port, tafService);
      await use(`http://127.0.0.1:${port}`);
      stop();
      tafService.close();
    },
    { scope: 'worker', timeout: 480_000 },
  ],
  baseURL: async ({ liveWeather }, use) => use(liveWeather),
});

/** About 0.2 km² in Rennes city centre, 5 km from Rennes-Saint-Jacques (LFRN). */
const RENNES = {
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [-1.682, 48.108],
        [-1.678, 48.108],
        [-1.678, 48.112],
        [-1.682, 48.112],
        [-1.682, 48.108],
      ],
    ],
  ],
};

test("with WEATHER_TAF_URL on a local weather service, a Rennes mission shows LFRN's TAF and its category", async ({ page, request }) => {
  const tag = `wxlive${Date.now().toString(36)}`;
  await allowOperatorMissions(request);
  await registerPilotAndMachine(request, tag);
  // Ten hours after the issue (26 03:00Z as printed): BKN030 since the BECMG of 00-02Z, PROB30 TEMPO BKN010 from 03Z,
  // both a ceiling of 1,000 to 3,000 ft: MVFR.
  const start = new Date(issueHour().getTime() + 10 * HOUR);
  const mission = await hourMission(request, tag, { title: `Rennes weather ${tag}`, areas: RENNES, start });

  await signIn(page, DEMO.operator, { lang: 'en', to: `/backoffice/preflights/edit/${mission}` });

  const weather = page.getByTestId('mission-weather');
  await expect(weather).toContainText('(LFRN)');
  await expect(weather.getByTestId('weather-category').first()).toHaveText('MVFR');
  await expect(weather.getByTestId('weather-raw')).toContainText(/^TAF LFRN \d{6}Z \d{4}\/\d{4} 28008KT CAVOK/);
  // A live forecast: no word of a recording.
  await expect(weather.getByTestId('weather-recorded')).toHaveCount(0);
});
