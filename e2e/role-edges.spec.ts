import { expect, test } from '@playwright/test';
import { DEMO, signInInEnglish, validatedMission } from './support';

// The edges between roles found by the walks of issue 27: what one role sees of another's records.

test("the supervised pilot's own account, the screens closed to him and his referent pilot list, in English then French", async ({
  page,
}) => {
  await signInInEnglish(page, DEMO.pilot);
  await page.getByTestId('menu-account').click();
  const own = page.getByTestId('own-pilot-account');
  await expect(own.getByRole('heading', { level: 1 })).toHaveText('My account');
  await expect(page.getByTestId('own-pilot-documents')).toContainText('FRA-RP-DEMO-0001');
  await expect(page.getByTestId('error-toast')).toHaveCount(0);
  await expect(page.getByTestId('menu-pilots')).toHaveCount(0);
  const ownAccount = page.url();

  await page.goto('/backoffice/account');
  await expect(page).toHaveURL(/\/backoffice\/dashboard$/);
  await page.goto('/backoffice/preflights/add');
  // The editor's chunk and map load first: slow on a busy machine.
  await expect(page.getByTestId('mission-pilot')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('mission-pilot').locator('option', { hasText: 'Paula Pilot' })).toHaveCount(1);

  await page.getByTestId('language-fr').click();
  await page.goto(ownAccount);
  await expect(own.getByRole('heading', { level: 1 })).toHaveText('Mon compte');
  await expect(page.getByTestId('own-pilot-level')).toHaveText('Basique');
  await page.getByTestId('language-en').click();
});

test("an administrator opening an operator's mission sees its referent pilot and main machine, in English then French", async ({
  page,
  request,
}) => {
  const tag = `adm${Date.now().toString(36)}`;
  const { missionId } = await validatedMission(request, tag, `Viewed ${tag}`);
  await signInInEnglish(page, DEMO.admin);
  await page.goto(`/backoffice/preflights/edit/${missionId}`);

  const selected = (testId: string) => () =>
    page.getByTestId(testId).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text);
  // The editor's chunk and map load first: slow on a busy machine.
  await expect(page.getByTestId('mission-pilot')).toBeVisible({ timeout: 30_000 });
  await expect.poll(selected('mission-pilot')).toBe(`Romain Remote ${tag}`);
  await expect.poll(selected('mission-machine')).toBe(`Survey ${tag} (SN-${tag})`);
  await expect(page.getByTestId('error-toast')).toHaveCount(0);

  await page.getByTestId('language-fr').click();
  await expect(page.getByText('Pilote référent')).toBeVisible();
  await expect.poll(selected('mission-pilot')).toBe(`Romain Remote ${tag}`);
  await page.getByTestId('language-en').click();
});
