import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support';

/** A square north of Orsay, as an administrator would export it from a GIS tool. */
const AREA_GEOJSON = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'E2E area' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [2.16, 48.7],
            [2.2, 48.7],
            [2.2, 48.72],
            [2.16, 48.72],
            [2.16, 48.7],
          ],
        ],
      },
    },
  ],
});

test('the admin creates a group and an airspace for the demo manager and edits a user; the manager edits its airspace in French', async ({
  page,
}) => {
  // Four screens and two accounts in one story: longer than the default minute.
  test.setTimeout(240_000);
  // A group with one right and the demo operator as member.
  await signIn(page, DEMO.admin, { lang: 'en', to: '/backoffice/groups/add' });
  const groupForm = page.getByTestId('group-form');
  await groupForm.locator('input[name="name"]').fill('E2E night flyers');
  await groupForm.getByRole('checkbox', { name: /See own pilots/ }).check();
  await page.getByTestId('group-member-search').fill('operator@aerogate');
  await page.getByRole('option', { name: /operator@aerogate\.demo/ }).click();
  await expect(groupForm.getByTestId('group-member')).toHaveCount(1);
  await page.getByTestId('group-save').click();
  await expect(page).toHaveURL(/\/backoffice\/groups$/);
  const groupRow = page.getByTestId('group-row').filter({ hasText: 'E2E night flyers' });
  await expect(groupRow).toContainText('1');
  // A group with members is not deleted: the message comes instead of a confirmation.
  await groupRow.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('This group has members and cannot be deleted.')).toBeVisible();

  // An airspace whose area is imported from a GeoJSON file, managed by the demo manager.
  await page.goto('/backoffice/airspaces/add');
  const airspaceForm = page.getByTestId('airspace-form');
  await airspaceForm.locator('input[name="name"]').fill('Zone E2E Orsay');
  await airspaceForm.locator('input[name="internalCode"]').fill('E2E-ORSAY');
  await airspaceForm
    .locator('input[type="file"]')
    .setInputFiles({ name: 'orsay.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(AREA_GEOJSON) });
  await expect(page.getByTestId('airspace-area-summary')).toHaveAttribute('data-polygons', '1');
  await page.getByTestId('airspace-manager-search').fill('manager');
  await page.getByRole('option', { name: /manager@aerogate\.demo/ }).click();
  await expect(airspaceForm.getByTestId('airspace-manager')).toHaveCount(1);
  await airspaceForm.locator('input[name="maxNoticeDays"]').fill('30');
  await page.getByTestId('airspace-save').click();
  await expect(page).toHaveURL(/\/backoffice\/airspaces$/);
  const airspaceRow = page.getByTestId('airspace-row').filter({ hasText: 'E2E-ORSAY' });
  await expect(airspaceRow).toContainText('Marc Manager');
  await expect(airspaceRow).toContainText('Drawn');

  // A user's fields: the demo operator's administrative zone and Alpha Tango UID (not its company information, which
  // would ask for the agreement's revalidation, docs/agreements.md, and change the demo other specs start from).
  await page.goto('/backoffice/users');
  await page.getByTestId('user-search').fill('operator@aerogate.demo');
  const userRow = page.getByTestId('user-row').filter({ hasText: 'operator@aerogate.demo' });
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await userRow.getByRole('link', { name: 'Edit' }).click();
  const userForm = page.getByTestId('user-form');
  await expect(userForm.locator('input[name="email"]')).toHaveValue('operator@aerogate.demo');
  await userForm.locator('input[name="adminZone"]').fill('Essonne');
  await page.getByTestId('external-identifier-add').click();
  await userForm.locator('input[name="externalIdentifiers.0.value"]').fill('AT-E2E-0001');
  await page.getByTestId('user-save').click();
  await expect(page).toHaveURL(/\/backoffice\/users$/);
  await page.goto('/backoffice/users');
  await page.getByTestId('user-search').fill('operator@aerogate.demo');
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await page.getByTestId('user-row').getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByTestId('user-form').locator('input[name="adminZone"]')).toHaveValue('Essonne');
  await expect(page.getByTestId('user-form').locator('input[name="externalIdentifiers.0.value"]')).toHaveValue('AT-E2E-0001');

  // The manager, in French, edits the general conditions of LFPS-DEMO.
  await signIn(page, DEMO.manager, { lang: 'fr', to: '/backoffice/airspace' });
  await expect(page.getByRole('heading', { name: 'Mon espace aérien' })).toBeVisible();
  // He manages several airspaces (the one above; another spec of this share may have given him one more).
  await page.getByRole('radio', { name: 'Paris-Saclay demo airspace' }).check();
  await expect(page.getByTestId('my-airspace-identity')).toContainText('LFPS-DEMO');
  await expect(page.getByRole('radio', { name: 'Zone E2E Orsay' })).toBeAttached();
  const mine = page.getByTestId('airspace-form');
  await expect(mine.locator('input[name="internalCode"]')).toHaveCount(0);
  await mine.getByLabel('Conditions générales').fill('Vols autorisés en semaine et le samedi matin.');
  await page.getByTestId('airspace-save').click();
  await expect(page.getByText('L’espace aérien a été enregistré.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('airspace-form').getByLabel('Conditions générales')).toHaveValue(
    'Vols autorisés en semaine et le samedi matin.',
  );
  await page.getByTestId('language-en').click();
});
