import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, mapReady, signIn, validatedMission } from './support';

/**
 * axe-core with every rule it has (WCAG 2.x A and AA, best practices, and the rules it still calls experimental, such as
 * WCAG 2.5.3 "Label in Name") on every main screen of each role of the demo, failing on any serious or critical
 * violation. The map's canvas is drawn by WebGL and has no text to check; everything around it is checked.
 */

/** axe-core's rules that are off unless asked for (`axe.getRules()` tagged `experimental`, axe-core 4.13). */
const EXPERIMENTAL_RULES = [
  'css-orientation-lock',
  'focus-order-semantics',
  'hidden-content',
  'label-content-name-mismatch',
  'p-as-heading',
  'table-fake-caption',
  'td-has-header',
];

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
  await check(page, role, `${screen} (${url})`, findings);
}

/** axe-core on the page as it is now, its serious and critical violations added to `findings`. */
async function check(page: Page, role: Role, screen: string, findings: Finding[]) {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(EXPERIMENTAL_RULES.map((rule) => [rule, { enabled: true }])) })
    .exclude('.maplibregl-canvas')
    .analyze();
  for (const violation of violations)
    if (violation.impact === 'serious' || violation.impact === 'critical')
      findings.push({
        screen: `${role} ${screen}`,
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
  // In French, and with what opens over a screen: the zone popup, a confirmation, the go/no-go panel, the flight under
  // way, the decision dialog.
  const submittedId = await firstId(request, DEMO.manager, '/api/procedures?status=submitted');
  const { missionId: flownId } = await validatedMission(request, `a11y-${Date.now()}`, 'Accessibility flight', { startInMs: 60_000 });
  const operatorContext = await browser.newContext();
  const operatorPage = await operatorContext.newPage();
  const operatorPending = pendingRequests(operatorPage);
  await signIn(operatorPage, DEMO.operator, { lang: 'fr' });
  for (const [screen, url] of [
    ['dashboard', '/backoffice/dashboard'],
    ['preflights list', '/backoffice/preflights'],
    ['live map', '/backoffice/live'],
  ])
    await audit(operatorPage, 'operator', `${screen} in French`, url, findings, operatorPending);
  // Melun-Villaroche's CTR covers the centre of the view: a click there opens its zone popup.
  await audit(operatorPage, 'operator', 'new mission in French', '/backoffice/preflights/add', findings, operatorPending);
  await operatorPage.goto('/backoffice/preflights/add#13/48.605/2.67');
  await mapReady(operatorPage);
  await expect.poll(() => operatorPage.getByTestId('map').getAttribute('data-visible-layers')).toContain('geozones-fill');
  const box = (await operatorPage.getByTestId('map').boundingBox())!;
  await operatorPage.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(operatorPage.getByTestId('zone-popup')).toBeVisible();
  await check(operatorPage, 'operator', 'zone popup in French', findings);
  await operatorPage.goto(`/backoffice/preflights/edit/${flownId}`);
  await mapReady(operatorPage);
  await operatorPage.getByTestId('mission-tab-administration').click();
  await operatorPage.getByTestId('action-archive').click();
  await expect(operatorPage.getByTestId('confirm-yes')).toBeVisible();
  await check(operatorPage, 'operator', 'archive confirmation in French', findings);
  await operatorPage.keyboard.press('Escape');
  await expect(operatorPage.getByTestId('confirm-yes')).toBeHidden();
  await operatorPage.getByTestId('flight-takeOff').click();
  await expect(operatorPage.getByTestId('takeoff-check')).toHaveAttribute('data-state', /go|warning/);
  await check(operatorPage, 'operator', 'go/no-go panel in French', findings);
  await operatorPage.getByTestId('takeoff-check-confirm').click();
  await expect(operatorPage.getByTestId('flight-land')).toBeVisible();
  await check(operatorPage, 'operator', 'flight under way in French', findings);
  const landed = await request.post('/api/preflights/landing', {
    headers: await tokenOf(request, DEMO.operator),
    data: { preFlightId: flownId },
  });
  expect(landed.ok(), await landed.text()).toBe(true);
  await operatorContext.close();

  const managerContext = await browser.newContext();
  const managerPage = await managerContext.newPage();
  const managerPending = pendingRequests(managerPage);
  await signIn(managerPage, DEMO.manager, { lang: 'fr' });
  await audit(managerPage, 'manager', 'procedure detail in French', `/backoffice/procedure/edit/${submittedId}`, findings, managerPending);
  await managerPage.getByTestId('action-accept').click();
  await expect(managerPage.getByTestId('decision-dialog')).toBeVisible();
  await check(managerPage, 'manager', 'decision dialog in French', findings);
  await managerPage.keyboard.press('Escape');
  await expect(managerPage.getByTestId('decision-dialog')).toBeHidden();
  await managerContext.close();
  // The demo accounts are given back in English, as the other specs of the share expect them.
  for (const email of [DEMO.operator, DEMO.manager]) {
    const english = await request.patch('/api/account', { headers: await tokenOf(request, email), data: { lang: 'en' } });
    expect(english.ok(), await english.text()).toBe(true);
  }

  const publicContext = await browser.newContext();
  const publicPage = await publicContext.newPage();
  const publicPending = pendingRequests(publicPage);
  await audit(publicPage, 'operator', 'login (signed out)', '/login', findings, publicPending);
  await audit(publicPage, 'operator', 'signup (signed out)', '/signup', findings, publicPending);
  await publicContext.close();

  expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
});
