import { expect, test } from '@playwright/test';
import { DEMO, signIn, visibleTestIds } from './support';

// Spec shell §2 tab rules and §6 rights, for each seeded demo profile. Every demo e-mail is on the
// devices domain (DEVICES_EMAIL_DOMAIN=aerogate.demo), so each sees "Devices".
const expected = {
  admin: {
    tabs: ['dashboard', 'live', 'preflights', 'replay'],
    menu: [
      'account',
      'airspaces',
      'alerts',
      'dashboard',
      'devices',
      'documents',
      'droneModels',
      'groups',
      'live',
      'logbook',
      'outbox',
      'preflights',
      'replay',
      'trackers',
      'userMachines',
      'userPayments',
      'userPilots',
      'users',
      'validateAttachments',
      'violations',
      'whitelist',
    ],
  },
  operator: {
    tabs: ['dashboard', 'live', 'preflights', 'replay'],
    menu: [
      'account',
      'dashboard',
      'devices',
      'documents',
      'droneModels',
      'live',
      'logbook',
      'machines',
      'payments',
      'pilots',
      'preflights',
      'replay',
      'violations',
    ],
  },
  pilot: {
    tabs: ['dashboard', 'live', 'preflights', 'replay'],
    menu: [
      'account',
      'dashboard',
      'devices',
      'documents',
      'droneModels',
      'live',
      'logbook',
      'machines',
      'preflights',
      'replay',
      'violations',
    ],
  },
  manager: {
    tabs: ['dashboard', 'live', 'procedures'],
    menu: [
      'account',
      'automations',
      'classifications',
      'dashboard',
      'devices',
      'documents',
      'droneModels',
      'live',
      'myAirspace',
      'procedures',
      'violations',
    ],
  },
} as const;

for (const profile of Object.keys(expected) as (keyof typeof expected)[]) {
  test(`the ${profile} sees exactly the tabs and menu entries its rights allow`, async ({ page }) => {
    // The manager lands on the full-width requests screen, which has no side menu (spec §2 layouts).
    await signIn(page, DEMO[profile], { to: '/backoffice/dashboard' });
    await expect(page.getByTestId('side-menu')).toBeVisible();
    // Read until they hold: the devices entry waits for the server's status (its devices' e-mail domain).
    await expect.poll(() => visibleTestIds(page, 'tab-', 'feature-tabs')).toEqual([...expected[profile].tabs]);
    await expect.poll(() => visibleTestIds(page, 'menu-', 'side-menu')).toEqual([...expected[profile].menu]);
  });
}

test('a back-office deep link without a session goes to the login page, and / follows the stored homepage', async ({ page }) => {
  await page.goto('/backoffice/users');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, DEMO.manager, { to: '/' });
  await expect(page).toHaveURL(/\/backoffice\/procedures$/);
});

test('a right the user lacks is refused by the server, whatever the screen shows', async ({ page, request }) => {
  await signIn(page, DEMO.operator, { to: null });
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await request.get('/api/users', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(403);
  expect((await response.json()).code).toBe('NOT_ALLOWED');
});
