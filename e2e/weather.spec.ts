import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, allowOperatorMissions, hourMission, registerPilotAndMachine, signIn } from './support';

const HOUR = 3_600_000;

/** About 0.2 km² next to Orly (LFPO), whose recorded TAF the embedded default replays as issued an hour ago. */
const NEAR_ORLY = {
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [2.35, 48.74],
        [2.355, 48.74],
        [2.355, 48.745],
        [2.35, 48.745],
        [2.35, 48.74],
      ],
    ],
  ],
};

function missionStartingIn(request: APIRequestContext, tag: string, hoursAhead: number) {
  const start = new Date(Math.ceil((Date.now() + hoursAhead * HOUR) / HOUR) * HOUR);
  return hourMission(request, tag, { title: `Weather ${tag} +${hoursAhead}h`, areas: NEAR_ORLY, start });
}

const TEXTS = {
  en: {
    title: 'Weather at the start',
    station: 'Paris-Orly Airport (LFPO)',
    recorded: 'real recorded forecast',
    none: 'No weather forecast at the flight date.',
  },
  fr: {
    title: 'Météo au départ',
    station: 'Paris-Orly Airport (LFPO)',
    recorded: 'prévision réelle enregistrée',
    none: 'Aucune prévision météo à la date du vol.',
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  test(`[${language}] the operator sees the TAF category of a mission near Orly, and no forecast for a mission three days ahead`, async ({
    page,
    request,
  }) => {
    const text = TEXTS[language];
    const tag = `wx${language}${Date.now().toString(36)}`;
    await allowOperatorMissions(request);
    await registerPilotAndMachine(request, tag);
    const soon = await missionStartingIn(request, tag, 3);
    const later = await missionStartingIn(request, tag, 72);

    await signIn(page, DEMO.operator, { lang: language, to: `/backoffice/preflights/edit/${soon}` });

    const weather = page.getByTestId('mission-weather');
    await expect(page.getByText(text.title)).toBeVisible();
    await expect(weather).toContainText(text.station);
    await expect(weather.getByTestId('weather-category').first()).toHaveText(/^(VFR|MVFR|IFR|LIFR)$/);
    await expect(weather.getByTestId('weather-recorded')).toContainText(text.recorded);
    await expect(weather.locator('pre').first()).toContainText(/^TAF LFPO \d{6}Z/);
    // Times as pilots read them: day and month in the reader's order, 24-hour UTC with Z; the TAF wrapped, not cut.
    await expect(weather).toContainText(language === 'fr' ? /À \d{2}\/\d{2} \d{2}:\d{2}Z :/ : /At \d{2}\/\d{2} \d{2}:\d{2}Z:/);
    await expect(weather).not.toContainText(/ (AM|PM) /);
    const raw = weather.getByTestId('weather-raw');
    expect(await raw.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

    await page.goto(`/backoffice/preflights/edit/${later}`);
    await expect(page.getByTestId('weather-unavailable')).toHaveText(text.none);
    await expect(page.getByTestId('error-toast')).toHaveCount(0);

    await page.getByTestId('language-en').click();
  });
}

for (const language of ['en', 'fr'] as const) {
  test(`[${language}] the map's Weather group draws the TAF category of the aerodromes in view, Orly's among them`, async ({ page }) => {
    await signIn(page, DEMO.operator, { lang: language, to: '/backoffice/live#11/48.72/2.36' });
    const toggle = page.getByTestId('layer-toggle-tafCategory');
    await expect(toggle).not.toBeChecked();
    await toggle.check();

    // The recording of Orly's TAF is replayed as issued an hour ago: valid now.
    await expect(page.getByTestId('taf-LFPO')).toHaveText(/^LFPO .+: (VFR|MVFR|IFR|LIFR)$/);
    await expect(page.getByTestId('map')).toHaveAttribute('data-visible-layers', /taf-aerodromes/);
  });
}
