import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { allowOperatorMissions, DEMO, DEMO_PASSWORD, signIn, signInInEnglish, tokenOf as bearerOf } from './support';

const DAY = 86_400_000;
/** Agreement statuses under which the operator may create missions (docs/missions.md). */
const MISSION_AGREEMENTS = ['validated', 'updated', 'nearlyExpired', 'renewValidation', 'noNeedAgreement'];

async function tokenOf(request: APIRequestContext, email: string) {
  const login = await request.post('/api/security/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** A square mission area inside LFPS-DEMO (lon 2.10–2.25, lat 48.68–48.75). */
const areaAt = (lon: number, lat: number) => ({
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [lon, lat],
        [lon + 0.005, lat],
        [lon + 0.005, lat + 0.005],
        [lon, lat + 0.005],
        [lon, lat],
      ],
    ],
  ],
});

/**
 * The demo operator's agreement is exempted by the administrator (missions need an agreement allowing them), then the
 * operator registers a pilot and a machine and prepares complete missions inside the demo airspace through the API.
 */
async function prepareMissions(request: APIRequestContext, missions: { title: string; maxHeightM: number }[]) {
  const admin = await tokenOf(request, DEMO.admin);
  const users = await request.get(`/api/users?search=${encodeURIComponent(DEMO.operator)}`, { headers: admin });
  const operatorId = ((await users.json()) as { items: { id: string }[] }).items[0]!.id;
  // Another spec of the run may already have settled the demo operator's agreement.
  const agreement = await request.get(`/api/agreements/${operatorId}`, { headers: admin });
  const { status } = (await agreement.json()) as { status: string };
  if (!MISSION_AGREEMENTS.includes(status))
    expect((await request.post(`/api/agreements/${operatorId}/exempt`, { headers: admin })).ok()).toBe(true);

  const operator = await tokenOf(request, DEMO.operator);
  const pilot = await request.post('/api/pilots', {
    headers: operator,
    data: { firstName: 'Rémi', lastName: 'Requests', email: 'remi.requests@operator.test' },
  });
  const machine = await request.post('/api/machines', {
    headers: operator,
    data: { internalName: 'Requests drone', serialNumber: 'SN-REQ-1' },
  });
  const start = new Date(Date.now() + 10 * DAY);
  start.setUTCHours(8, 0, 0, 0);
  const ids: string[] = [];
  for (const [index, { title, maxHeightM }] of missions.entries()) {
    const mission = await request.post('/api/preflights', {
      headers: operator,
      data: {
        title,
        referentPilotId: ((await pilot.json()) as { id: string }).id,
        mainMachineId: ((await machine.json()) as { id: string }).id,
        maxHeightM,
        areas: areaAt(2.12 + index * 0.02, 48.7),
        startAt: start.toISOString(),
        endAt: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      },
    });
    expect(mission.status(), await mission.text()).toBe(201);
    ids.push(((await mission.json()) as { id: string }).id);
  }
  return { ids, operator };
}

/** The browsers `signedInPage` opened in this test: closed after it, as the test's own page is. */
const openedContexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(openedContexts.splice(0).map((context) => context.close()));
});

/**
 * A browser signed in as `email`, in English (another spec of the run may have switched the account to French), its
 * first screen left to the caller.
 */
async function signedInPage(browser: Browser, email: string) {
  const context = await browser.newContext();
  openedContexts.push(context);
  const page = await context.newPage();
  await signInInEnglish(page, email, null);
  return page;
}

