import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, allowOperatorMissions, registerPilotAndMachine, signIn, tokenOf } from './support';

const GPX = path.join(import.meta.dirname, '..', 'tests', 'fixtures', 'tracks', 'gpslogger-flight.gpx');

/** A validated mission of the demo operator, flown without a tracker: its track comes from the pilot's logger. */
async function validatedMission(request: APIRequestContext, tag: string) {
  await allowOperatorMissions(request);
  await registerPilotAndMachine(request, tag);
  const operator = { authorization: `Bearer ${await tokenOf(request, DEMO.operator)}` };
  const admin = { authorization: `Bearer ${await tokenOf(request, DEMO.admin)}` };
  const [pilots, machines] = await Promise.all([
    request.get(`/api/pilots?search=${tag}`, { headers: operator }).then((r) => r.json()),
    request.get(`/api/machines?search=${tag}`, { headers: operator }).then((r) => r.json()),
  ]);
  const [lon, lat, d] = [1.5, 46.5, 0.002];
  const start = new Date(Date.now() + 10 * 60_000);
  const created = await request.post('/api/preflights', {
    headers: operator,
    data: {
      title: `Logger ${tag}`,
      referentPilotId: pilots.items[0].id,
      mainMachineId: machines.items[0].id,
      maxHeightM: 50,
      areas: {
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
      },
      startAt: start.toISOString(),
      endAt: new Date(start.getTime() + 3_600_000).toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const missionId = ((await created.json()) as { id: string }).id;
  for (const [action, headers] of [
    ['sendForValidation', operator],
    ['validate', admin],
  ] as const) {
    const answer = await request.post(`/api/preflights/${missionId}/actions/${action}`, { headers, data: {} });
    expect(answer.ok(), await answer.text()).toBe(true);
  }
  return missionId;
}

test('the pilot imports a GPX track into the diary, downloads it as KML, and is told when it is already there', async ({
  page,
  request,
}) => {
  const missionId = await validatedMission(request, `trk${Date.now().toString(36)}`);
  await signIn(page, DEMO.operator);
  await page.goto(`/backoffice/postflights/${missionId}`);
  await expect(page.getByTestId('post-flight-track')).toContainText('No position is stored for this flight');

  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('post-flight-track-import').click();
  await (await chooser).setFiles(GPX);

  await expect(page.getByTestId('post-flight-track-imported')).toHaveText('gpslogger-flight.gpx: 40 positions imported.');
  await expect(page.getByText('7 min from the tracks')).toBeVisible();
  await expect(page.getByTestId('post-flight-history')).toContainText('Track file: (empty) → gpslogger-flight.gpx (40)');

  const download = page.waitForEvent('download');
  await page.getByTestId('post-flight-track-export-kml').click();
  const kml = await download;
  expect(kml.suggestedFilename()).toMatch(/\.kml$/);
  const text = readFileSync(await kml.path(), 'utf8');
  expect(text.match(/<when>/g)).toHaveLength(40);
  expect(text).toContain('<gx:coord>2.161402 48.710213 0</gx:coord>');

  const again = page.waitForEvent('filechooser');
  await page.getByTestId('post-flight-track-import').click();
  await (await again).setFiles(GPX);
  await expect(page.getByTestId('post-flight-track-error')).toHaveText('This track already exists.');
});
