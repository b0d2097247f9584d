import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Aerogate-Demo-1!';

export const DEMO = {
  admin: 'admin@aerogate.demo',
  operator: 'operator@aerogate.demo',
  pilot: 'pilot@aerogate.demo',
  manager: 'manager@aerogate.demo',
} as const;

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  // By field name, so signing in works whatever the interface language is.
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/backoffice\//);
}

/** The newest outbox e-mail to `recipient`, read through the API as the demo admin. */
export async function latestEmailTo(request: APIRequestContext, recipient: string) {
  const login = await request.post('/api/security/login', { data: { email: DEMO.admin, password: DEMO_PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const response = await request.get(`/api/outbox?channel=email&recipient=${encodeURIComponent(recipient)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { items } = (await response.json()) as { items: { text: string; subject: string }[] };
  return items[0];
}

export async function visibleTestIds(page: Page, prefix: string, container: string) {
  const ids = await page
    .getByTestId(container)
    .locator(`[data-testid^="${prefix}"]`)
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.slice(prefix.length)).sort();
}
