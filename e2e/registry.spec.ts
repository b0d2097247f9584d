import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support';

// The message of validation:remoteId.dji in either interface language.
const DJI_MESSAGE = /A DJI remote identification number is 1581E|Un numéro d’identification à distance DJI/;

test('the demo operator registers a drone model, a machine (refusing a DJI remote-ID typo) and a pilot', async ({ page }) => {
  await signIn(page, DEMO.operator, { to: '/backoffice/dronemodels/add' });
  const modelForm = page.getByTestId('drone-model-form');
  await modelForm.locator('input[name="brand"]').fill('DJI');
  await modelForm.locator('input[name="name"]').fill('E2E Mini 4 Pro');
  await modelForm.locator('input[name="frequencyMinGHz"]').fill('2.400');
  await modelForm.locator('input[name="frequencyMaxGHz"]').fill('5.850');
  await page.getByTestId('drone-model-save').click();
  await expect(page).toHaveURL(/\/backoffice\/dronemodels$/);
  await expect(page.getByTestId('drone-model-table')).toContainText('E2E Mini 4 Pro');

  await page.goto('/backoffice/machines/add');
  const machineForm = page.getByTestId('machine-form');
  await machineForm.locator('input[name="internalName"]').fill('E2E inspection drone');
  await machineForm.locator('input[name="serialNumber"]').fill('SN-E2E-1');
  await machineForm.locator('select[name="droneModelId"]').selectOption({ label: 'DJI E2E Mini 4 Pro' });
  await machineForm.locator('input[name="remoteIdentificationNumber"]').fill('1581F12345');
  await expect(machineForm.getByText(DJI_MESSAGE)).toBeVisible();
  await page.getByTestId('machine-save').click();
  await expect(page).toHaveURL(/\/backoffice\/machines\/add$/);
  await expect(machineForm.getByText(DJI_MESSAGE)).toBeVisible();

  await machineForm.locator('input[name="remoteIdentificationNumber"]').fill('1581F123456789012345');
  await expect(machineForm.getByText(DJI_MESSAGE)).toHaveCount(0);
  await page.getByTestId('machine-save').click();
  await expect(page).toHaveURL(/\/backoffice\/machines$/);
  await expect(page.getByTestId('machine-table')).toContainText('E2E inspection drone');

  await page.goto('/backoffice/pilots/add');
  const pilotForm = page.getByTestId('pilot-form');
  await pilotForm.locator('input[name="firstName"]').fill('Camille');
  await pilotForm.locator('input[name="lastName"]').fill('E2e-Martin');
  await pilotForm.locator('input[name="email"]').fill('camille.e2e@operator.test');
  await pilotForm.locator('select[name="supervisionLevel"]').selectOption('2');
  await page.getByTestId('pilot-save').click();
  await expect(page).toHaveURL(/\/backoffice\/pilots$/);
  await expect(page.getByTestId('pilot-table')).toContainText('E2e-Martin');
});
