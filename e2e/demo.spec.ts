import { expect, test } from '@playwright/test';
import { DEMO, drawSquare, quietMap, signIn } from './support';

/** The first visit to a fresh demo (README "What to try"): nothing to set up, no administrator to wait for. */

test('a new user prepares and saves a mission with the demo operator, then finds a request to decide as the manager', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The agreement is validated and reachable from My account.
  await signIn(page, DEMO.operator, { to: '/backoffice/account' });
  await page.getByTestId('link-my-agreement').click();
  await expect(page).toHaveURL(/\/backoffice\/myagreement$/);
  await expect(page.getByTestId('agreement-status')).toHaveAttribute('data-status', 'validated');

  // The missions list shows the story's states.
  await page.goto('/backoffice/preflights');
  for (const title of ['Roof inspection (draft)', 'Orchard survey', 'Campus photogrammetry', 'Field mapping'])
    await expect(page.getByText(title).first()).toBeVisible();

  // A mission on the plateau of Saclay with the seeded pilot and machine, saved at once.
  await page.goto('/backoffice/preflights/add#14/48.715/2.19');
  await quietMap(page);
  await drawSquare(page, 120);
  await expect(page.getByTestId('mission-area-issue')).toHaveCount(0);
  await page.getByTestId('mission-title').fill('My first demo flight');
  await page.getByTestId('mission-pilot').selectOption({ label: 'Pierre Durand' });
  await page.getByTestId('mission-machine').selectOption({ label: 'Mapper 1 (SN-MAP-0001)' });
  await page.getByTestId('mission-height-m').fill('50');
  await page.getByTestId('mission-save').click();
  await expect(page.getByTestId('mission-saved')).toBeVisible();
  await expect(page).toHaveURL(/\/preflights\/edit\/[0-9a-f-]+$/);

  // The manager finds the waiting request and may decide it.
  const context = await browser.newContext();
  const manager = await context.newPage();
  await signIn(manager, DEMO.manager, { to: '/backoffice/procedures' });
  const waiting = manager.getByTestId('request-row').filter({ hasText: 'Campus photogrammetry' });
  await expect(waiting).toHaveCount(1);
  await waiting.getByRole('link').first().click();
  await expect(manager.getByTestId('action-accept')).toBeVisible();
  await expect(manager.getByTestId('action-reject')).toBeVisible();
  await context.close();
});
