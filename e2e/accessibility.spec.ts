import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, mapReady, signIn } from './support';

/**
 * axe-core (WCAG 2.1 A and AA rules) on every main screen of each role of the demo, failing on any serious or
 * critical violation. The map's canvas is drawn by WebGL and has no text to check; everything around it is checked.
 */

type Role = keyof typeof DEMO;

/** Screens holding a live stream (Server-Sent Events) open. */
const STREAMING = new Set(['/backoffice/live']);

async function tokenOf(request: APIRequestContext, email: string) {
  const login = await request.post('/api/security/login', { data: { email, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** The pilot record a supervised account signs in for: its own account page is that pilot's. */
async function supervisionOf(request: APIRequestContext, email: string) {
  const login = await request.post('/api/security/login', { data: { email, password: DEMO_PASSWORD } });
  return ((await login.json()) as { supervision: string }).supervision;
}

async function firstId(request: APIRequestContext, email: string, url: string) {
  const response = await request.get(url, { headers: await tokenOf(request, email) });
  return ((await response.json()) as { items: { id: string }[] }).items[0]!.id;
}

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/**
 * Requests of the page not yet answered; a live stream's never is, so screens holding one are awaited otherwise, and
 * the violation notices every page of a manager or an administrator keeps open are not counted.
 */
function pendingRequests(page: Page) {
  const pending = new Set<Request>();
  page.on('request', (request) => {
    if (!request.url().includes('/api/violations/notices')) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return pending;
}

/** Resolves once no request of the page has been pending for `quietMs`: the screen's data and lazy chunks are in. */
async function networkQuiet(pending: Set<Request>, quietMs = 500) {
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (pending.size > 0) quietSince = Date.now();
  }
}

/**
 * Opens `url` as a user moves through the application: the first screen of a session by loading the page, the next
 * ones by the router (a history entry, as a link does), so the application is not started again for each screen.
 */
async function audit(page: Page, role: Role, screen: string, url: string, findings: Finding[], pending: Set<Request>) {
  if (page.url() === 'about:blank') await page.goto(url);
  else
    await page.evaluate((target) => {
      // A map drawn on an earlier screen must not stand for this screen's.
      window.__mapState = undefined;
      window.history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, url);
  // A map screen may write its view into the address's hash as soon as it is drawn.
  await expect(page).toHaveURL((address) => address.pathname + address.search === url);
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  // The screen's data, lazy chunks and fonts are in before the check. The live map's stream never lets the network
  // go quiet: its map drawn says it is in.
  if (STREAMING.has(url)) await mapReady(page);
  else await networkQuiet(pending);
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('.maplibregl-canvas')
    .analyze();
  for (const violation of violations)
    if (violation.impact === 'serious' || violation.impact === 'critical')
      findings.push({
        screen: `${role} ${screen} (${url})`,
        rule: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
      });
}

test('every main screen of every role has no serious or critical accessibility violation', async ({ browser, request }) => {
  test.setTimeout(600_000);
  const missionId = await firstId(request, DEMO.operator, '/api/preflights?limit=1');
  const requestId = await firstId(request, DEMO.manager, '/api/procedures?limit=1');
  const supervisedPilotId = await supervisionOf(request, DEMO.pilot);
  const screens: Record<Role, [string, string][]> = {
    operator: [
      ['dashboard', '/backoffice/dashboard'],
      ['preflights list', '/backoffice/preflights'],
      ['mission editor', `/backoffice/preflights/edit/${missionId}`],
      ['new mission', '/backoffice/preflights/add'],
      ['procedures list', '/backoffice/procedures'],
      ['pilots', '/backoffice/pilots'],
      ['pilot form', '/backoffice/pilots/add'],
      ['machines', '/backoffice/machines'],
      ['machine form', '/backoffice/machines/add'],
      ['drone models', '/backoffice/dronemodels'],
      ['documents', '/backoffice/documents'],
      ['account', '/backoffice/account'],
      ['my agreement', '/backoffice/myagreement'],
      ['live map', '/backoffice/live'],
      ['flight report', `/backoffice/postflights/${missionId}`],
      ['logbook', '/backoffice/logbook'],
      ['replay', '/backoffice/replay'],
    ],
    // The demo pilot is supervised: his account is his pilot record, read only (/backoffice/account is closed to him).
    pilot: [
      ['dashboard', '/backoffice/dashboard'],
      ['preflights list', '/backoffice/preflights'],
      ['account', `/backoffice/pilots/edit/${supervisedPilotId}`],
    ],
    manager: [
      ['procedures list', '/backoffice/procedures'],
      ['procedure detail', `/backoffice/procedure/edit/${requestId}`],
      ['automations', '/backoffice/procedureautomations'],
      ['classifications', '/backoffice/procedureclassifications'],
      ['my airspace', '/backoffice/airspace'],
      ['dashboard', '/backoffice/dashboard'],
      ['account', '/backoffice/account'],
    ],
    admin: [
      ['dashboard', '/backoffice/dashboard'],
      ['users', '/backoffice/users'],
      ['groups', '/backoffice/groups'],
      ['airspaces', '/backoffice/airspaces'],
      ['alerts', '/backoffice/alerts'],
      ['violations', '/backoffice/violations'],
      ['trackers', '/backoffice/trackers'],
      ['documents', '/backoffice/documents'],
      ['drone models', '/backoffice/dronemodels'],
      ['validation of attachments', '/backoffice/validateattachements'],
      ['outbox', '/backoffice/outbox'],
      ['preflights list', '/backoffice/preflights'],
      ['account', '/backoffice/account'],
      ['live map', '/backoffice/live'],
      ['replay', '/backoffice/replay'],
    ],
    newcomer: [['my agreement', '/backoffice/myagreement']],
  };
  const findings: Finding[] = [];
  for (const [role, list] of Object.entries(screens) as [Role, [string, string][]][]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const pending = pendingRequests(page);
    await signIn(page, DEMO[role]);
    for (const [screen, url] of list) await audit(page, role, screen, url, findings, pending);
    await context.close();
  }
  const publicContext = await browser.newContext();
  const publicPage = await publicContext.newPage();
  const publicPending = pendingRequests(publicPage);
  await audit(publicPage, 'operator', 'login (signed out)', '/login', findings, publicPending);
  await audit(publicPage, 'operator', 'signup (signed out)', '/signup', findings, publicPending);
  await publicContext.close();

  expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
});