/** The operator files the mission to LFPS-DEMO after accepting its general conditions; answers the reference. */
async function fileToDemoAirspace(page: Page, missionId: string, firstMessage: string, conditions: string) {
  await page.goto(`/backoffice/procedures?missionId=${missionId}`);
  const airspace = page.getByTestId('touched-airspace').filter({ hasText: 'LFPS-DEMO' });
  await airspace.getByTestId('file-request').click();
  const dialog = page.getByTestId('file-dialog');
  // The airspace's current general conditions (another spec of the run may have had the manager change them).
  await expect(dialog.getByTestId('general-conditions')).toContainText(conditions);
  await expect(dialog.getByTestId('file-submit')).toBeDisabled();
  await dialog.getByTestId('accept-conditions').check();
  await dialog.getByTestId('first-message').fill(firstMessage);
  // The SPA asks for the filing's outcome alone (docs/requests.md "Filing"); its toast names the reference.
  const filing = page.waitForResponse((response) => response.url().endsWith('/api/procedures') && response.request().method() === 'POST');
  await dialog.getByTestId('file-submit').click();
  const answer = await filing;
  expect(answer.status()).toBe(201);
  expect(answer.headers()['preference-applied']).toBe('return=minimal');
  const { referenceNumber } = (await answer.json()) as { referenceNumber: string };
  await expect(page.getByTestId('request-filed')).toContainText(referenceNumber);
  const row = page.getByTestId('mission-request-row').first();
  await expect(row).toBeVisible();
  const reference = (await row.locator('a').textContent())!.trim();
  expect(reference).toBe(referenceNumber);
  return reference;
}

/**
 * Types an instant into the date-time field labelled `label` as a user of the browser's locale would: the day in its
 * format ("12/08/2026" in en-US), then the hours and minutes of its clock, with AM or PM on a 12-hour one.
 */
