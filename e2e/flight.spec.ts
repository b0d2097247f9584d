import { expect, test, type APIRequestContext, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
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

/** The ground under the demo flight, metres above the sea: the device's altitude at take-off. */
const GROUND = 120;
/** The centre of the area of `validatedMission` (a 0.002° square north-east of `FLOWN_HOME`). */
const CENTRE = { latitude: FLOWN_HOME.lat + 0.001, longitude: FLOWN_HOME.lon + 0.001 };

const devices = new WeakMap<Page, CDPSession>();

/**
 * Moves the device of every page, with an altitude: Playwright's geolocation has none, the DevTools protocol's has
 * (each page is its own emulation target; the override lasts as long as its session).
 */
async function moveDevice(pages: Page[], where: { latitude: number; longitude: number }, heightM: number) {
  for (const page of pages) {
    const session = devices.get(page) ?? (await page.context().newCDPSession(page));
    devices.set(page, session);
    await session.send('Emulation.setGeolocationOverride', { ...where, accuracy: 5, altitude: GROUND + heightM });
  }
}

interface PostedFix {
  page: number;
  time: string;
}

/** Every own-position post of the context, with the page that sent it. */
function recordPosts(context: BrowserContext, pages: Page[]) {
  const posts: PostedFix[] = [];
  context.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/api/traffics/')) return;
    const page = pages.indexOf(request.frame().page());
    posts.push({ page, time: (request.postDataJSON() as { time: string }).time });
  });
  return posts;
}

interface ConformanceAnswer {
  conformance: { state: string; violations: string[]; warnings: string[] } | null;
}

/**
 * The whole flight as the demo operator lives it (issue 21): he validates his own mission and takes off; a second tab
 * is open on the missions list. Inside the area under the height nothing is raised; near the height limit both pages
 * warn, out of the area and above the height both pages show the violation, as soon as the server answers the
 * position (no reload). The delays, from the answer to the banner on both pages, are attached to the test's report.
 */
