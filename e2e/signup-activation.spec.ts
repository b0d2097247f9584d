import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support';

test('a new operator signs up, follows the activation link from the outbox, and signs in', async ({ page }) => {
  const email = `e2e-${Date.now()}@example.com`;
  const password = 'Flight-Plan-2026!';

  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Eva');
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Tester');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Confirm the e-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm the password', exact: true }).fill(password);
  await page.getByTestId('signup-legal-notice').check();
  await page.getByTestId('signup-submit').click();
  await expect(page.getByTestId('signup-success')).toBeVisible();

  // The administrator reads the activation e-mail in the back-office outbox.
  const admin = await page.context().browser()!.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, DEMO.admin, { to: '/backoffice/outbox' });
  await adminPage.getByTestId('outbox-recipient').fill(email);
  const row = adminPage.getByTestId('outbox-row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByTestId('outbox-open').click();
  const link = adminPage.getByTestId('outbox-message').getByRole('link', { name: /activate-account/ });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/\/activate-account\/[\w-]+$/);
  await admin.close();

  await page.goto(new URL(href!).pathname);
  await expect(page.getByTestId('activation-success')).toBeVisible();

  await signIn(page, email, { password });
  await expect(page).toHaveURL(/\/backoffice\/dashboard$/);
  await expect(page.getByTestId('user-name')).toHaveText('Eva Tester');
});

test('an unknown activation token is refused with the translated message', async ({ page }) => {
  await page.goto('/activate-account/not-a-real-token');
  await expect(page.getByTestId('activation-failure')).toContainText('Unable to activate the account');
});
