import { expect, test } from '@playwright/test';
import { audit, check, firstId, pendingRequests, tokenOf, type Finding } from './accessibility-support';
import { DEMO, mapReady, signIn, validatedMission } from './support';

/**
 * The audit of accessibility.spec.ts in French, and with what opens over a screen: the zone popup, a confirmation, the
 * go/no-go panel, the flight under way, the decision dialog (axe-core with every rule it has, e2e/accessibility-support.ts).
 */
test('the French screens and what opens over them have no serious or critical accessibility violation', async ({ browser, request }) => {
  test.setTimeout(600_000);
  const findings: Finding[] = [];
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

  expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
});
