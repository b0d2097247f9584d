import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, drawSquare, FLOWN_HOME, forgetMap, mapReady, quietMap, signIn, validatedMission } from './support';

/** A rural spot of the Indre with no managed airspace: the take-off needs no permission request. */
const HOME = { latitude: 46.5, longitude: 1.5 };
const east = (metres: number) => ({ latitude: HOME.latitude, longitude: HOME.longitude + metres / 76_600 });
/** The doNotEnter alert: a square of about 200 m around a point 600 m east of the take-off. */
const FORBIDDEN = east(600);

async function tokenOf(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const response = await request.post('/api/security/login', { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** A closed square ring of half-side `d` degrees around a point. */
const squareRing = (lon: number, lat: number, d: number) => [
  [lon - d, lat - d],
  [lon + d, lat - d],
  [lon + d, lat + d],
  [lon - d, lat + d],
  [lon - d, lat - d],
];

const subjectOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

async function outboxTo(request: APIRequestContext, admin: Record<string, string>, recipient: string) {
  const response = await request.get(`/api/outbox?channel=email&recipient=${encodeURIComponent(recipient)}`, { headers: admin });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: { subject: string; text: string }[] }).items;
}

// The recording marker blinks unless the user asks for reduced motion (the suite's default, playwright.config.ts).
test.use({ geolocation: HOME, permissions: ['geolocation'], reducedMotion: 'no-preference' });

test('a new user prepares a mission, has it validated, takes off, sees their position and a tracker live, violates a doNotEnter alert once, and lands', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(480_000);
  const tag = Date.now().toString(36);
  const email = `flight-${tag}@example.com`;
  const password = 'Flight-Plan-2026!';
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  // A new operator signs up in the browser and activates the account from the outbox e-mail.
  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Fanny');
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Pilote');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Confirm the e-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm the password', exact: true }).fill(password);
  await page.getByTestId('signup-legal-notice').check();
  await page.getByTestId('signup-submit').click();
  await expect(page.getByTestId('signup-success')).toBeVisible();
  const admin = { authorization: `Bearer ${await tokenOf(request, DEMO.admin)}` };
  const [activation] = await outboxTo(request, admin, email);
  const link = /https?:\/\/\S+\/activate-account\/[\w-]+/.exec(activation!.text)![0];
  await page.goto(new URL(link).pathname);
  await expect(page.getByTestId('activation-success')).toBeVisible();

  // The administrator exempts the new account from the agreement; the user registers a pilot and a machine.
  const user = { authorization: `Bearer ${await tokenOf(request, email, password)}` };
  const userId = subjectOf(user.authorization.slice('Bearer '.length));
  expect((await request.post(`/api/agreements/${userId}/exempt`, { headers: admin })).ok()).toBe(true);
  const pilot = await request.post('/api/pilots', {
    headers: user,
    data: {
      firstName: 'Fanny',
      lastName: `Pilote ${tag}`,
      email: `fanny.${tag}@aerogate.test`,
      birthDate: '1990-04-12',
      documents: [{ skillType: 'openA2', reference: `A2-${tag}`, validFrom: '2025-01-01', validUntil: '2030-12-31' }],
    },
  });
  expect(pilot.status(), await pilot.text()).toBe(201);
  const machine = await request.post('/api/machines', {
    headers: user,
    data: { internalName: `Quad ${tag}`, serialNumber: `SN-${tag}`, classes: ['C2'], massGrams: 3900 },
  });
  expect(machine.status(), await machine.text()).toBe(201);

  // Prepares the mission on the map and validates it.
  await signIn(page, email, { password, to: `/backoffice/preflights/add#15/${HOME.latitude}/${HOME.longitude}` });
  await quietMap(page);
  await drawSquare(page, 160);
  await page.getByTestId('mission-title').fill(`Field survey ${tag}`);
  await page.getByTestId('mission-pilot').selectOption({ label: `Fanny Pilote ${tag}` });
  await page.getByTestId('mission-machine').selectOption({ label: `Quad ${tag} (SN-${tag})` });
  await page.getByTestId('mission-height-m').fill('50');
  await page
    .locator('label', { has: page.getByTestId('start-option-tomorrow') })
    .or(page.locator(`label[for="${await page.getByTestId('start-option-tomorrow').getAttribute('id')}"]`))
    .first()
    .click();
  await forgetMap(page);
  await page.getByTestId('mission-save').click();
  await expect(page).toHaveURL(/\/preflights\/edit\/[0-9a-f-]+$/);
  const missionId = /\/edit\/([0-9a-f-]+)$/.exec(page.url())![1]!;
  await mapReady(page);
  await page.getByTestId('mission-tab-administration').click();
  await page.getByTestId('action-sendForValidation').click();
  await expect(page.getByTestId('mission-status')).toHaveAttribute('data-status', 'toBeValidated');
  await expect(page.getByTestId('flight-takeOff')).toHaveCount(0);
  // A one-person operator validates his own mission (no second person asked, docs/security.md).
  await page.getByTestId('action-validate').click();
  await expect(page.getByTestId('mission-status')).toHaveAttribute('data-status', 'validated');

  // Take-off: the mission flies and the top bar's recording marker blinks.
  // The go/no-go panel finds nothing against the flight (no forecast here is said, not a warning).
  await expect(page.getByTestId('recording-marker')).toHaveCount(0);
  await page.getByTestId('flight-takeOff').click();
  const check = page.getByTestId('takeoff-check');
  await expect(check).toHaveAttribute('data-state', 'go');
  await expect(check.locator('[data-testid="takeoff-check-item"][data-item="pilot"]')).toHaveAttribute('data-level', 'ok');
  await check.getByTestId('takeoff-check-confirm').click();
  await expect(page.getByTestId('flight-land')).toBeVisible();
  await expect(page.getByTestId('mission-status')).toHaveAttribute('data-status', 'onGoing');
  const marker = page.getByTestId('recording-marker');
  await expect(marker).toBeVisible();
  expect(
    await marker
      .locator('span[aria-hidden]')
      .first()
      .evaluate((node) => getComputedStyle(node).animationName),
  ).not.toBe('none');

  // The live map, opened with no view of its own, brings the pilot to his flight: the mission's area drawn, his own
  // position in view, highlighted, followed. The emulated fix keeps the time it was set at, and the map hides a target
  // without news for a minute: a busy machine can take longer to get here.
  await context.setGeolocation(HOME);
  await page.goto('/backoffice/live');
  await mapReady(page);
  await expect(page.getByTestId('map')).toHaveAttribute('data-visible-layers', /live-own-area-fill/);
  await expect(page.getByTestId('live-follow')).toBeChecked();
  await expect(page.getByTestId('live-connection')).toHaveAttribute('data-state', 'live');
  const own = page.locator('[data-testid="live-target"][data-source="mo"][data-ident="FP"]');
  await expect(own).toBeVisible();
  await expect(own).toBeInViewport();
  await expect(own).toHaveAttribute('data-own', 'true');
  await expect(own).toHaveAttribute('data-type', 'user');
  const startLon = Number(await own.getAttribute('data-lon'));
  await context.setGeolocation(east(200));
  await expect.poll(async () => Number(await own.getAttribute('data-lon'))).toBeGreaterThan(startLon + 0.001);
  await expect(page.locator('[data-testid="spot"][data-own]').first()).toBeVisible();

  // A tracker of the user posts with the account's API key (created by the administrator) and appears too.
  const tracker = await request.post('/api/trackers', {
    headers: admin,
    data: { ident: `TRK-${tag}`, vehicle: 'droneHexa', source: 'wi', relatedUserId: userId, recorded: true },
  });
  expect(tracker.status(), await tracker.text()).toBe(201);
  const keyAnswer = await request.post(`/api/users/${userId}/api-key`, { headers: admin });
  expect(keyAnswer.ok(), await keyAnswer.text()).toBe(true);
  const { apiKey } = (await keyAnswer.json()) as { apiKey: string };
  const west = { lat: HOME.latitude, lon: HOME.longitude - 0.002 };
  const batch = await request.post('/api/traffics/', {
    headers: { 'X-Api-Key': apiKey },
    data: {
      positions: [
        { ident: `TRK-${tag}`, ...west, alt: 35, spd: 4, heading: 45, time: new Date().toISOString(), type: 'droneHexa', source: 'wi' },
      ],
    },
  });
  expect(batch.ok(), await batch.text()).toBe(true);
  const trackerTarget = page.locator(`[data-testid="live-target"][data-ident="TRK-${tag}"]`);
  await expect(trackerTarget).toBeVisible();
  await expect(trackerTarget).toHaveAttribute('data-type', 'droneHexa');

  // The administrator draws a doNotEnter alert ahead; the user flies into it twice: one episode, one e-mail.
  const ring = squareRing(FORBIDDEN.longitude, FORBIDDEN.latitude, 0.0013);
  const alertName = `No fly ${tag}`;
  const alert = await request.post('/api/alerts', {
    headers: admin,
    data: {
      name: alertName,
      type: 'doNotEnter',
      notifyEmail: true,
      geometry: { type: 'MultiPolygon', coordinates: [[ring]] },
      geometrySources: ['drawn'],
    },
  });
  expect(alert.status(), await alert.text()).toBe(201);
  const alertId = ((await alert.json()) as { id: string }).id;

  await context.setGeolocation(FORBIDDEN);
  const entries = page.locator(`[data-testid="violation-entry"][data-alert="${alertId}"]`);
  // Outside its own area too, the flight also raises its conformance episodes (docs/alerts.md): the alert's toast is one.
  await expect(page.getByTestId('violation-toast').filter({ hasText: alertName })).toBeVisible();
  await expect(page.locator(`[data-testid="live-violation-marker"][data-alert="${alertId}"]`)).toHaveCount(1);
  await context.setGeolocation({ latitude: FORBIDDEN.latitude + 0.0004, longitude: FORBIDDEN.longitude });
  await expect.poll(async () => Number(await own.getAttribute('data-lat'))).toBeGreaterThan(FORBIDDEN.latitude + 0.0002);
  await page.getByTestId('live-tab-violations').click();
  await expect(entries).toHaveCount(1);
  const violationMails = async () => (await outboxTo(request, admin, email)).filter((mail) => mail.subject.includes(alertName));
  await expect.poll(async () => (await violationMails()).length).toBe(1);

  // Landing from the compact flight view: the marker goes and the mission no longer flies.
  await page.getByTestId('open-flights').click();
  const card = page.getByTestId('flight-card');
  await expect(card.getByTestId('flight-status')).toHaveAttribute('data-status', 'onGoing');
  await expect(card.getByTestId('flight-position')).toHaveAttribute('data-state', 'ok');
  await card.getByTestId('flight-land').click();
  await expect(page.getByTestId('recording-marker')).toHaveCount(0);
  const after = await request.get(`/api/preflights/${missionId}`, { headers: user });
  expect(((await after.json()) as { status: string }).status).toBe('validated');
  expect((await violationMails()).length).toBe(1);
  expect(pageErrors).toEqual([]);
});

