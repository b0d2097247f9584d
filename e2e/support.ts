import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { LoginResult } from '../src/shared/contracts/auth';

export const DEMO_PASSWORD = 'Aerogate-Demo-1!';

export const DEMO = {
  admin: 'admin@aerogate.demo',
  operator: 'operator@aerogate.demo',
  pilot: 'pilot@aerogate.demo',
  manager: 'manager@aerogate.demo',
  newcomer: 'newcomer@aerogate.demo',
} as const;

/** Signs in through the login form, as a user does: for the specs that test signing in itself (session.spec.ts). */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  // By field name, so signing in works whatever the interface language is.
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/backoffice\//);
}

export interface SignInOptions {
  password?: string;
  /** The interface language, saved on the account as the language switch does; by default the account's own. */
  lang?: 'en' | 'fr';
  /** The first screen opened; by default the account's homepage; null: none, the caller opens it. */
  to?: string | null;
}

/**
 * Signs in through the API and stores the session where the login screen does (src/lib/session.ts), then opens the
 * first screen: one page load instead of the login screen's, its form and the homepage's. The login form itself is
 * tested by session.spec.ts (signInThroughForm).
 */
export async function signIn(page: Page, email: string, { password = DEMO_PASSWORD, lang, to = '/' }: SignInOptions = {}) {
  const login = await page.request.post('/api/security/login', { data: { email, password } });
  expect(login.ok(), await login.text()).toBe(true);
  const session = (await login.json()) as LoginResult;
  if (lang && lang !== session.lang) {
    const saved = await page.request.patch('/api/account', { headers: { authorization: `Bearer ${session.token}` }, data: { lang } });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  // Any document of the origin gives its storage; the status answer is the smallest.
  await page.goto('/api/status');
  await page.evaluate(
    ({ session, lang }) => {
      const stored: Record<string, string | null> = {
        token: session.token,
        expiry: String(session.expiredAt * 1000),
        name: session.name,
        email: session.email,
        homepage: session.homepage,
        lang: lang ?? session.lang,
        supervision: session.supervision,
        gjrt: session.gjrt || null,
      };
      for (const [key, value] of Object.entries(stored))
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, value);
    },
    { session, lang },
  );
  if (to === null) return;
  await page.goto(to);
  await expect(page).toHaveURL(/\/backoffice\//);
}

/** Signs in in English: the language stored with a demo account may have been left French by another spec. */
export async function signInInEnglish(page: Page, email: string, to?: string | null) {
  await signIn(page, email, { lang: 'en', to });
}

/** The newest outbox e-mail to `recipient`, read through the API as the demo admin. */
export async function latestEmailTo(request: APIRequestContext, recipient: string) {
  const login = await request.post('/api/security/login', { data: { email: DEMO.admin, password: DEMO_PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const response = await request.get(`/api/outbox?channel=email&recipient=${encodeURIComponent(recipient)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { items } = (await response.json()) as { items: { text: string; subject: string }[] };
  return items[0];
}

export async function visibleTestIds(page: Page, prefix: string, container: string) {
  const ids = await page
    .getByTestId(container)
    .locator(`[data-testid^="${prefix}"]`)
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.slice(prefix.length)).sort();
}

export async function tokenOf(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const response = await request.post('/api/security/login', { data: { email, password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** Agreement statuses under which the operator may create missions (docs/missions.md). */
const MISSION_AGREEMENTS = ['validated', 'updated', 'nearlyExpired', 'renewValidation', 'noNeedAgreement'];

/**
 * Makes sure the demo operator may create missions (docs/missions.md "Agreement status"): another spec of the run may
 * have changed the agreement; an administrator then marks the account as needing no agreement, through the API.
 */
export async function allowOperatorMissions(request: APIRequestContext) {
  const admin = { authorization: `Bearer ${await tokenOf(request, DEMO.admin)}` };
  // The operator's id is the subject of its token.
  const [, payload] = (await tokenOf(request, DEMO.operator)).split('.');
  const { sub } = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { sub: string };
  // Another spec of the run (or the other language) may already have settled the demo operator's agreement.
  const { status } = (await (await request.get(`/api/agreements/${sub}`, { headers: admin })).json()) as { status: string };
  if (MISSION_AGREEMENTS.includes(status)) return;
  const exempt = await request.post(`/api/agreements/${sub}/exempt`, { headers: admin });
  expect(exempt.ok(), await exempt.text()).toBe(true);
}

/** A pilot (A2 certificate, adult) and a C2 machine of the demo operator (or of another account), named for this run. */
export async function registerPilotAndMachine(
  request: APIRequestContext,
  tag: string,
  owner: { email: string; password: string } = { email: DEMO.operator, password: DEMO_PASSWORD },
) {
  const operator = { authorization: `Bearer ${await tokenOf(request, owner.email, owner.password)}` };
  const pilot = await request.post('/api/pilots', {
    headers: operator,
    data: {
      firstName: 'Romain',
      lastName: `Remote ${tag}`,
      email: `romain.${tag}@aerogate.test`,
      birthDate: '1990-04-12',
      documents: [{ skillType: 'openA2', reference: `A2-${tag}`, validFrom: '2025-01-01', validUntil: '2030-12-31' }],
    },
  });
  expect(pilot.status()).toBe(201);
  const machine = await request.post('/api/machines', {
    headers: operator,
    data: { internalName: `Survey ${tag}`, serialNumber: `SN-${tag}`, classes: ['C2'], massGrams: 3900 },
  });
  expect(machine.status()).toBe(201);
  return { pilot: `Romain Remote ${tag}`, machine: `Survey ${tag} (SN-${tag})` };
}

/**
 * A one-hour mission of the demo operator over `areas` from `start`, flown by the pilot and machine registered under
 * `tag` (registerPilotAndMachine): its id.
 */
export async function hourMission(request: APIRequestContext, tag: string, mission: { title: string; areas: object; start: Date }) {
  const operator = { authorization: `Bearer ${await tokenOf(request, DEMO.operator)}` };
  const [pilots, machines] = await Promise.all([
    request.get(`/api/pilots?search=${tag}`, { headers: operator }).then((r) => r.json()),
    request.get(`/api/machines?search=${tag}`, { headers: operator }).then((r) => r.json()),
  ]);
  const created = await request.post('/api/preflights', {
    headers: operator,
    data: {
      title: mission.title,
      referentPilotId: pilots.items[0].id,
      mainMachineId: machines.items[0].id,
      maxHeightM: 40,
      areas: mission.areas,
      startAt: mission.start.toISOString(),
      endAt: new Date(mission.start.getTime() + 3_600_000).toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/**
 * A new operator account with a company and a phone, signed up and activated through the API (its activation link
 * read from the outbox): for journeys that start from an empty agreement file, which the demo operator no longer has.
 */
export async function newOperator(request: APIRequestContext, tag: string) {
  const email = `operator-${tag}@example.com`;
  const password = 'Flight-Plan-2026!';
  const signup = await request.post('/api/security/signup', {
    data: {
      firstName: 'Oscar',
      lastName: `Newcomer ${tag}`,
      email,
      emailConfirmation: email,
      password,
      passwordConfirmation: password,
      companyName: `Fresh Wings ${tag}`,
      phoneNumber: '+33 1 44 55 66 77',
      legalNotice: true,
    },
  });
  expect(signup.ok()).toBe(true);
  const { text } = await latestEmailTo(request, email);
  const token = /\/activate-account\/([\w-]+)/.exec(text)?.[1];
  expect(token).toBeTruthy();
  expect((await request.post('/api/security/activate', { data: { token } })).ok()).toBe(true);
  return { email, password };
}

/** A rural spot of the Indre with no managed airspace: the take-off needs no permission request. */
export const FLOWN_HOME = { lat: 46.5, lon: 1.5 };
export const FLOWN_POSITIONS = 12;
/** The ground station that relays the flight's positions. */
export const FLOWN_STATION = { stationName: 'Indre mast', stationLatitude: 46.49, stationLongitude: 1.49 };
/**
 * The i-th position of the flight `flownMission` records: eastwards along a parallel, climbing 50 m every 5 s, the
 * tracker's signal weakening by 5 dB and its GPS fix gaining a satellite each time; the last one reports neither.
 */
export const flownPoint = (i: number) => ({
  lat: FLOWN_HOME.lat + 0.001,
  lon: FLOWN_HOME.lon + i * 0.0002,
  alt: 20 + i * 50,
  rssi: i < FLOWN_POSITIONS - 1 ? -35 - i * 5 : null,
  gpsSatellites: i < FLOWN_POSITIONS - 1 ? 3 + i : null,
});
const subjectOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

/**
 * A mission of the demo operator over `FLOWN_HOME`, 50 m, starting in `startInMs` (ten minutes by default) for an hour,
 * validated through the API (sent for validation, validated by the admin, unless `validated` is false), with a machine
 * of its own and a pilot of its own (or the operator's pilot found by the `pilot` search).
 */
export async function validatedMission(
  request: APIRequestContext,
  tag: string,
  title: string,
  {
    startInMs = 10 * 60_000,
    validated = true,
    pilot = tag,
    home = FLOWN_HOME,
  }: { startInMs?: number; validated?: boolean; pilot?: string; home?: { lon: number; lat: number } } = {},
) {
  await allowOperatorMissions(request);
  await registerPilotAndMachine(request, tag);
  const operatorToken = await tokenOf(request, DEMO.operator);
  const operator = { authorization: `Bearer ${operatorToken}` };
  const admin = { authorization: `Bearer ${await tokenOf(request, DEMO.admin)}` };
  const [pilots, machines] = await Promise.all([
    request.get(`/api/pilots?search=${encodeURIComponent(pilot)}`, { headers: operator }).then((r) => r.json()),
    request.get(`/api/machines?search=${tag}`, { headers: operator }).then((r) => r.json()),
  ]);
  const d = 0.002;
  const start = new Date(Date.now() + startInMs);
  const created = await request.post('/api/preflights', {
    headers: operator,
    data: {
      title,
      referentPilotId: pilots.items[0].id,
      mainMachineId: machines.items[0].id,
      maxHeightM: 50,
      areas: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [home.lon, home.lat],
              [home.lon + d, home.lat],
              [home.lon + d, home.lat + d],
              [home.lon, home.lat + d],
              [home.lon, home.lat],
            ],
          ],
        ],
      },
      startAt: start.toISOString(),
      endAt: new Date(start.getTime() + 3_600_000).toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const missionId = ((await created.json()) as { id: string }).id;
  const actions = [['sendForValidation', operator] as const, ...(validated ? [['validate', admin] as const] : [])];
  for (const [action, headers] of actions) {
    const answer = await request.post(`/api/preflights/${missionId}/actions/${action}`, { headers, data: {} });
    expect(answer.ok(), await answer.text()).toBe(true);
  }
  return { missionId, operatorId: subjectOf(operatorToken), operator, admin };
}

/**
 * A flight of the demo operator, through the API as flight operations record it: a mission validated, taken off,
 * tracked by a tracker of the operator (twelve positions 5 s apart climbing from 20 to 570 m, relayed by a ground
 * station) and landed.
 */
export async function flownMission(request: APIRequestContext, tag: string) {
  const { missionId, operatorId, operator, admin } = await validatedMission(request, tag, `Flown ${tag}`);
  const takeoff = await request.post('/api/preflights/takeoff', { headers: operator, data: { preFlightId: missionId } });
  expect(takeoff.ok(), await takeoff.text()).toBe(true);

  const tracker = await request.post('/api/trackers', {
    headers: admin,
    data: { ident: `TRK-${tag}`, vehicle: 'drone', source: 'wi', relatedUserId: operatorId, recorded: true },
  });
  expect(tracker.status(), await tracker.text()).toBe(201);
  const key = await request.post(`/api/users/${operatorId}/api-key`, { headers: admin });
  expect(key.ok(), await key.text()).toBe(true);
  const { apiKey } = (await key.json()) as { apiKey: string };
  const first = Date.now() + 1_000;
  const batch = await request.post('/api/traffics/', {
    headers: { 'X-Api-Key': apiKey },
    data: {
      positions: Array.from({ length: FLOWN_POSITIONS }, (_, i) => ({
        ident: `TRK-${tag}`,
        ...flownPoint(i),
        ...FLOWN_STATION,
        spd: 4,
        heading: 90,
        time: new Date(first + i * 5_000).toISOString(),
        type: 'drone',
        source: 'wi',
      })),
    },
  });
  expect(batch.ok(), await batch.text()).toBe(true);
  expect(((await batch.json()) as { accepted: number }).accepted).toBe(FLOWN_POSITIONS);
  const landing = await request.post('/api/preflights/landing', { headers: operator, data: { preFlightId: missionId } });
  expect(landing.ok(), await landing.text()).toBe(true);
  return { missionId, title: `Flown ${tag}` };
}

/**
 * Before an action that replaces the screen's map with a new one without loading the page (saving a new mission opens
 * its own editor, duplicating opens the copy's): the state the old map left must not stand for the new one's.
 */
export async function forgetMap(page: Page) {
  await page.evaluate(() => {
    window.__mapState = undefined;
  });
}

export async function mapReady(page: Page) {
  await page.waitForFunction(() => window.__mapState !== undefined && window.__mapState !== 'init', undefined, { timeout: 60_000 });
  expect(await page.evaluate(() => window.__mapState)).toBe('idle-rendered');
}

/**
 * Every geozone in view and the protected areas are switched off, and the layer panel folded away: the zones the
 * mission touches stay outlined by the editor, and the software-rendered map of the test browser stays quick.
 */
export async function quietMap(page: Page) {
  await mapReady(page);
  if (await page.getByTestId('layer-panel-open').isVisible()) await page.getByTestId('layer-panel-open').click();
  await page.getByTestId('layer-toggle-geozones').uncheck();
  await page.getByTestId('layer-toggle-protected').uncheck();
  await page.getByTestId('layer-panel').locator('button[aria-controls="map-layer-panel"]').click();
  await expect(page.getByTestId('layer-panel-open')).toBeVisible();
}

/** Clicks a square polygon of `side` pixels on the map, left of the drawing toolbar, and closes it. */
export async function drawSquare(page: Page, side: number) {
  await page.getByTestId('draw-polygon').click();
  const box = (await page.getByTestId('map').boundingBox())!;
  const [x, y] = [box.x + 40, box.y + box.height / 2 - side / 2];
  for (const [dx, dy] of [
    [0, 0],
    [side, 0],
    [side, side],
    [0, side],
    [0, 0],
  ] as const) {
    await page.mouse.click(x + dx, y + dy);
  }
  await page.getByTestId('draw-polygon').click();
}
