import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { area, featureCollection, polygon } from '@turf/turf';
import { DEMO, signInInEnglish } from './support';

const SHAPES = path.resolve('tests/fixtures/shapes');
const km2 = async (page: Page) => Number(await page.getByTestId('mission-area').getAttribute('data-km2'));

async function importFile(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('mission-import').click();
  await (await chooser).setFiles(typeof file === 'string' ? path.resolve(SHAPES, file) : file);
}

test('an area is typed as "lat, lon" lines, Google Earth KML and QGIS GeoJSON import, a second import asks, Clear confirms', async ({
  page,
}) => {
  // Many steps on a shared, slow machine: the default minute is too short for the whole walk.
  test.setTimeout(180_000);
  await signInInEnglish(page, DEMO.operator, '/backoffice/preflights/add#14/48.727/2.167');
  await page.waitForFunction(() => window.__mapState === 'idle-rendered', undefined, { timeout: 60_000 });
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

/** The area of every <Polygon> of a KML, holes taken out, read from its text apart from the app's importer. */
function kmlAreaKm2(text: string): number {
  const ring = (block: string) =>
    block
      .trim()
      .split(/\s+/)
      .map((corner) => corner.split(',').slice(0, 2).map(Number));
  const rings = (polygon: string, boundary: string) =>
    [...polygon.matchAll(new RegExp(`<${boundary}>[\\s\\S]*?<coordinates>([\\s\\S]*?)</coordinates>`, 'g'))].map((match) => ring(match[1]));
  const polygons = [...text.matchAll(/<Polygon>([\s\S]*?)<\/Polygon>/g)].map((match) =>
    polygon([...rings(match[1], 'outerBoundaryIs'), ...rings(match[1], 'innerBoundaryIs')]),
  );
  return area(featureCollection(polygons)) / 1e6;
}

const viewCentre = async (page: Page) => {
  const [, lat, lon] = (await page.evaluate(() => window.location.hash)).slice(1).split('/').map(Number);
  return { lat, lon };
};

test("Google's KML samples import whole, the Pentagon with its courtyard as a hole, and the map moves to each import", async ({ page }) => {
  await signInInEnglish(page, DEMO.operator, '/backoffice/preflights/add#14/48.727/2.167');
  await page.waitForFunction(() => window.__mapState === 'idle-rendered', undefined, { timeout: 60_000 });

  // Nine polygons in California, Arizona and Virginia, 3D coordinates: all drawn, the holed one kept apart, none refused.
  await importFile(page, 'google-kml-samples.kml');
  await expect(page.getByTestId('mission-holed-areas')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('mission-import-refused')).toHaveCount(0);
  const expected = kmlAreaKm2(readFileSync(path.join(SHAPES, 'google-kml-samples.kml'), 'utf8'));
  await expect.poll(() => km2(page)).toBeCloseTo(expected, 2);
  await expect.poll(async () => (await viewCentre(page)).lon).toBeLessThan(-70);

  // An ED-318 zone whose geometry is a GeometryCollection of two polygons, added: the view moves to it, near Paris.
  await importFile(page, path.resolve('data-seed/geozones/ed318-examples/Example_GeoZone_2_Layers.json'));
  await page.getByTestId('mission-import-add').click();
  await expect.poll(async () => (await viewCentre(page)).lat).toBeCloseTo(49.03, 1);
  expect(await km2(page)).toBeGreaterThan(expected);

  // Clear removes the holed area too.
  await page.getByTestId('draw-clear').click();
  await page.getByTestId('draw-clear-yes').click();
  await expect(page.getByTestId('mission-holed-areas')).toHaveCount(0);
  await expect(page.getByTestId('mission-area-issue')).toHaveText('A flight area is required.');
});