test.describe('on a 390×844 phone, in French', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the go/no-go panel refuses a pilot's expired document, and a warning gone past is written into the diary", async ({
    page,
    request,
  }) => {
    const tag = Date.now().toString(36);
    const blocked = await validatedMission(request, `${tag}a`, `Expired ${tag}`);
    const flown = await validatedMission(request, `${tag}b`, `Overridden ${tag}`);
    const { operator, admin } = flown;
    // The first mission's pilot lets his A2 certificate lapse yesterday.
    const [pilot] = ((await (await request.get(`/api/pilots?search=${tag}a`, { headers: operator })).json()) as { items: { id: string }[] })
      .items;
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const lapsed = await request.put(`/api/pilots/${pilot!.id}`, {
      headers: operator,
      data: {
        firstName: 'Romain',
        lastName: `Remote ${tag}a`,
        email: `romain.${tag}a@aerogate.test`,
        birthDate: '1990-04-12',
        documents: [{ skillType: 'openA2', reference: `A2-${tag}a`, validFrom: '2025-01-01', validUntil: yesterday }],
      },
    });
    expect(lapsed.ok(), await lapsed.text()).toBe(true);
    // An administrator's alert over both missions' area: a warning the pilot may go past with a reason.
    const ring = squareRing(FLOWN_HOME.lon, FLOWN_HOME.lat, 0.003);
    const alertName = `Épandage ${tag}`;
    const alert = await request.post('/api/alerts', {
      headers: admin,
      data: { name: alertName, type: 'doNotEnter', geometry: { type: 'MultiPolygon', coordinates: [[ring]] }, geometrySources: ['drawn'] },
    });
    expect(alert.status(), await alert.text()).toBe(201);
    const alertId = ((await alert.json()) as { id: string }).id;

    try {
      await signIn(page, DEMO.operator, { lang: 'fr', to: `/backoffice/preflights/edit/${blocked.missionId}` });
      await page.getByTestId('flight-takeOff').click();
      const check = page.getByTestId('takeoff-check');
      await expect(check).toHaveAttribute('data-state', 'blocked');
      const pilotLine = check.locator('[data-testid="takeoff-check-item"][data-item="pilot"]');
      await expect(pilotLine).toHaveAttribute('data-code', 'TAKEOFF_PILOT_DOCUMENT_EXPIRED');
      await expect(pilotLine).toContainText(`le document « Catégorie ouverte A2 » n'est pas valide aujourd'hui (fin le ${yesterday})`);
      await expect(check.getByTestId('takeoff-check-blocked')).toContainText('Le décollage est refusé');
      await expect(check.getByTestId('takeoff-check-confirm')).toBeDisabled();
      await expect(check.getByTestId('takeoff-check-confirm')).toBeInViewport();
      await page.screenshot({ path: 'reports/e2e-artifacts/go-no-go-blocked-fr-phone.png' });
      // The server refuses it as well, with its code.
      const refused = await request.post('/api/preflights/takeoff', { headers: operator, data: { preFlightId: blocked.missionId } });
      expect([refused.status(), ((await refused.json()) as { code: string }).code]).toEqual([409, 'TAKEOFF_PILOT_DOCUMENT_EXPIRED']);

      await page.goto(`/backoffice/preflights/edit/${flown.missionId}`);
      await page.getByTestId('flight-takeOff').click();
      await expect(check).toHaveAttribute('data-state', 'warnings');
      await expect(check.locator('[data-testid="takeoff-check-item"][data-item="alerts"]')).toContainText(alertName);
      await expect(check.getByTestId('takeoff-check-confirm')).toBeDisabled();
      const reason = `Épandage terminé à 8 h, confirmé par l'exploitant ${tag}`;
      await check.getByTestId('takeoff-check-reason').fill(reason);
      await page.screenshot({ path: 'reports/e2e-artifacts/go-no-go-warning-fr-phone.png' });
      await check.getByTestId('takeoff-check-confirm').click();
      await expect(page.getByTestId('mission-status')).toHaveAttribute('data-status', 'onGoing');
      await page.getByTestId('flight-land').click();
      await expect(page.getByTestId('mission-status')).toHaveAttribute('data-status', 'validated');

      await page.goto(`/backoffice/postflights/${flown.missionId}`);
      await expect(page.getByTestId('post-flight-change').filter({ hasText: reason })).toHaveText(
        `Décollage malgré alertes sur la zone : ${reason}`,
      );
    } finally {
      // The demo operator gets his language and his missions back; the alert goes.
      await request.delete(`/api/alerts/${alertId}`, { headers: admin });
      for (const missionId of [blocked.missionId, flown.missionId]) {
        await request.post(`/api/preflights/${missionId}/actions/cancel`, { headers: operator, data: {} });
      }
      await request.patch('/api/account', { headers: operator, data: { lang: 'en' } });
    }
  });
});
