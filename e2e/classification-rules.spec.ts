import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn } from './support';

test('the manager adds a height rule and a rule around a point placed on the map to LFPS-DEMO, then deletes them', async ({
  page,
  request,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // Another spec of the run may have switched the manager to French.
  const login = await request.post('/api/security/login', { data: { email: DEMO.manager, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  expect((await request.patch('/api/account', { headers, data: { lang: 'en' } })).ok()).toBe(true);
  // Unique, so that rules left by other runs or specs never get in the way; 300 m is above any legal flight.
  const title = `Above 300 m ${Date.now()}`;

  await signIn(page, DEMO.manager, { to: '/backoffice/procedureclassifications' });
  await expect(page.getByRole('heading', { name: 'Classification of activities' })).toBeVisible();
  // Another spec may have made the manager manage a second airspace: LFPS-DEMO is chosen either way.
  await page.getByTestId('classification-airspace').click();
  await page.getByRole('option', { name: /LFPS-DEMO/ }).click();
  await expect(page.getByTestId('classification-map').getByTestId('map')).toHaveAttribute(
    'data-visible-layers',
    /classification-airspace/,
    {
      timeout: 30_000,
    },
  );

  await page.getByTestId('classification-add').click();
  const form = page.getByTestId('classification-form');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Type').selectOption('heightOver');
  await form.getByLabel('Threshold').fill('300');
  await form.getByLabel('Impact', { exact: true }).selectOption('high');
  await form.getByTestId('rule-save').click();
  await expect(page.getByTestId('classification-saved')).toBeVisible();

  const row = page.getByTestId('classification-row').filter({ hasText: title });
  await expect(row).toContainText('Height over');
  await expect(row).toContainText('300 m');
  await expect(row).toContainText('High');
  // The saved rule is the selected one.
  await expect(row).toHaveAttribute('data-selected', 'true');

  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('confirm-message')).toContainText(title);
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('classification-deleted')).toBeVisible();
  await expect(row).toHaveCount(0);

  // A rule that needs a point: placed with a click on the map, then shown with its radius.
  const nearTitle = `Near the helipad ${Date.now()}`;
  await page.getByTestId('classification-add').click();
  await form.getByLabel('Title').fill(nearTitle);
  await form.getByLabel('Type').selectOption('radialDistanceBelow');
  await form.getByLabel('Threshold').fill('200');
  await form.getByLabel('Impact', { exact: true }).selectOption('medium');
  await expect(form.getByTestId('rule-geometry-summary')).toHaveText('Nothing placed yet.');
  const formMap = page.getByTestId('classification-map').getByTestId('map');
  await expect(formMap).toBeVisible();
  await form.getByTestId('rule-draw').click();
  const box = (await formMap.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(form.getByTestId('rule-geometry-summary')).toContainText('Centre at longitude');
  await form.getByTestId('rule-save').click();
  await expect(page.getByTestId('classification-saved')).toBeVisible();
  const nearRow = page.getByTestId('classification-row').filter({ hasText: nearTitle });
  await expect(nearRow).toContainText('200 m');
  const saved = await request.get('/api/classification-rules', { headers, params: { search: nearTitle, pageSize: 100 } });
  const rule = ((await saved.json()) as { items: { title: string; geometry: { type: string; coordinates: number[] } }[] }).items.find(
    (item) => item.title === nearTitle,
  );
  expect(rule?.geometry.type).toBe('Point');
  // The click was inside the map centred on the airspace (lon 2.10–2.25, lat 48.68–48.75).
  expect(rule?.geometry.coordinates[0]).toBeGreaterThan(1.9);
  expect(rule?.geometry.coordinates[0]).toBeLessThan(2.45);
  expect(rule?.geometry.coordinates[1]).toBeGreaterThan(48.6);
  expect(rule?.geometry.coordinates[1]).toBeLessThan(48.85);
  await nearRow.getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('confirm-yes').click();
  await expect(nearRow).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});
