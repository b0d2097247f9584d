import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './support';

/** Rewrites the real server's login answer so the session expires `seconds` from now. */
async function shortenSessions(page: Page, seconds: number) {
  await page.route('**/api/security/login', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, expiredAt: Math.floor(Date.now() / 1000) + seconds } });
  });
}

test('the session ends by itself at its expiry and the login page says so', async ({ page }) => {
  await shortenSessions(page, 6);
  await signIn(page, DEMO.operator);
  await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
  await expect(page.getByTestId('session-expired')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a request made less than 30 minutes before expiry refreshes the token first', async ({ page }) => {
  await shortenSessions(page, 20 * 60);
  await signIn(page, DEMO.operator);
  const oldToken = await page.evaluate(() => localStorage.getItem('token'));

  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) calls.push(path);
  });
  await page.goto('/backoffice/account');
  await expect(page.getByTestId('account-email')).toHaveText(DEMO.operator);

  expect(calls.indexOf('/api/security/gjrt')).toBeGreaterThanOrEqual(0);
  expect(calls.indexOf('/api/security/gjrt')).toBeLessThan(calls.indexOf('/api/account'));
  const newToken = await page.evaluate(() => localStorage.getItem('token'));
  expect(newToken).not.toBe(oldToken);
  const expiry = Number(await page.evaluate(() => localStorage.getItem('expiry')));
  expect(expiry - Date.now()).toBeGreaterThan(60 * 60 * 1000);
});
