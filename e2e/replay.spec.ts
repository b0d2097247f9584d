import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, allowOperatorMissions, mapReady, registerPilotAndMachine, signIn, tokenOf } from './support';

/** A rural spot of the Indre with no managed airspace: the take-off needs no permission request. */
const HOME = { lat: 46.5, lon: 1.5 };
const POSITIONS = 12;
const subjectOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

/**
 * A flight of the demo operator, through the API as flight operations record it: a mission validated, taken off,
 * tracked by a tracker of the operator (twelve positions 5 s apart climbing from 20 to 570 m) and landed.
 */
async function flownMission(request: APIRequestContext, tag: string) {
  await allowOperatorMissions(request);
  await registerPilotAndMachine(request, tag);
  const operatorToken = await tokenOf(request, DEMO.operator);
  const operator = { authorization: `Bearer ${operatorToken}` };
  const admin = { authorization: `Bearer ${await tokenOf(request, DEMO.admin)}` };
  const [pilots, machines] = await Promise.all([
    request.get(`/api/pilots?search=${tag}`, { headers: operator }).then((r) => r.json()),
    request.get(`/api/machines?search=${tag}`, { headers: operator }).then((r) => r.json()),
  ]);
  const d = 0.002;
  const start = new Date(Date.now() + 10 * 60_000);
  const created = await request.post('/api/preflights', {
    headers: operator,
    data: {
      title: `Replay ${tag}`,
      referentPilotId: pilots.items[0].id,
      mainMachineId: machines.items[0].id,
      maxHeightM: 50,
      areas: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [HOME.lon, HOME.lat],
              [HOME.lon + d, HOME.lat],
              [HOME.lon + d, HOME.lat + d],
              [HOME.lon, HOME.lat + d],
              [HOME.lon, HOME.lat],
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
  for (const [action, headers] of [
    ['sendForValidation', operator],
    ['validate', admin],
  ] as const) {
    const answer = await request.post(`/api/preflights/${missionId}/actions/${action}`, { headers, data: {} });
    expect(answer.ok(), await answer.text()).toBe(true);
  }
  const takeoff = await request.post('/api/preflights/takeoff', { headers: operator, data: { preFlightId: missionId } });
  expect(takeoff.ok(), await takeoff.text()).toBe(true);

  const operatorId = subjectOf(operatorToken);
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
      positions: Array.from({ length: POSITIONS }, (_, i) => ({
        ident: `TRK-${tag}`,
        lat: HOME.lat + 0.001,
        lon: HOME.lon + i * 0.0002,
        alt: 20 + i * 50,
        spd: 4,
        heading: 90,
        time: new Date(first + i * 5_000).toISOString(),
        type: 'drone',
        source: 'wi',
      })),
    },
  });
  expect(batch.ok(), await batch.text()).toBe(true);
  expect(((await batch.json()) as { accepted: number }).accepted).toBe(POSITIONS);
  const landing = await request.post('/api/preflights/landing', { headers: operator, data: { preFlightId: missionId } });
  expect(landing.ok(), await landing.text()).toBe(true);
  return { missionId, title: `Replay ${tag}` };
}

const TEXTS = {
  en: {
    flight: 'Flight',
    replay: 'Replay',
    loaded: `${POSITIONS} positions of 1 target(s).`,
    time: 'Time of the replay',
    play: 'Play',
    height: 'Height',
    heatmap: 'Heatmap',
    heights: ['0–120 m', '120–500 m', 'Above 500 m'],
    levels: ['None', 'Very low', 'Low', 'Medium', 'High', 'Maximum'],
  },
  fr: {
    flight: 'Vol',
    replay: 'Rejouer',
    loaded: `${POSITIONS} positions de 1 cible(s).`,
    time: 'Instant du rejeu',
    play: 'Lecture',
    height: 'Hauteur',
    heatmap: 'Carte de chaleur',
    heights: ['0–120 m', '120–500 m', 'Au-dessus de 500 m'],
    levels: ['Aucune', 'Très faible', 'Faible', 'Moyenne', 'Élevée', 'Maximale'],
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  test(`[${language}] the operator replays a flight with the slider and switches the heatmap and height layers with their legends`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const text = TEXTS[language];
    const { missionId, title } = await flownMission(request, `rp${language}${Date.now().toString(36)}`);

    await signIn(page, DEMO.operator);
    await page.getByTestId(`language-${language}`).click();
    await page.goto('/backoffice/replay');
    await mapReady(page);

    const flight = page.getByRole('combobox', { name: text.flight, exact: true });
    await expect(flight.locator(`option[value="${missionId}"]`)).toContainText(title);
    await flight.selectOption(missionId);
    await page.getByRole('button', { name: text.replay, exact: true }).click();
    await expect(page.getByTestId('replay-loaded')).toHaveText(text.loaded);

    // The slider, from the keyboard: the first position, then the whole flight.
    const shown = page.getByTestId('replay-shown');
    const slider = page.getByRole('slider', { name: text.time });
    await slider.focus();
    await page.keyboard.press('Home');
    await expect(shown).toHaveAttribute('data-count', '1');
    await page.keyboard.press('End');
    await expect(shown).toHaveAttribute('data-count', String(POSITIONS));
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await expect(shown).toHaveAttribute('data-count', '1');

    // Played from the start at ×60, the replay reaches the end of the flight and stops.
    await page.getByTestId('replay-speed').selectOption('60');
    await page.getByRole('button', { name: text.play, exact: true }).click();
    await expect(shown).toHaveAttribute('data-count', String(POSITIONS));
    await expect(page.getByTestId('replay-play')).toHaveAttribute('aria-pressed', 'false');

    await page.getByRole('checkbox', { name: text.height, exact: true }).check();
    await page.getByRole('checkbox', { name: text.heatmap, exact: true }).check();
    await expect(page.getByTestId('legend-height').getByTestId('legend-height-class')).toHaveText([...text.heights]);
    await expect(page.getByTestId('legend-heatmap').getByTestId('legend-heatmap-level')).toHaveText([...text.levels]);
    const map = page.locator('[data-visible-layers]');
    await expect(map).toHaveAttribute('data-visible-layers', /replay-heatmap/);
    await expect(map).toHaveAttribute('data-visible-layers', /replay-height/);
    await expect(map).toHaveAttribute('data-visible-layers', /replay-tracks/);
    await page.screenshot({ path: `reports/replay/replay-${language}.png` });
  });
}
