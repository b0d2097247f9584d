import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './support';

async function mapState(page: Page) {
  await page.waitForFunction(() => window.__mapState !== undefined && window.__mapState !== 'init', undefined, { timeout: 30_000 });
  return page.evaluate(() => window.__mapState);
}

const visibleLayers = (page: Page) =>
  page.getByTestId('map').evaluate((node) => (node.getAttribute('data-visible-layers') ?? '').split(' '));

test('the live map renders offline, switches a context layer and loads the geozones of the view', async ({ page }) => {
  await signIn(page, DEMO.operator);
  await page.goto('/backoffice/live');

  expect(await mapState(page)).toBe('idle-rendered');
  await expect(page.getByTestId('live-traffic-later')).toBeVisible();
  await expect(page.getByTestId('layer-group-weather')).toHaveAttribute('disabled');

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
});
