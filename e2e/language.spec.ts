import { expect, test } from '@playwright/test';
import { DEMO, signIn, signInThroughForm } from './support';

test('switching to French translates the shell and is kept on the account for the next sign-in', async ({ page }) => {
  await signIn(page, DEMO.pilot);
  await expect(page.getByTestId('tab-live')).toHaveText('Map');
  await page.getByTestId('language-fr').click();
  await expect(page.getByTestId('tab-live')).toHaveText('Carte');
  await expect(page.getByTestId('menu-dashboard')).toContainText('Tableau de bord');

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughForm(page, DEMO.pilot);
  await expect(page.getByTestId('tab-live')).toHaveText('Carte');

  await page.getByTestId('language-en').click();
  await expect(page.getByTestId('tab-live')).toHaveText('Map');
});

test('a failed sign-in shows the server error translated in the chosen language', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('language-fr').click();
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(DEMO.manager);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('wrong-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('E-mail ou mot de passe invalide')).toBeVisible();
});
