import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './support';

async function mapState(page: Page) {
  await page.waitForFunction(() => window.__mapState !== undefined && window.__mapState !== 'init', undefined, { timeout: 60_000 });
  return page.evaluate(() => window.__mapState);
}

const visibleLayers = (page: Page) =>
  page.getByTestId('map').evaluate((node) => (node.getAttribute('data-visible-layers') ?? '').split(' '));

test('the live map renders offline, switches a context layer, loads the geozones of the view and measures a drawn area', async ({
  page,
}) => {
  // A software-rendered map with the shipped basemap, the geozones of Orly and the live stream: over a minute on a
  // loaded machine.
  test.setTimeout(180_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(page, DEMO.operator, { to: '/backoffice/live' });

  expect(await mapState(page)).toBe('idle-rendered');
  await expect(page.getByTestId('live-connection')).toBeVisible();
  // Without RAIN_RADAR_URL the rain radar is offered disabled, saying why.
  await expect(page.getByTestId('layer-toggle-rainRadar')).toBeDisabled();
  await expect(page.getByTestId('rain-radar-disabled')).toBeVisible();

  await expect.poll(() => visibleLayers(page)).not.toContain('context-rail');
  await page.getByTestId('layer-toggle-rail').check();
  await expect.poll(() => visibleLayers(page)).toContain('context-rail');
  await page.getByTestId('layer-toggle-rail').uncheck();
  await expect.poll(() => visibleLayers(page)).not.toContain('context-rail');

  // Orly, through the view kept in the URL hash (#zoom/lat/lon).
  await page.goto('/backoffice/live#11/48.72/2.36');
  expect(await mapState(page)).toBe('idle-rendered');
  await expect(page.getByTestId('geozone-count')).not.toHaveAttribute('data-count', '');
  const count = Number(await page.getByTestId('geozone-count').getAttribute('data-count'));
  expect(count).toBeGreaterThan(0);
  await expect(page.locator('.maplibregl-ctrl-attrib')).toContainText('DGAC');
  // The geozone source is re-created with its credits and keeps its place: under its outline and the networks.
  const order = await visibleLayers(page);
  expect(order.indexOf('context-protected')).toBeLessThan(order.indexOf('geozones-fill'));
  expect(order.indexOf('geozones-fill')).toBeLessThan(order.indexOf('geozones-line'));
  // The SIA's obstacles (the Others group), off by default, drawn and credited while on.
  await expect(page.getByTestId('layer-toggle-obstacles')).not.toBeChecked();
  await page.getByTestId('layer-toggle-obstacles').check();
  await expect.poll(() => visibleLayers(page)).toContain('context-obstacles');
  await expect(page.locator('.maplibregl-ctrl-attrib')).toContainText('Obstacles: SIA (DGAC), list of 15 July 2021');
  await page.getByTestId('layer-toggle-obstacles').uncheck();
  await expect.poll(() => visibleLayers(page)).not.toContain('context-obstacles');

  // A square of 200 px a side at zoom 11 (≈ 15 m a pixel): about 9 km², under the 10 km² limit.
  await page.getByTestId('draw-polygon').click();
  const box = (await page.getByTestId('map').boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  for (const [dx, dy] of [
    [0, 0],
    [200, 0],
    [200, 200],
    [0, 200],
    [0, 0],
  ] as const) {
    await page.mouse.click(x + dx, y + dy);
  }
  await expect.poll(async () => Number(await page.getByTestId('draw-area').getAttribute('data-km2'))).toBeGreaterThan(1);

  // Leaving the screen removes the map, its layers and the drawing cleanly.
  await page.getByTestId('tab-dashboard').click();
  await expect(page).toHaveURL(/\/backoffice\/dashboard/);
  await expect(page.getByTestId('map')).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});
