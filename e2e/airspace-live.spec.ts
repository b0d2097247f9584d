import { expect, test, type APIRequestContext } from '@playwright/test';
import { allowOperatorMissions, DEMO, registerPilotAndMachine, signIn, tokenOf } from './support';

const bearer = async (request: APIRequestContext, email: string) => ({ authorization: `Bearer ${await tokenOf(request, email)}` });
const subjectOf = (headers: { authorization: string }) =>
  (JSON.parse(Buffer.from(headers.authorization.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

const square = (lon: number, lat: number, d: number) => ({
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [lon, lat],
        [lon + d, lat],
        [lon + d, lat + d],
        [lon, lat + d],
        [lon, lat],
      ],
    ],
  ],
});

/** Two flight areas of this spec's airspace, 5 km apart: far enough not to be clustered on the manager's map. */
const AREAS = { roofs: { lon: 2.3, lat: 48.62 }, bridge: { lon: 2.37, lat: 48.62 } };

/**
 * The airspace this spec gives the demo manager is taken back after it, passed or failed: the other specs of its share
 * expect him to manage the demo airspace alone.
 */
let giveBack: ((request: APIRequestContext) => Promise<void>) | undefined;
test.afterEach(async ({ request }) => {
  await giveBack?.(request);
  giveBack = undefined;
});

/**
 * The demo manager's live map during two flights of his airspace (docs/airspace-manager.md "My airspace, live"): the
 * operator flies one inside its area, the supervised pilot takes the other out of its area.
 */
