import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signInInEnglish } from './support';

const SHAPES = path.resolve('tests/fixtures/shapes');
const km2 = async (page: Page) => Number(await page.getByTestId('mission-area').getAttribute('data-km2'));

async function importFile(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('mission-import').click();
  await (await chooser).setFiles(typeof file === 'string' ? path.join(SHAPES, file) : file);
}

test('an area is typed as "lat, lon" lines, Google Earth KML and QGIS GeoJSON import, a second import asks, Clear confirms', async ({
  page,
}) => {
  // Many steps on a shared, slow machine: the default minute is too short for the whole walk.
  test.setTimeout(180_000);
  await signInInEnglish(page, DEMO.operator);
  await page.goto('/backoffice/preflights/add#14/48.727/2.167');
  await page.waitForFunction(() => window.__mapState === 'idle-rendered', undefined, { timeout: 30_000 });
  await expect(page.getByTestId('mission-area-issue')).toHaveText('A flight area is required.');

  // Keyboard entry: a wrong line is named, then four corners make the area (about 0.25 km²).
  await page.getByTestId('mission-type-area').click();
  const typed = page.getByTestId('mission-typed-text');
  await typed.fill('48.7294, 2.1640\nforty-eight, two');
  await page.getByTestId('mission-typed-add').click();
  await expect(page.getByTestId('mission-typed-area')).toContainText('Line 2 is not "latitude, longitude"');
  await typed.fill('48.7294, 2.1640\n48.7295, 2.1712\n48.7253, 2.1713\n48.7252, 2.1642');
  await page.getByTestId('mission-typed-add').click();
  await expect.poll(() => km2(page)).toBeGreaterThan(0.2);
  const one = await km2(page);
  expect(one).toBeLessThan(0.3);

  // A Google Earth KML (lon,lat,0): the drawing is not empty, so it asks; Replace keeps one area.
  await importFile(page, 'google-earth-field.kml');
  await expect(page.getByTestId('mission-import-choice')).toBeVisible();
  await page.getByTestId('mission-import-replace').click();
  await expect(page.getByTestId('mission-import-choice')).toHaveCount(0);
  await expect.poll(() => km2(page)).toBeCloseTo(one, 1);

  // A QGIS GeoJSON of 15 decimals with Z values, added: two areas.
  await importFile(page, 'qgis-field.geojson');
  await page.getByTestId('mission-import-add').click();
  await expect.poll(() => km2(page)).toBeGreaterThan(one * 1.8);

  // A failed import says why.
  await importFile(page, { name: 'broken.geojson', mimeType: 'application/geo+json', buffer: Buffer.from('{"type": "Feature",') });
  await expect(page.getByTestId('mission-import-error')).toHaveText('This file could not be read.');
  await importFile(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('48.7, 2.1') });
  await expect(page.getByTestId('mission-import-error')).toHaveText('Only .kml, .gpx, .geojson and .json files can be imported.');

  // Clear asks first: cancelling keeps the drawing, confirming empties it.
  const before = await km2(page);
  await page.getByTestId('draw-clear').click();
  await page.getByTestId('draw-clear-no').click();
  expect(await km2(page)).toBe(before);
  await page.getByTestId('draw-clear').click();
  await page.getByTestId('draw-clear-yes').click();
  await expect(page.getByTestId('mission-area-issue')).toHaveText('A flight area is required.');
});
