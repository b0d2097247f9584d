import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, drawSquare, quietMap, signIn } from './support';

async function tokenOf(request: APIRequestContext, email: string) {
  const response = await request.post('/api/security/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** The demo operator may create missions (its agreement exempted by an administrator unless already settled). */
async function allowOperatorMissions(request: APIRequestContext) {
  const admin = { authorization: `Bearer ${await tokenOf(request, DEMO.admin)}` };
  const [, payload] = (await tokenOf(request, DEMO.operator)).split('.');
  const { sub } = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { sub: string };
  const { status } = (await (await request.get(`/api/agreements/${sub}`, { headers: admin })).json()) as { status: string };
  if (['validated', 'updated', 'nearlyExpired', 'renewValidation', 'noNeedAgreement'].includes(status)) return;
  expect((await request.post(`/api/agreements/${sub}/exempt`, { headers: admin })).ok()).toBe(true);
}

async function registerPilotAndMachine(request: APIRequestContext, tag: string) {
  const operator = { authorization: `Bearer ${await tokenOf(request, DEMO.operator)}` };
  const pilot = await request.post('/api/pilots', {
    headers: operator,
    data: {
      firstName: 'Nadia',
      lastName: `Verdict ${tag}`,
      email: `nadia.${tag}@aerogate.test`,
      birthDate: '1988-02-03',
      documents: [{ skillType: 'openA2', reference: `A2-${tag}`, validFrom: '2025-01-01', validUntil: '2030-12-31' }],
    },
  });
  expect(pilot.status()).toBe(201);
  const machine = await request.post('/api/machines', {
    headers: operator,
    data: { internalName: `Mapper ${tag}`, serialNumber: `SN-${tag}`, classes: ['C1'], massGrams: 850 },
  });
  expect(machine.status()).toBe(201);
  return { pilot: `Nadia Verdict ${tag}`, machine: `Mapper ${tag} (SN-${tag})` };
}

test('a mission made in the UI gets its verdict from the server on save, and the Notification tab unlocks from it', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const tag = `rg${Date.now().toString(36)}`;
  await allowOperatorMissions(request);
  const names = await registerPilotAndMachine(request, tag);
  // In the Beauce countryside, south-west of Paris (zoom 14: about 6 m a pixel).
  await signIn(page, DEMO.operator, { lang: 'en', to: '/backoffice/preflights/add#14/48.36/1.80' });
  await quietMap(page);
  await drawSquare(page, 150);
  await page.getByTestId('mission-title').fill(`Field mapping ${tag}`);
  await page.getByTestId('mission-pilot').selectOption({ label: names.pilot });
  await page.getByTestId('mission-machine').selectOption({ label: names.machine });
  await page.getByTestId('mission-height-m').fill('40');
  await page.getByTestId('mission-height-ft').fill('600');
  // Only the countries the area lies in are offered.
  await expect(page.getByTestId('mission-country').locator('option')).toHaveText(['From the area', 'France']);
  await page
    .locator('label', { has: page.getByTestId('start-option-tomorrow') })
    .or(page.locator(`label[for="${await page.getByTestId('start-option-tomorrow').getAttribute('id')}"]`))
    .first()
    .click();
  await page.getByTestId('mission-tab-constraints').click();
  await page.getByTestId('constraint-overPeople').selectOption({ label: 'No one' });
  await page.getByTestId('field-constraints.distanceToPeopleM').fill('80');
  await page.getByTestId('constraint-vlos').selectOption({ label: 'Yes' });
  await page.getByTestId('constraint-urban').selectOption({ label: 'No' });
  await page.getByTestId('constraint-nearAerodrome').selectOption({ label: 'No' });

  // Before saving there is no verdict: the server computes it on save.
  await page.getByTestId('mission-tab-regulation').click();
  await expect(page.getByTestId('regulation-save-first')).toBeVisible();
  await page.getByTestId('mission-save').click();
  await expect(page.getByTestId('mission-saved')).toBeVisible();
  await expect(page).toHaveURL(/\/preflights\/edit\/[0-9a-f-]+$/);
  await page.goto(page.url());
  await quietMap(page);

  await page.getByTestId('mission-tab-regulation').click();
  await expect(page.getByTestId('regulation-panel')).toHaveAttribute('data-source', 'stored');
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-country', 'FR');
  await expect(page.getByTestId('area-country-FR')).toHaveAttribute('data-regulation', 'FR');
  await expect(page.getByTestId('regulation-ground')).toHaveAttribute('data-value', /\d/);
  // Rule labels: English with the French under it; in French, the French alone.
  await expect(page.getByTestId('regulation-panel').locator('tbody [lang]').first()).toHaveAttribute('lang', 'en');
  expect(await page.getByTestId('regulation-panel').locator('tbody [lang="fr"]').count()).toBeGreaterThan(0);
  await page.getByTestId('language-fr').click();
  await expect(page.getByTestId('regulation-panel').locator('tbody [lang="en"]')).toHaveCount(0);
  expect(await page.getByTestId('regulation-panel').locator('tbody [lang="fr"]').count()).toBeGreaterThan(0);
  await page.getByTestId('language-en').click();

  await page.getByTestId('mission-tab-notification').click();
  await expect(page.getByTestId('mission-notifications')).toBeVisible();
  await expect(page.getByTestId('notifications-tabs-not-validated')).toHaveCount(0);
});
