import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO, signInInEnglish, validatedMission } from './support';

const GPX = path.join(import.meta.dirname, '..', 'tests', 'fixtures', 'tracks', 'gpslogger-flight.gpx');

test('the pilot imports a GPX track into the diary, downloads it as KML, and is told when it is already there', async ({
  page,
  request,
}) => {
  // Flown without a tracker: its track comes from the pilot's logger.
  const tag = `trk${Date.now().toString(36)}`;
  const { missionId } = await validatedMission(request, tag, `Logger ${tag}`);
  await signInInEnglish(page, DEMO.operator, `/backoffice/postflights/${missionId}`);
  await expect(page.getByTestId('post-flight-track')).toContainText('No position is stored for this flight');

  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('post-flight-track-import').click();
  await (await chooser).setFiles(GPX);

  await expect(page.getByTestId('post-flight-track-imported')).toContainText(
    'gpslogger-flight.gpx: 40 positions imported.Flight of 7.3 min',
  );
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