async function wholeFlight(page: Page, context: BrowserContext, request: APIRequestContext, lang: 'en' | 'fr') {
  // A journey of many screens: on a machine busy with other work it takes minutes (playwright.config.ts).
  test.setTimeout(300_000);
  const tag = `${lang}${Date.now().toString(36)}`;
  const title = `Whole flight ${tag}`;
  // Starting in two seconds: taken off before, the flight would be outside its slot.
  const { missionId, operator, admin } = await validatedMission(request, tag, title, { startInMs: 2_000, validated: false });
  const text = {
    en: {
      conforming: 'Within limits',
      warning: 'Close to a limit',
      violating: 'Outside the limits',
      area: 'm beyond the edge of the area · Height 70 m / limit 50 m',
      areaOfMission: "In blue: the mission's area.",
      episodes: '2 violations during this flight',
    },
    fr: {
      conforming: 'Dans les limites',
      warning: 'Proche d’une limite',
      violating: 'Hors des limites',
      area: 'm au-delà du bord de la zone · Hauteur 70 m / limite 50 m',
      areaOfMission: 'En bleu : la zone de la mission.',
      episodes: '2 violations pendant ce vol',
    },
  }[lang];
  try {
    await signIn(page, DEMO.operator, { lang, to: `/backoffice/preflights/edit/${missionId}` });
    await page.getByTestId('mission-tab-administration').click();
    await page.getByTestId('action-validate').click();
    await expect(page.getByTestId('mission-status')).toHaveAttribute('data-status', 'validated');
    await page.getByTestId('flight-takeOff').click();
    const check = page.getByTestId('takeoff-check');
    await expect(check).toHaveAttribute('data-state', 'go');
    const second = await context.newPage();
    const pages = [page, second];
    const posts = recordPosts(context, pages);
    await check.getByTestId('takeoff-check-confirm').click();
    await expect(page.getByTestId('mission-status')).toHaveAttribute('data-status', 'onGoing');
    await second.goto('/backoffice/preflights');
    await expect(second.getByTestId('recording-marker')).toBeVisible();
    await page.getByTestId('open-flight-panel').click();
    const readout = page.getByTestId('flight-readout');
    const banners = pages.map((tab) => tab.getByTestId('conformance-banner'));
    const delays: number[] = [];

    /**
     * Moves the device and waits for the answer of the post of that fix (the emulated fix keeps the time it was set
     * at: one set before the take-off would belong to no flight).
     */
    const fly = async (where: { latitude: number; longitude: number }, heightM: number) => {
      const answered = context.waitForEvent('response', {
        predicate: (response) => {
          if (response.request().method() !== 'POST' || !response.url().endsWith('/api/traffics/')) return false;
          const fix = response.request().postDataJSON() as { lat: number; lon: number; alt: number | null };
          return fix.lat === where.latitude && fix.lon === where.longitude && fix.alt === heightM;
        },
      });
      await moveDevice(pages, where, heightM);
      const response = await answered;
      const { conformance } = (await response.json()) as ConformanceAnswer;
      return { conformance, at: Date.now() };
    };

    // On the ground at the centre of the area, then 30 m up (the limit is 50 m, warned from 40 m): within limits, no
    // banner anywhere.
    expect((await fly(CENTRE, 0)).conformance?.state).toBe('conforming');
    await expect(readout).toHaveAttribute('data-state', 'conforming');
    const inside = await fly(CENTRE, 30);
    expect(inside.conformance?.state).toBe('conforming');
    await expect(readout.getByTestId('flight-state')).toHaveText(text.conforming);
    await expect(readout.getByTestId('flight-height')).toContainText('30');
    for (const banner of banners) await expect(banner).toHaveCount(0);

    // 45 m up: the height limit is near.
    const near = await fly(CENTRE, 45);
    expect(near.conformance).toMatchObject({ state: 'warning', warnings: ['height'], violations: [] });
    for (const banner of banners) await expect(banner).toHaveAttribute('data-state', 'warning');
    delays.push(Date.now() - near.at);
    await expect(readout.getByTestId('flight-state')).toHaveText(text.warning);

    // 100 m east of the area, 70 m up: out of the area and above the height.
    const out = await fly({ latitude: CENTRE.latitude, longitude: FLOWN_HOME.lon + 0.002 + 100 / 76_600 }, 70);
    expect(out.conformance?.state).toBe('violating');
    expect(new Set(out.conformance?.violations)).toEqual(new Set(['area', 'height']));
    for (const banner of banners) await expect(banner).toHaveAttribute('data-state', 'violating');
    delays.push(Date.now() - out.at);
    for (const banner of banners) await expect(banner).toContainText(text.area);
    await expect(readout.getByTestId('flight-state')).toHaveText(text.violating);
    test.info().annotations.push({ type: 'banner delays (ms), warning then violation', description: delays.join(', ') });

    // One post per fix, from one tab only.
    expect(new Set(posts.map((post) => post.page)).size).toBe(1);
    expect(new Set(posts.map((post) => post.time)).size).toBe(posts.length);

    // The operator's violations list both episodes with the mission.
    const listed = await request.get(`/api/violations?missionId=${missionId}`, { headers: operator });
    expect(listed.ok(), await listed.text()).toBe(true);
    const episodes = ((await listed.json()) as { items: { id: string; rule: string; mission: { title: string } | null }[] }).items;
    expect(episodes.map((episode) => [episode.rule, episode.mission?.title]).sort()).toEqual([
      ['area', title],
      ['height', title],
    ]);

    // The e-mail's link opens the episode on a screen the operator reads.
    const mails = async () => (await outboxTo(request, admin, DEMO.operator)).filter((mail) => mail.subject.includes(title));
    await expect.poll(async () => (await mails()).length).toBe(2);
    const link = /https?:\/\/\S+\/backoffice\/violations\?id=[\w-]+/.exec((await mails())[0]!.text)![0];
    await second.goto(new URL(link).pathname + new URL(link).search);
    await expect(second.getByTestId('violation-row')).toHaveCount(1);
    await expect(second.getByTestId('violation-row')).toContainText(title);
    // The episode drawn on the map: its positions and the mission's area.
    const episodeMap = second.getByTestId('violation-map');
    await expect(episodeMap).toHaveAttribute('data-selected', new URL(link).searchParams.get('id')!);
    await expect(episodeMap).toHaveAttribute('data-area', 'mission');
    expect(Number(await episodeMap.getAttribute('data-track-positions'))).toBeGreaterThan(0);
    await expect(second.getByTestId('violation-map-legend')).toContainText(text.areaOfMission);
    await second.screenshot({ path: `reports/e2e-artifacts/violation-link-${lang}-${page.viewportSize()!.width}.png`, fullPage: true });

    await page.getByTestId('flight-land').last().click();
    await expect(page.getByTestId('recording-marker')).toHaveCount(0);

    // The flight report: the flown track on a map and the two episodes of the flight.
    await second.goto(`/backoffice/postflights/${missionId}`);
    const report = second.getByTestId('flight-report-map');
    await expect(second.getByTestId('flight-report-episode')).toHaveCount(2);
    await expect(report).toHaveAttribute('data-episodes', '2');
    await expect.poll(async () => Number(await report.getAttribute('data-track-positions'))).toBeGreaterThanOrEqual(4);
    await expect(second.getByTestId('flight-report-episodes')).toContainText(text.episodes);
    await second.screenshot({ path: `reports/e2e-artifacts/flight-report-${lang}-${page.viewportSize()!.width}.png`, fullPage: true });
  } finally {
    // The demo operator gets his language back and the mission goes.
    await request.post('/api/preflights/landing', { headers: operator, data: { preFlightId: missionId } });
    await request.post(`/api/preflights/${missionId}/actions/cancel`, { headers: operator, data: {} });
    await request.patch('/api/account', { headers: operator, data: { lang: 'en' } });
  }
}