async function typeMoment(scope: Locator, label: string, iso: string) {
  const { day, hours, minutes, twelveHours } = await scope.evaluate((_, value) => {
    const date = new Date(value);
    const clock = new Intl.DateTimeFormat(navigator.language, { hour: '2-digit', minute: '2-digit' }).resolvedOptions();
    return {
      day: new Intl.DateTimeFormat(navigator.language, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date),
      hours: date.getHours(),
      minutes: date.getMinutes(),
      twelveHours: clock.hour12 === true,
    };
  }, iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = twelveHours ? `${pad(hours % 12 || 12)}${pad(minutes)}${hours < 12 ? 'a' : 'p'}` : `${pad(hours)}${pad(minutes)}`;
  await scope.getByRole('textbox', { name: `${label}: day` }).pressSequentially(day);
  await scope.getByRole('spinbutton', { name: `${label}: hours` }).pressSequentially(time);
  await expect(scope.getByRole('spinbutton', { name: `${label}: minutes` })).toHaveValue(pad(minutes));
}

async function openAsManager(page: Page, reference: string) {
  await page.goto('/backoffice/procedures');
  await page.getByTestId('request-search').fill(reference);
  await expect(page.getByTestId('request-row')).toHaveCount(1);
  await page.getByTestId('request-row').getByRole('link', { name: reference }).click();
  await expect(page.getByTestId('request-reference')).toHaveText(reference);
}

test('requests auto-accepted by a rule, accepted with a reduced area the operator sees on the map, rejected with a reason after a chat; an activation filed and accepted', async ({
  browser,
  request,
}) => {
  // Three requests decided by two people in two browsers: it reached 240 s beside three other CPU-bound processes.
  test.setTimeout(360_000);
  const {
    ids: [automaticId, restrictedId, rejectedId],
    operator: operatorAuth,
  } = await prepareMissions(request, [
    { title: 'Roof inspection', maxHeightM: 40 },
    { title: 'Bridge survey', maxHeightM: 60 },
    { title: 'Campus film', maxHeightM: 60 },
  ]);
  // The manager's rule answers low flights (up to 50 m) at once.
  const touched = await request.get(`/api/procedures/airspaces?missionId=${automaticId}`, { headers: operatorAuth });
  const demoAirspace = ((await touched.json()) as { id: string; internalCode: string; generalConditions: string }[]).find(
    (a) => a.internalCode === 'LFPS-DEMO',
  )!;
  const { id: airspaceId, generalConditions } = demoAirspace;
  const rule = await request.post('/api/automation-rules', {
    headers: await tokenOf(request, DEMO.manager),
    data: {
      airspaceId,
      title: 'Low flights',
      mode: 'acceptAuto',
      range: { maxHeightM: 50 },
      impactLevels: ['low', 'medium', 'high'],
      enabled: true,
    },
  });
  expect(rule.status(), await rule.text()).toBe(201);
  const operator = await signedInPage(browser, DEMO.operator);
  const manager = await signedInPage(browser, DEMO.manager);

  // Auto-accepted by the rule as soon as it is filed.
  const automatic = await fileToDemoAirspace(operator, automaticId!, 'Roof of the library', generalConditions);
  await expect(operator.getByTestId('mission-request-row').getByTestId('request-status')).toHaveAttribute('data-status', 'autoAccepted');
  await operator.getByTestId('mission-request-row').getByRole('link', { name: automatic }).click();
  await expect(operator.getByTestId('request-decision')).toContainText('Decided by the rule "Low flights" (version 1)');

  // Accepted with a reduced area drawn by the manager.
  const restricted = await fileToDemoAirspace(operator, restrictedId!, 'Inspection of the bridge piles', generalConditions);
  await openAsManager(manager, restricted);
  await expect(manager.getByTestId('request-detail')).toHaveAttribute('data-status', 'submitted');
  // No phone typed when filing: the request carries the account's, and the SMS would go there.
  await expect(manager.getByTestId('operator-phone-info')).toContainText('+33 1 23 45 67 89');
  await manager.getByTestId('action-acceptWithRestrictions').click();
  const drawMap = manager.getByTestId('restriction-map').getByTestId('map');
  await expect(drawMap).toBeVisible();
  await manager.getByTestId('restriction-map').getByTestId('draw-polygon').click();
  const box = (await drawMap.boundingBox())!;
  const [x, y] = [box.x + box.width / 2 - 40, box.y + box.height / 2 - 40];
  for (const [dx, dy] of [
    [0, 0],
    [80, 0],
    [80, 80],
    [0, 80],
    [0, 0],
  ] as const) {
    await manager.mouse.click(x + dx, y + dy);
  }
  await expect(manager.getByTestId('restriction-area-state')).toHaveText('Reduced area drawn.');
  await manager.getByTestId('restriction-max-height').fill('40');
  await manager.getByTestId('decision-confirm').click();
  await expect(manager.getByTestId('request-detail')).toHaveAttribute('data-status', 'acceptedWithRestrictions');

  await operator.getByTestId('mission-request-row').getByRole('link', { name: restricted }).click();
  await expect(operator.getByTestId('request-detail')).toHaveAttribute('data-status', 'acceptedWithRestrictions');
  await expect(operator.getByTestId('restriction').filter({ hasText: 'reduced area' })).toBeVisible();
  await expect(operator.getByTestId('request-map')).toHaveAttribute('data-reduced-areas', '1');
  await expect
    .poll(() => operator.getByTestId('request-map').getByTestId('map').getAttribute('data-visible-layers'))
    .toContain('request-reduced-area');
  // Its mission now shows what the acceptance locks.
  await operator.goto(`/backoffice/preflights/edit/${restrictedId}`);
  await expect(operator.getByTestId('mission-fields-locked')).toBeVisible();
  await expect(operator.getByTestId('mission-machine')).toBeDisabled();
  await expect(operator.getByTestId('mission-title')).toBeEnabled();

  // Rejected with a reason after a chat exchange.
  const rejected = await fileToDemoAirspace(operator, rejectedId!, 'Filming the campus', generalConditions);
  await openAsManager(manager, rejected);
  await manager.getByTestId('chat-input').fill('Which take-off point will you use?');
  await manager.getByTestId('chat-send').click();
  await expect(manager.getByTestId('chat-message')).toHaveCount(2);

  await operator.goto(`/backoffice/procedures`);
  await operator.getByTestId('request-row').getByRole('link', { name: rejected }).click();
  await expect(operator.getByTestId('chat-message').last()).toContainText('Which take-off point');
  await operator.getByTestId('chat-input').fill('The car park north of the campus.');
  await operator.getByTestId('chat-send').click();
  await expect(operator.getByTestId('chat-message')).toHaveCount(3);

  await manager.reload();
  await expect(manager.getByTestId('chat-message').last()).toContainText('The car park');
  await manager.getByTestId('action-reject').click();
  await manager.getByTestId('decision-confirm').click();
  await expect(manager.getByTestId('decision-dialog')).toContainText('A reason is required to reject.');
  await manager.getByTestId('decision-note').fill('Filming over the campus is not allowed during exams.');
  await manager.getByTestId('decision-confirm').click();
  await expect(manager.getByTestId('request-detail')).toHaveAttribute('data-status', 'rejected');

  await operator.reload();
  await expect(operator.getByTestId('request-detail')).toHaveAttribute('data-status', 'rejected');
  await expect(operator.getByTestId('rejection-reason')).toContainText('not allowed during exams');

  // The manager asks for activations (flight slots) on every request; the operator files one for the auto-accepted
  // mission and submits it, and the manager accepts it.
  const managerAuth = await tokenOf(request, DEMO.manager);
  const mine = ((await (await request.get('/api/airspaces/mine', { headers: managerAuth })).json()) as { id: string }[])[0]!;
  const trigger = await request.put(`/api/airspaces/mine/${mine.id}`, {
    headers: managerAuth,
    data: { ...mine, activationTrigger: 'always' },
  });
  expect(trigger.status(), await trigger.text()).toBe(200);
  const mission = (await (await request.get(`/api/preflights/${automaticId}`, { headers: operatorAuth })).json()) as { startAt: string };

  await operator.goto('/backoffice/procedures');
  await operator.getByTestId('request-row').getByRole('link', { name: automatic }).click();
  const slots = operator.getByTestId('request-activations');
  await typeMoment(slots, 'Start', mission.startAt);
  await typeMoment(slots, 'End', new Date(new Date(mission.startAt).getTime() + 3_600_000).toISOString());
  await slots.getByRole('button', { name: 'File the slot' }).click();
  await expect(slots.getByTestId('activation-row')).toContainText('To submit');
  await slots.getByTestId('activation-row').getByRole('button', { name: 'Submit' }).click();
  await expect(slots.getByTestId('activation-row')).toContainText('Submitted');

  await openAsManager(manager, automatic);
  const managerSlots = manager.getByTestId('request-activations');
  await managerSlots.getByTestId('activation-row').getByRole('button', { name: 'Accept' }).click();
  await expect(managerSlots.getByTestId('activation-row')).toContainText('Accepted');
  await operator.reload();
  await expect(operator.getByTestId('request-activations').getByTestId('activation-row')).toContainText('Accepted');

  // The demo airspace as it was: later specs file requests that neither this rule nor activations should answer.
  const ruleId = ((await rule.json()) as { id: string }).id;
  expect((await request.delete(`/api/automation-rules/${ruleId}`, { headers: managerAuth })).status()).toBe(204);
  const restored = await request.put(`/api/airspaces/mine/${mine.id}`, { headers: managerAuth, data: mine });
  expect(restored.status(), await restored.text()).toBe(200);
});

for (const lang of ['en', 'fr'] as const) {
  test(`[${lang}] a manager opening a request sees the accepted mission whose area, heights and time meet it, drawn on the map, and is warned before accepting`, async ({
    page,
    request,
  }) => {
    await allowOperatorMissions(request);
    const operator = { authorization: `Bearer ${await bearerOf(request, DEMO.operator)}` };
    const manager = { authorization: `Bearer ${await bearerOf(request, DEMO.manager)}` };
    const tag = `4d-${lang}-${Date.now()}`;
    const pilot = await request.post('/api/pilots', {
      headers: operator,
      data: { firstName: 'Dana', lastName: `Deconflict ${tag}`, email: `dana.${tag}@operator.test` },
    });
    const machine = await request.post('/api/machines', {
      headers: operator,
      data: { internalName: `4D ${tag}`, serialNumber: `SN-${tag}` },
    });
    // A day of its own for each language, at a corner of the demo airspace no other spec uses.
    const start = new Date(Date.now() + (lang === 'en' ? 12 : 13) * DAY);
    start.setUTCHours(9, 0, 0, 0);
    const filed: { id: string; referenceNumber: string }[] = [];
    for (const [index, heights] of [{ maxHeightM: 100 }, { minHeightM: 30, maxHeightM: 120 }].entries()) {
      const mission = await request.post('/api/preflights', {
        headers: operator,
        data: {
          title: `Stacked survey ${index + 1}`,
          referentPilotId: ((await pilot.json()) as { id: string }).id,
          mainMachineId: ((await machine.json()) as { id: string }).id,
          ...heights,
          areas: areaAt(2.215 + index * 0.0025, 48.715),
          startAt: start.toISOString(),
          endAt: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
        },
      });
      expect(mission.status(), await mission.text()).toBe(201);
      const missionId = ((await mission.json()) as { id: string }).id;
      const touched = await request.get(`/api/procedures/airspaces?missionId=${missionId}`, { headers: operator });
      const airspace = ((await touched.json()) as { id: string; internalCode: string }[]).find((a) => a.internalCode === 'LFPS-DEMO')!;
      const response = await request.post('/api/procedures', {
        headers: operator,
        data: { missionId, airspaceId: airspace.id, conditionsAccepted: true },
      });
      expect(response.status(), await response.text()).toBe(201);
      filed.push((await response.json()) as { id: string; referenceNumber: string });
    }
    const [accepted, pending] = filed as [{ id: string; referenceNumber: string }, { id: string; referenceNumber: string }];
    expect((await request.post(`/api/procedures/${accepted.id}/actions/accept`, { headers: manager, data: {} })).status()).toBe(200);

    await signIn(page, DEMO.manager, { lang, to: `/backoffice/procedure/edit/${pending.id}` });
    await expect(page.getByTestId('request-reference')).toHaveText(pending.referenceNumber);
    const conflict = page.getByTestId('request-conflicts').getByTestId('conflict-row');
    await expect(conflict).toHaveAttribute('data-reference', accepted.referenceNumber);
    await expect(conflict).toContainText('Stacked survey 1');
    await expect(conflict).toContainText('30–100 m');
    await expect(page.getByTestId('request-conflicts')).toContainText(
      lang === 'en' ? 'Conflicts (area, height and time)' : 'Conflits (zone, hauteur et horaire)',
    );
    await expect(page.getByTestId('request-map')).toHaveAttribute('data-conflict-areas', '1');
    await expect
      .poll(() => page.getByTestId('request-map').getByTestId('map').getAttribute('data-visible-layers'))
      .toContain('request-conflict-areas');
    await page.getByTestId('action-accept').click();
    await expect(page.getByTestId('decision-conflicts')).toContainText(
      lang === 'en'
        ? '1 other accepted or pending mission meets this one in area, height and time'
        : '1 autre mission acceptée ou en attente rencontre celle-ci en zone, hauteur et horaire',
    );
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('decision-dialog')).toBeHidden();

    // Given back: both requests decided and archived, the manager in English.
    const reject = await request.post(`/api/procedures/${pending.id}/actions/reject`, {
      headers: manager,
      data: { reason: 'End of test' },
    });
    expect(reject.status()).toBe(200);
    for (const { id } of filed)
      expect((await request.post(`/api/procedures/${id}/actions/archive`, { headers: manager, data: {} })).status()).toBe(200);
    expect((await request.patch('/api/account', { headers: manager, data: { lang: 'en' } })).ok()).toBe(true);
  });
}
