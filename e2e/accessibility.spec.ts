import { expect, test } from '@playwright/test';
import { audit, firstId, pendingRequests, supervisionOf, type Finding, type Role } from './accessibility-support';
import { DEMO, signIn } from './support';

/**
 * Every main screen of each role of the demo, in English, and the signed-out screens, through axe-core with every rule
 * it has (e2e/accessibility-support.ts). The French screens and what opens over a screen are
 * accessibility-french.spec.ts, in the other share of the suite (playwright.config.ts).
 */
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