test('the manager watches his airspace live: volumes, flights by conformance, the card and an SMS', async ({ page, request }) => {
  // A software-rendered map and its live stream: a minute on a loaded machine (map.spec.ts).
  test.setTimeout(180_000);
  const tag = `live-${Date.now()}`;
  await allowOperatorMissions(request);
  await registerPilotAndMachine(request, tag);
  const [admin, manager, operator, pilot] = await Promise.all(
    [DEMO.admin, DEMO.manager, DEMO.operator, DEMO.pilot].map((email) => bearer(request, email)),
  );
  const identity = { name: `Live airspace ${tag}`, internalCode: tag, geometry: square(2.28, 48.6, 0.12) };
  const airspace = await request.post('/api/airspaces', { headers: admin, data: { ...identity, managerIds: [subjectOf(manager)] } });
  expect(airspace.status(), await airspace.text()).toBe(201);
  const airspaceId = ((await airspace.json()) as { id: string }).id;
  giveBack = async (api) => {
    const released = await api.put(`/api/airspaces/${airspaceId}`, { headers: admin, data: { ...identity, managerIds: [] } });
    expect(released.status(), await released.text()).toBe(200);
  };
  const [pilots, machines] = await Promise.all([
    request.get('/api/pilots?search=Paula', { headers: operator }).then((r) => r.json()),
    request.get(`/api/machines?search=${tag}`, { headers: operator }).then((r) => r.json()),
  ]);
  const startAt = Date.now() + 8_000;
  const granted = async (title: string, at: { lon: number; lat: number }) => {
    const created = await request.post('/api/preflights', {
      headers: operator,
      data: {
        title,
        referentPilotId: pilots.items[0].id,
        mainMachineId: machines.items[0].id,
        maxHeightM: 50,
        areas: square(at.lon, at.lat, 0.003),
        startAt: new Date(startAt).toISOString(),
        endAt: new Date(startAt + 3_600_000).toISOString(),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const missionId = ((await created.json()) as { id: string }).id;
    for (const [action, headers] of [
      ['sendForValidation', operator],
      ['validate', admin],
    ] as const)
      expect((await request.post(`/api/preflights/${missionId}/actions/${action}`, { headers, data: {} })).ok()).toBe(true);
    const filed = await request.post('/api/procedures', { headers: operator, data: { missionId, airspaceId, conditionsAccepted: true } });
    expect(filed.status(), await filed.text()).toBe(201);
    const { id, referenceNumber } = (await filed.json()) as { id: string; referenceNumber: string };
    expect((await request.post(`/api/procedures/${id}/actions/accept`, { headers: manager, data: {} })).ok()).toBe(true);
    return { missionId, reference: referenceNumber };
  };
  const roofs = await granted(`Roofs ${tag}`, AREAS.roofs);
  const bridge = await granted(`Bridge ${tag}`, AREAS.bridge);
  // The pilot takes the bridge off first: the operator's own positions then go to his later take-off, the roofs.
  for (const [missionId, headers] of [
    [bridge.missionId, pilot],
    [roofs.missionId, operator],
  ] as const)
    await expect
      .poll(async () => (await request.post('/api/preflights/takeoff', { headers, data: { preFlightId: missionId } })).status(), {
        timeout: 20_000,
      })
      .toBe(200);
  const fly = (headers: { authorization: string }, lon: number, lat: number) =>
    request.post('/api/traffics/', {
      headers,
      data: { ident: 'FL', lat, lon, alt: 30, time: new Date().toISOString(), type: 'user', source: 'mo' },
    });

  await signIn(page, DEMO.manager, { lang: 'en', to: '/backoffice/live' });
  await expect(page.getByTestId('live-connection')).toHaveAttribute('data-state', 'live', { timeout: 60_000 });
  await expect(page.getByTestId('granted-volume').filter({ hasText: tag })).toHaveCount(2);
  await expect(page.getByTestId('granted-volume').filter({ hasText: roofs.reference })).toContainText('≤ 50 m');
  // Inside the roofs' area; 1 km south of the bridge's.
  expect((await fly(operator, AREAS.roofs.lon + 0.0015, AREAS.roofs.lat + 0.0015)).ok()).toBe(true);
  expect((await fly(pilot, AREAS.bridge.lon + 0.0015, AREAS.bridge.lat - 0.01)).ok()).toBe(true);

  const flights = page.getByTestId('watched-flight');
  await expect(flights.filter({ hasText: tag })).toHaveCount(2);
  await expect(flights.first()).toHaveAttribute('data-state', 'violating');
  await expect(flights.first()).toContainText(`Bridge ${tag} · ${bridge.reference}`);
  await expect(flights.filter({ hasText: roofs.reference })).toHaveAttribute('data-state', 'conforming');
  await expect(page.locator('[data-testid="live-target"][data-state="violating"]')).toContainText(bridge.reference);
  await expect(page.locator('[data-testid="live-target"][data-state="conforming"]')).toContainText(roofs.reference);
  // His outline is drawn. A tracker just east of it is not his to see: the server does not send it (traffic.scope.ts),
  // as the roofs' next position, posted after it, shows.
  await expect(page.getByTestId('map')).toHaveAttribute('data-visible-layers', /watched-airspaces/);
  const tracker = await request.post('/api/trackers', {
    headers: admin,
    data: { ident: `OUT-${tag}`, vehicle: 'drone', source: 'wi', relatedUserId: subjectOf(operator), recorded: true },
  });
  expect(tracker.status(), await tracker.text()).toBe(201);
  const key = await request.post(`/api/users/${subjectOf(operator)}/api-key`, { headers: admin });
  expect(key.ok(), await key.text()).toBe(true);
  const outside = await request.post('/api/traffics/', {
    headers: { 'X-Api-Key': ((await key.json()) as { apiKey: string }).apiKey },
    data: {
      positions: [{ ident: `OUT-${tag}`, lon: 2.405, lat: 48.66, alt: 40, time: new Date().toISOString(), type: 'drone', source: 'wi' }],
    },
  });
  expect(outside.ok(), await outside.text()).toBe(true);
  const roofsTarget = page.locator('[data-testid="live-target"]').filter({ hasText: roofs.reference });
  const movedLon = AREAS.roofs.lon + 0.002;
  expect((await fly(operator, movedLon, AREAS.roofs.lat + 0.002)).ok()).toBe(true);
  await expect.poll(async () => Number(await roofsTarget.getAttribute('data-lon'))).toBeCloseTo(movedLon, 5);
  await expect(page.locator(`[data-testid="live-target"][data-ident="OUT-${tag}"]`)).toHaveCount(0);
  await expect(flights).toHaveCount(2);

  await flights.first().click();
  const card = page.getByTestId('flight-card');
  await expect(card.getByTestId('flight-card-request')).toHaveText(new RegExp(bridge.reference));
  await expect(card.getByTestId('flight-card-call').first()).toHaveAttribute('href', /^tel:\+/);
  // The height is the position's (every delta carries it); the limit and the edge come with the conformance state.
  await expect(card.getByTestId('flight-card-facts')).toContainText(/^Height 30 m \/ \d+ m · to the edge -?\d+ m/);
  await card.screenshot({ path: 'reports/e2e-artifacts/airspace-live-flight-card-en.png' });
  await card.getByTestId('flight-card-sms').click();
  await card.getByText('Operator', { exact: true }).click();
  await card.getByTestId('flight-contact-body').fill(`Land now ${tag}`);
  await card.getByTestId('flight-contact-send').click();
  await expect(page.getByTestId('flight-sms-sent')).toBeVisible();
  const sms = await request.get('/api/outbox?channel=sms', { headers: admin }).then((r) => r.json());
  expect((sms.items as { text: string }[]).map((item) => item.text)).toContain(`${bridge.reference}: Land now ${tag}`);

  const listed = await request.get(`/api/violations?missionId=${bridge.missionId}`, { headers: manager }).then((r) => r.json());
  expect(JSON.stringify(listed.items)).toContain(bridge.reference);
  expect(await (await request.get('/api/violations/csv', { headers: manager })).text()).toContain(bridge.reference);
  // His violations screen lists the episode.
  await page.goto('/backoffice/violations');
  await expect(page.getByText(bridge.reference).first()).toBeVisible();

  await signIn(page, DEMO.manager, { lang: 'fr', to: '/backoffice/live' });
  await expect(page.getByTestId('live-connection')).toHaveAttribute('data-state', 'live', { timeout: 60_000 });
  await expect(page.getByTestId('granted-volume').filter({ hasText: tag })).toHaveCount(2);
  expect((await fly(pilot, AREAS.bridge.lon + 0.0015, AREAS.bridge.lat - 0.011)).ok()).toBe(true);
  await expect(flights.filter({ hasText: bridge.reference })).toContainText('En infraction');
});
