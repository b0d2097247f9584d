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

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the top bar, the missions list and the mission screen fit the width; a validated mission offers no drawing, in English then French', async ({
    page,
    request,
  }) => {
    const tag = `phn${Date.now().toString(36)}`;
    const { missionId } = await validatedMission(request, tag, `Phone ${tag}`);
    /** Nothing of the page reaches past the screen's right edge, and the page does not scroll sideways. */
    const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    const rightEdge = async (testId: string) => {
      const box = (await page.getByTestId(testId).boundingBox())!;
      return box.x + box.width;
    };

    await signInInEnglish(page, DEMO.operator, '/backoffice/preflights');
    for (const [lang, tab] of [
      ['en', 'Pre-flight'],
      ['fr', 'Pré-vol'],
    ] as const) {
      if (lang === 'fr') await page.getByTestId('language-fr').click();
      await expect(page.getByTestId('feature-tabs-compact')).toHaveAccessibleName(tab);
      expect(await rightEdge('feature-tabs-compact')).toBeLessThanOrEqual(390);
      await expect(page.getByTestId('mission-row').first()).toBeVisible();
      expect(await fitsWidth()).toBe(true);

      await page.goto(`/backoffice/preflights/edit/${missionId}`);
      // The editor's chunk and map load first: slow on a busy machine.
      await expect(page.getByTestId('mission-draw')).toBeVisible({ timeout: 30_000 });
      for (const id of ['draw-polygon', 'draw-clear', 'mission-import', 'mission-type-area'])
        await expect(page.getByTestId(id)).toHaveCount(0);
      await expect(page.getByTestId('mission-export-kml')).toBeVisible();
      // All ten tabs are on screen, none cut or scrolled out of their strip.
      const tabs = page.getByTestId('mission-tabs').getByRole('tab');
      await expect(tabs).toHaveCount(10);
      for (const each of await tabs.all()) {
        const box = (await each.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      expect(await fitsWidth()).toBe(true);
      await page.screenshot({ path: `reports/e2e-artifacts/phone-mission-${lang}.png` });
      await page.goto('/backoffice/preflights');
    }
    await page.getByTestId('language-en').click();
  });
});
