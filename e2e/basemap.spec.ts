import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { DEMO, signIn } from './support';

// The basemap under the mission editor (docs/map.md "Basemap"). By default the online style is made unreachable, as on
// a machine without internet, and the shipped one must take over; E2E_BASEMAP=online runs the same test against the
// online style, with internet access (docs/map.md says how).
const ONLINE = process.env.E2E_BASEMAP === 'online';
const SHOTS = 'reports/basemap';

// Its screenshots are looked at and their pixels counted: drawn at full resolution (the suite draws at half).
test.use({ deviceScaleFactor: 1 });

const map = (page: Page) => page.getByTestId('mission-editor').getByTestId('map');
const attribute = (page: Page, name: string) => map(page).evaluate((node, key) => node.getAttribute(key) ?? '', name);

async function settle(page: Page) {
  await page.waitForFunction(() => window.__mapState !== undefined && window.__mapState !== 'init', undefined, { timeout: 60_000 });
  expect(await page.evaluate(() => window.__mapState)).toBe('idle-rendered');
}

test('the mission editor draws over a basemap with roads and town names at zoom 8 and 14, and a click on a zone shows it', async ({
  page,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  if (!ONLINE) await page.route(/tiles\.openfreemap\.org/, (route) => route.abort('internetdisconnected'));
  // Paris-Saclay at zoom 8: the land, the Île-de-France motorways and the region's city names.
  await signIn(page, DEMO.operator, { lang: 'en', to: '/backoffice/preflights/add#8/48.71/2.2' });
  await settle(page);
  await expect(map(page)).toHaveAttribute('data-basemap', ONLINE ? 'online' : 'offline');
  if (!ONLINE) {
    await expect.poll(() => attribute(page, 'data-basemap-rendered')).toContain('basemap-roads');
    const rendered = (await attribute(page, 'data-basemap-rendered')).split(' ');
    expect(rendered).toEqual(expect.arrayContaining(['basemap-land', 'basemap-rail']));
    expect((await attribute(page, 'data-basemap-labels')).split('|')).toContain('Paris');
    await expect(page.locator('.maplibregl-ctrl-attrib')).toContainText('GeoNames');
    await expect(page.locator('.maplibregl-ctrl-attrib')).toContainText('OpenStreetMap');
  }
  await page.screenshot({ path: `${SHOTS}/mission-editor-z8-${ONLINE ? 'online' : 'offline'}.png` });

  // Palaiseau at zoom 14: its name and the N118 a few hundred metres away.
  await page.goto('/backoffice/preflights/add#14/48.7183/2.2498');
  await expect.poll(() => map(page).evaluate(() => window.location.hash)).toBe('#14/48.7183/2.2498');
  if (!ONLINE) {
    await expect.poll(() => attribute(page, 'data-basemap-labels')).toContain('Palaiseau');
    expect(await attribute(page, 'data-basemap-rendered')).toContain('basemap-roads');
  }
  await page.screenshot({ path: `${SHOTS}/mission-editor-z14-${ONLINE ? 'online' : 'offline'}.png` });

  // Melun-Villaroche (LFPM): its CTR covers the centre of the view; a click there names it, with limits in m and ft.
  await page.goto('/backoffice/preflights/add#13/48.605/2.67');
  await expect(page.getByTestId('geozone-count')).not.toHaveAttribute('data-count', '');
  await expect.poll(() => attribute(page, 'data-visible-layers')).toContain('geozones-fill');
  const box = (await map(page).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const popup = page.getByTestId('zone-popup');
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(/MELUN/i);
  await expect(popup).toContainText(/ m (AGL|AMSL) \(\d[\d,]* ft (AGL|AMSL)\)/);
  await expect(popup).toContainText('When: Permanent');
  await expect(popup.getByTestId('zone-popup-restriction').first()).toHaveText(
    /Prohibited|Authorisation required|Conditional|No restriction/,
  );
  await page.screenshot({ path: `${SHOTS}/zone-popup-${ONLINE ? 'online' : 'offline'}.png` });
});

test("in French, the map's credits and the zone popup's close button are French", async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  if (!ONLINE) await page.route(/tiles\.openfreemap\.org/, (route) => route.abort('internetdisconnected'));
  await signIn(page, DEMO.operator, { lang: 'fr', to: '/backoffice/preflights/add#13/48.605/2.67' });
  await expect(page.getByTestId('language-fr')).toHaveAttribute('aria-pressed', 'true');
  await settle(page);
  await expect(page.getByRole('button', { name: 'Zoom avant' })).toBeVisible();
  if (!ONLINE) await expect(page.locator('.maplibregl-ctrl-attrib')).toContainText('© les contributeurs d’OpenStreetMap');
  await expect(page.getByTestId('geozone-count')).not.toHaveAttribute('data-count', '');
  await expect(page.locator('.maplibregl-ctrl-attrib')).toContainText('Source : SIA / DGAC');
  await expect.poll(() => attribute(page, 'data-visible-layers')).toContain('geozones-fill');
  const box = (await map(page).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByTestId('zone-popup')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fermer la fenêtre' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/zone-popup-fr-${ONLINE ? 'online' : 'offline'}.png` });

  await page.getByTestId('language-en').click();
  await expect(page.getByTestId('language-en')).toHaveAttribute('aria-pressed', 'true');
});

type RGB = readonly [number, number, number];
/** The offline basemap's water and road colours (default-style.ts). */
const WATER: RGB = [0x6f, 0x9f, 0xd8];
const ROAD: RGB = [0xb3, 0xa9, 0x9b];

/** Pixels of one of the offline basemap's colours in a screenshot: what of that layer is drawn. */
function pixelsOf(png: Buffer, [red, green, blue]: RGB): number {
  const { data } = PNG.sync.read(png);
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (Math.abs(data[i] - red) + Math.abs(data[i + 1] - green) + Math.abs(data[i + 2] - blue) < 30) count++;
  }
  return count;
}

test('a mission typed at Rennes shows the offline basemap there: its roads, its name, the Vilaine, and the notice that it is the fallback', async ({
  page,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.route(/tiles\.openfreemap\.org/, (route) => route.abort('internetdisconnected'));
  await signIn(page, DEMO.operator, { to: '/backoffice/preflights/add#9/48.11/-1.68' });
  await settle(page);
  await expect(map(page)).toHaveAttribute('data-basemap', 'offline');
  // The badge says it is the fallback; what the fallback holds opens on demand and closes with Escape.
  await page.getByTestId('basemap-offline').click();
  await expect(page.getByText(/Monaco and Germany only|Monaco et Allemagne seulement/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText(/Monaco and Germany only|Monaco et Allemagne seulement/)).toBeHidden();
  // Its ring road and the main roads out of it, far from Île-de-France.
  await expect.poll(() => attribute(page, 'data-basemap-rendered')).toContain('basemap-roads');

  // About 1 km² on the centre of Rennes, typed: the view fits it (mission zoom, about 15).
  await page.getByTestId('mission-type-area').click();
  await page.getByTestId('mission-typed-text').fill('48.1150, -1.6880\n48.1150, -1.6720\n48.1050, -1.6720\n48.1050, -1.6880');
  await page.getByTestId('mission-typed-add').click();
  await expect.poll(async () => Number((await page.evaluate(() => window.location.hash)).slice(1).split('/')[0])).toBeGreaterThan(13);
  await expect.poll(() => attribute(page, 'data-basemap-labels')).toContain('Rennes');
  expect(await attribute(page, 'data-basemap-rendered')).toContain('basemap-water');
  const shot = await map(page).screenshot({ path: `${SHOTS}/rennes-mission-offline.png` });
  expect(pixelsOf(shot, WATER)).toBeGreaterThan(500);
});

test('Berlin, beyond the OpenStreetMap extract, shows its main roads and its name on the offline basemap at a mission zoom', async ({
  page,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.route(/tiles\.openfreemap\.org/, (route) => route.abort('internetdisconnected'));
  // Zoom 10 on the centre of Berlin: the ring road and the motorways into the city (Natural Earth's major highways).
  await signIn(page, DEMO.operator, { lang: 'en', to: '/backoffice/preflights/add#10/52.52/13.4' });
  await settle(page);
  await expect(map(page)).toHaveAttribute('data-basemap', 'offline');
  await expect.poll(() => attribute(page, 'data-basemap-rendered')).toContain('basemap-roads');
  await expect.poll(() => attribute(page, 'data-basemap-labels')).toContain('Berlin');
  const shot = await map(page).screenshot({ path: `${SHOTS}/berlin-z10-offline.png` });
  expect(pixelsOf(shot, ROAD)).toBeGreaterThan(1000);
});
