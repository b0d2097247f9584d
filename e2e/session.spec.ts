import { expect, test, type Page, type Route } from '@playwright/test';
import { DEMO, signInThroughForm } from './support';

/**
 * Rewrites the real server's login answer so the session expires `seconds` from now; answers the token it carried.
 * `refreshesToo` does the same to refresh answers, so that the calls a screen makes cannot extend the session.
 */
async function shortenSessions(page: Page, seconds: number, refreshesToo = false) {
  const tokens: string[] = [];
  const shorten = async (route: Route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { token: string };
    tokens.push(body.token);
    await route.fulfill({ response, json: { ...body, expiredAt: Math.floor(Date.now() / 1000) + seconds } });
  };
  await page.route('**/api/security/login', shorten);
  if (refreshesToo) await page.route('**/api/security/gjrt', shorten);
  return tokens;
}

test('the session ends by itself at its expiry and the login page says so', async ({ page }) => {
  await shortenSessions(page, 6, true);
  await signInThroughForm(page, DEMO.operator);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId('session-expired')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a request made less than 30 minutes before expiry refreshes the token first', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) calls.push(path);
  });
  const tokens = await shortenSessions(page, 20 * 60);
  await signInThroughForm(page, DEMO.operator);
  // A reload while the home screen's refresh is in flight would drop the rotated refresh token the server just issued.
  await page.waitForLoadState('networkidle');
  await page.goto('/backoffice/account');
  await expect(page.getByTestId('account-email')).toHaveText(DEMO.operator);

  // After the login, the first call that needs the session (the home screen's or the account's) is preceded by a refresh.
  const afterLogin = calls.slice(calls.indexOf('/api/security/login') + 1);
  const firstAuthenticated = afterLogin.findIndex((path) => path !== '/api/status' && path !== '/api/security/gjrt');
  expect(afterLogin.indexOf('/api/security/gjrt')).toBeGreaterThanOrEqual(0);
  expect(afterLogin.indexOf('/api/security/gjrt')).toBeLessThan(firstAuthenticated);
  const newToken = await page.evaluate(() => localStorage.getItem('token'));
  expect(newToken).not.toBe(tokens[0]);
  const expiry = Number(await page.evaluate(() => localStorage.getItem('expiry')));
  expect(expiry - Date.now()).toBeGreaterThan(60 * 60 * 1000);
});
