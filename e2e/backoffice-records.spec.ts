import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn } from './support';

const ZONE = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'Imported zone' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [2.15, 48.7],
            [2.2, 48.7],
            [2.2, 48.73],
            [2.15, 48.73],
            [2.15, 48.7],
          ],
        ],
      },
    },
  ],
};

const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj\n%%EOF\n', 'latin1');

async function mapReady(page: Page) {
  await page.waitForFunction(() => window.__mapState === 'idle-rendered', undefined, { timeout: 60_000 });
}

async function apiToken(page: Page, email: string) {
  const login = await page.request.post('/api/security/login', { data: { email, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

test('the administrator creates an alert from a GeoJSON file and a drawn area, a document for one group, and reads the dashboard charts in French', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // Alert: one area imported from a GeoJSON file, one drawn on the map.
  await signIn(page, DEMO.admin, { to: '/backoffice/alerts/add' });
  const form = page.getByTestId('alert-form');
  await form.locator('input[name="name"]').fill('E2E Saclay no-fly');
  await form.locator('select[name="type"]').selectOption('doNotEnter');
  await form.locator('input[name="lowerLimitM"]').fill('0');
  await form.locator('input[name="upperLimitM"]').fill('150');
  await form.getByLabel('SMS').check();
  await mapReady(page);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'zone.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(JSON.stringify(ZONE)) });
  await expect(page.getByTestId('alert-kept-count')).toHaveText('1 imported or saved area');

  await page.getByTestId('alert-draw-polygon').click();
  // Mouse clicks are in viewport coordinates: the map sits below the form's first fields.
  await page.getByTestId('map').scrollIntoViewIfNeeded();
  const box = (await page.getByTestId('map').boundingBox())!;
  const [x, y] = [box.x + box.width / 2 - 60, box.y + box.height / 2 - 60];
  for (const [dx, dy] of [
    [0, 0],
    [120, 0],
    [120, 120],
    [0, 120],
    [0, 0],
  ] as const) {
    await page.mouse.click(x + dx, y + dy);
  }
  await expect(page.getByTestId('alert-drawn-count')).toHaveText('1 drawn area');
  await page.getByTestId('alert-save').click();
  await expect(page).toHaveURL(/\/backoffice\/alerts$/);
  await expect(page.getByTestId('alert-table')).toContainText('E2E Saclay no-fly');

  const admin = await apiToken(page, DEMO.admin);
  const listed = await (await page.request.get('/api/alerts?search=E2E%20Saclay', { headers: admin })).json();
  const alert = await (await page.request.get(`/api/alerts/${listed.items[0].id}`, { headers: admin })).json();
  expect(alert.geometry.coordinates).toHaveLength(2);
  expect([...alert.geometrySources].sort()).toEqual(['drawn', 'geojson']);
  expect(alert).toMatchObject({ upperLimitM: 150, notifySms: true });

  // Document restricted to the operators' group.
  await page.goto('/backoffice/documents/add');
  await page.getByTestId('document-form').getByLabel('Title').fill('E2E operations guide');
  await page.getByTestId('document-groups').click();
  await page.getByRole('option', { name: 'Operators' }).click();
  await page.keyboard.press('Escape');
  await page.locator('input[type="file"]').setInputFiles({ name: 'guide.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByTestId('document-save').click();
  await expect(page).toHaveURL(/\/backoffice\/documents$/);
  const row = page.getByTestId('document-row').filter({ hasText: 'E2E operations guide' });
  await expect(row).toContainText('Operators');

  // An operator's machine gives the model ranking something to show.
  const operator = await apiToken(page, DEMO.operator);
  expect(
    (
      await page.request.post('/api/machines', { headers: operator, data: { serialNumber: 'E2E-DASH-1', internalName: 'Dashboard drone' } })
    ).status(),
  ).toBe(201);

  await page.goto('/backoffice/dashboard');
  await page.getByTestId('language-fr').click();
  await expect(page.getByRole('heading', { name: 'Tableau de bord', level: 1 })).toBeVisible();
  await expect(page.getByTestId('chart-popularity')).toContainText('Modèles les plus répandus');
  for (const chart of ['chart-popularity', 'chart-profile', 'chart-operators']) {
    await expect(page.getByTestId(chart).locator('svg.recharts-surface').first()).toBeVisible();
  }
  // Each chart says what its colours are.
  await expect(page.getByTestId('chart-popularity').locator('.recharts-legend-wrapper')).toContainText('Machines');
  await expect(page.getByTestId('chart-profile').locator('.recharts-legend-wrapper')).toContainText('Nombre');
  await expect(page.getByTestId('chart-operators').locator('.recharts-legend-wrapper')).not.toBeEmpty();
  // The demo's flown mission is tracked traffic.
  await expect(page.getByTestId('chart-detections').locator('.recharts-legend-wrapper').last()).toContainText('Trafics suivis');
  expect(pageErrors).toEqual([]);
});