test('the whole flight: inside nothing, near the height a warning, out of the area and above it a violation, on both open tabs', async ({
  page,
  context,
  request,
}) => {
  await wholeFlight(page, context, request, 'en');
});

test.describe('on a 390×844 phone, in French', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the whole flight, in French on a phone: warning then violation on both tabs, the e-mail link read', async ({
    page,
    context,
    request,
  }) => {
    await wholeFlight(page, context, request, 'fr');
  });

  test("the go/no-go panel refuses a pilot's expired document and a missing activation, and a warning gone past is written into the diary", async ({
    page,
    request,
  }) => {
    await goNoGo(page, request, 'fr');
  });
});

test('the go/no-go panel, in English: an expired document and a missing activation refused, a warning gone past in the diary', async ({
  page,
  request,
}) => {
  await goNoGo(page, request, 'en');
});

/**
 * The go/no-go panel before take-off (docs/flight.md "Go/no-go"), in the user's language: a pilot's lapsed document
 * refuses the take-off, so does an airspace that asks for an activation none is held for; an alert over the area is a
 * warning the pilot goes past with a reason, which the diary's history then reads.
 */
async function goNoGo(page: Page, request: APIRequestContext, lang: 'en' | 'fr') {
  // Three missions, an airspace, a flight: on a machine busy with other work it takes minutes.
  test.setTimeout(240_000);
  const tag = `${lang}${Date.now().toString(36)}`;
  const text = {
    en: {
      expired: (until: string) => `the document “Open category A2” is not valid today (ended ${until})`,
      refused: 'Take-off is refused',
      noActivation: 'This airspace asks for an accepted activation covering now: none is held.',
      overridden: (reason: string) => `Take-off despite alerts over the area: ${reason}`,
      reason: `Spraying over at 8 am, confirmed by the farmer ${tag}`,
    },
    fr: {
      expired: (until: string) => `le document « Catégorie ouverte A2 » n'est pas valide aujourd'hui (fin le ${until})`,
      refused: 'Le décollage est refusé',
      noActivation: "Cet espace demande une activation acceptée couvrant l'heure actuelle : aucune n'est détenue.",
      overridden: (reason: string) => `Décollage malgré alertes sur la zone : ${reason}`,
      reason: `Épandage terminé à 8 h, confirmé par l'exploitant ${tag}`,
    },
  }[lang];
  const shot = (name: string) =>
    page.screenshot({ path: `reports/e2e-artifacts/go-no-go-${name}-${lang}-${page.viewportSize()!.width}.png` });
  const preparing = Date.now();
  const blocked = await validatedMission(request, `${tag}a`, `Expired ${tag}`);
  const onePreparation = Date.now() - preparing;
  const flown = await validatedMission(request, `${tag}b`, `Overridden ${tag}`);
  const { operator, admin } = flown;
  // Its own place per language: an airspace that asks for an activation whatever the impact, none held.
  const home = { lon: lang === 'en' ? 1.7 : 1.8, lat: 46.3 };
  const managerToken = await tokenOf(request, DEMO.manager);
  const manager = { authorization: `Bearer ${managerToken}` };
  const identity = {
    name: `Activated airspace ${tag}`,
    internalCode: `act-${tag}`,
    geometry: { type: 'MultiPolygon', coordinates: [[squareRing(home.lon + 0.001, home.lat + 0.001, 0.05)]] },
    activationTrigger: 'always',
  };
  const airspace = await request.post('/api/airspaces', {
    headers: admin,
    data: { ...identity, managerIds: [subjectOf(managerToken)] },
  });
  expect(airspace.status(), await airspace.text()).toBe(201);
  const airspaceId = ((await airspace.json()) as { id: string }).id;
  // Filed before it starts (a request for a mission already started is refused), tried once started: the other two
  // missions are tried meanwhile. It starts in three times what the first mission took to prepare, at least 10 s: a
  // busy machine, slower at everything, gets its margin, a quiet one does not wait idle.
  const startInMs = Math.max(10_000, 3 * onePreparation);
  const inactive = await validatedMission(request, `${tag}c`, `Not activated ${tag}`, { startInMs, home });
  const filed = await request.post('/api/procedures', {
    headers: operator,
    data: { missionId: inactive.missionId, airspaceId, conditionsAccepted: true },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  const requestId = ((await filed.json()) as { id: string }).id;
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
    // The third mission's request is accepted by the manager of the airspace, but no activation is asked for.
    const accepted = await request.post(`/api/procedures/${requestId}/actions/accept`, { headers: manager, data: {} });
    expect(accepted.ok(), await accepted.text()).toBe(true);

    await signIn(page, DEMO.operator, { lang, to: `/backoffice/preflights/edit/${blocked.missionId}` });
    await page.getByTestId('flight-takeOff').click();
    const check = page.getByTestId('takeoff-check');
    await expect(check).toHaveAttribute('data-state', 'blocked');
    const pilotLine = check.locator('[data-testid="takeoff-check-item"][data-item="pilot"]');
    await expect(pilotLine).toHaveAttribute('data-code', 'TAKEOFF_PILOT_DOCUMENT_EXPIRED');
    await expect(pilotLine).toContainText(text.expired(yesterday));
    await expect(check.getByTestId('takeoff-check-blocked')).toContainText(text.refused);
    await expect(check.getByTestId('takeoff-check-confirm')).toBeDisabled();
    await expect(check.getByTestId('takeoff-check-confirm')).toBeInViewport();
    await shot('blocked');
    // The server refuses it as well, with its code.
    const refused = await request.post('/api/preflights/takeoff', { headers: operator, data: { preFlightId: blocked.missionId } });
    expect([refused.status(), ((await refused.json()) as { code: string }).code]).toEqual([409, 'TAKEOFF_PILOT_DOCUMENT_EXPIRED']);

    await page.goto(`/backoffice/preflights/edit/${flown.missionId}`);
    await page.getByTestId('flight-takeOff').click();
    await expect(check).toHaveAttribute('data-state', 'warnings');
    await expect(check.locator('[data-testid="takeoff-check-item"][data-item="alerts"]')).toContainText(alertName);
    await expect(check.getByTestId('takeoff-check-confirm')).toBeDisabled();
    await check.getByTestId('takeoff-check-reason').fill(text.reason);
    await shot('warning');
    await check.getByTestId('takeoff-check-confirm').click();
    await expect(page.getByTestId('mission-status')).toHaveAttribute('data-status', 'onGoing');
    await page.getByTestId('flight-land').click();
    await expect(page.getByTestId('mission-status')).toHaveAttribute('data-status', 'validated');

    await page.goto(`/backoffice/postflights/${flown.missionId}`);
    await expect(page.getByTestId('post-flight-change').filter({ hasText: text.reason })).toHaveText(text.overridden(text.reason));

    // No held activation where the airspace asks for one: refused, the airspace's line says why (once in its slot).
    const codes = async () => {
      const answer = await request.get(`/api/preflights/${inactive.missionId}/takeoff-check`, { headers: operator });
      return ((await answer.json()) as { items: { code: string | null }[] }).items.map((item) => item.code);
    };
    await expect.poll(codes, { timeout: 90_000 }).toContain('TAKEOFF_NO_ACTIVATION');
    await page.goto(`/backoffice/preflights/edit/${inactive.missionId}`);
    await page.getByTestId('flight-takeOff').click();
    await expect(check).toHaveAttribute('data-state', 'blocked');
    const authorisation = check.locator('[data-testid="takeoff-check-item"][data-code="TAKEOFF_NO_ACTIVATION"]');
    await expect(authorisation).toContainText(text.noActivation);
    await expect(check.getByTestId('takeoff-check-blocked')).toContainText(text.refused);
    await expect(check.getByTestId('takeoff-check-confirm')).toBeDisabled();
    await shot('no-activation');
    const notActivated = await request.post('/api/preflights/takeoff', { headers: operator, data: { preFlightId: inactive.missionId } });
    expect([notActivated.status(), ((await notActivated.json()) as { code: string }).code]).toEqual([409, 'TAKEOFF_NO_ACTIVATION']);
  } finally {
    // The demo operator gets his language and his missions back, the demo manager his airspace alone; the alert goes.
    await request.delete(`/api/alerts/${alertId}`, { headers: admin });
    for (const missionId of [blocked.missionId, flown.missionId, inactive.missionId]) {
      await request.post(`/api/preflights/${missionId}/actions/cancel`, { headers: operator, data: {} });
    }
    await request.put(`/api/airspaces/${airspaceId}`, { headers: admin, data: { ...identity, managerIds: [] } });
    await request.patch('/api/account', { headers: operator, data: { lang: 'en' } });
  }
}
