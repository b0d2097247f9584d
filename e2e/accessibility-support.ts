import axe from 'axe-core';
import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { type DEMO, DEMO_PASSWORD, mapReady } from './support';

/**
 * The accessibility audit's tools (accessibility.spec.ts, accessibility-french.spec.ts): axe-core with every rule it
 * has (WCAG 2.x A and AA, best practices, and the rules it still calls experimental, such as WCAG 2.5.3 "Label in
 * Name") on every main screen of each role of the demo, failing on any serious or critical violation. The map's
 * canvas is drawn by WebGL and has no text to check; everything around it is checked.
 */

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

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

export type Role = keyof typeof DEMO;

/** Screens holding a live stream (Server-Sent Events) open. */
const STREAMING = new Set(['/backoffice/live']);

export async function tokenOf(request: APIRequestContext, email: string) {
  const login = await request.post('/api/security/login', { data: { email, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** The pilot record a supervised account signs in for: its own account page is that pilot's. */
export async function supervisionOf(request: APIRequestContext, email: string) {
  const login = await request.post('/api/security/login', { data: { email, password: DEMO_PASSWORD } });
  return ((await login.json()) as { supervision: string }).supervision;
}

export async function firstId(request: APIRequestContext, email: string, url: string) {
  const response = await request.get(url, { headers: await tokenOf(request, email) });
  return ((await response.json()) as { items: { id: string }[] }).items[0]!.id;
}

export interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/**
 * Requests of the page not yet answered, with when each was sent. Event streams are not counted: a live stream is
 * never answered in full (screens holding one are awaited otherwise), nor are the violation notices every page of a
 * manager or an administrator keeps open.
 */
export function pendingRequests(page: Page) {
  const pending = new Map<Request, number>();
  page.on('request', (request) => {
    if (request.headers()['accept'] !== 'text/event-stream') pending.set(request, Date.now());
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return pending;
}

/**
 * A request still pending this long no longer holds the wait. One CI run's audit waited its whole limit on the
 * manager's dashboard, drawn in full: some request of an earlier screen was never reported finished or failed (the
 * live map's stream, aborted on leaving the screen, was seen still pending seconds later). A screen still loading its
 * own data shows a loader, which `audit` waits for next.
 */
const ORPHANED_MS = 20_000;

/** Resolves once no request of the page has been pending for `quietMs`: the screen's data and lazy chunks are in. */
async function networkQuiet(pending: Map<Request, number>, quietMs = 500) {
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = Date.now();
    if ([...pending.values()].some((sentAt) => now - sentAt < ORPHANED_MS)) quietSince = now;
  }
}

/**
 * Opens `url` as a user moves through the application: the first screen of a session by loading the page, the next
 * ones by the router (a history entry, as a link does), so the application is not started again for each screen.
 */
export async function audit(page: Page, role: Role, screen: string, url: string, findings: Finding[], pending: Map<Request, number>) {
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

/**
 * axe-core on the page as it is now, its serious and critical violations added to `findings`. axe is put into a
 * document once (the screens after a session's first are reached by the router, in the same document) and run there,
 * only its violations sent back: the audit of a screen opens no second page, as `@axe-core/playwright` does to gather
 * the results of every frame, and moves none of the passing checks (docs/performance.md, "Test suite time").
 */
export async function check(page: Page, role: Role, screen: string, findings: Finding[]) {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (experimental) => {
    const results = await window.axe!.run(
      { exclude: ['.maplibregl-canvas'] },
      { rules: Object.fromEntries(experimental.map((rule) => [rule, { enabled: true }])), resultTypes: ['violations'] },
    );
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.slice(0, 5).map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
    }));
  }, EXPERIMENTAL_RULES);
  for (const violation of violations)
    if (violation.impact === 'serious' || violation.impact === 'critical')
      findings.push({
        screen: `${role} ${screen}`,
        rule: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes,
      });
}
