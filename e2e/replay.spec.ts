import { expect, test } from '@playwright/test';
import { DEMO, FLOWN_POSITIONS as POSITIONS, flownMission, mapReady, signIn } from './support';

const TEXTS = {
  en: {
    flight: 'Flight',
    replay: 'Replay',
    loaded: `${POSITIONS} positions of 1 target(s).`,
    time: 'Time of the replay',
    play: 'Play',
    height: 'Height',
    heatmap: 'Heatmap',
    source: 'Colour by source',
    stations: 'Ground stations',
    sources: ['Wi-Fi'],
    station: `Indre mast (${POSITIONS} positions)`,
    heights: ['0–120 m', '120–500 m', 'Above 500 m'],
    speed: 'Speed',
    speedClasses: ['0 to 5 m/s', '5 to 10 m/s', '10 to 15 m/s', '15 m/s and more', 'No value'],
    rssi: 'RSSI',
    satellites: 'GPS satellites',
    rssiClasses: ['-30 to -45 dB', '-45 to -60 dB', '-60 to -75 dB', '-75 to -90 dB', 'No value'],
    satelliteClasses: ['1 to 3 satellites', '4 to 6 satellites', '7 to 9 satellites', '10 to 14 satellites', 'No value'],
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
    source: 'Couleur par source',
    stations: 'Stations sol',
    sources: ['Wi-Fi'],
    station: `Indre mast (${POSITIONS} positions)`,
    heights: ['0–120 m', '120–500 m', 'Au-dessus de 500 m'],
    speed: 'Vitesse',
    speedClasses: ['0 à 5 m/s', '5 à 10 m/s', '10 à 15 m/s', '15 m/s et plus', 'Sans valeur'],
    rssi: 'RSSI',
    satellites: 'Satellites GPS',
    rssiClasses: ['-30 à -45 dB', '-45 à -60 dB', '-60 à -75 dB', '-75 à -90 dB', 'Sans valeur'],
    satelliteClasses: ['1 à 3 satellites', '4 à 6 satellites', '7 à 9 satellites', '10 à 14 satellites', 'Sans valeur'],
    levels: ['Aucune', 'Très faible', 'Faible', 'Moyenne', 'Élevée', 'Maximale'],
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  test(`[${language}] the operator replays a flight with the slider and switches the heatmap, height, speed, rssi, GPS-satellite, source and station layers with their legends`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const text = TEXTS[language];
    const { missionId, title } = await flownMission(request, `rp${language}${Date.now().toString(36)}`);

    await signIn(page, DEMO.operator, { lang: language, to: '/backoffice/replay' });
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

    await page.getByRole('checkbox', { name: text.speed, exact: true }).check();
    await expect(page.getByTestId('legend-speed').getByTestId('legend-speed-class')).toHaveText([...text.speedClasses]);
    await expect(map).toHaveAttribute('data-visible-layers', /replay-speed/);
    await page.getByRole('checkbox', { name: text.rssi, exact: true }).check();
    await page.getByRole('checkbox', { name: text.satellites, exact: true }).check();
    await expect(page.getByTestId('legend-rssi').getByTestId('legend-rssi-class')).toHaveText([...text.rssiClasses]);
    await expect(page.getByTestId('legend-satellites').getByTestId('legend-satellites-class')).toHaveText([...text.satelliteClasses]);
    await expect(map).toHaveAttribute('data-visible-layers', /replay-rssi/);
    await expect(map).toHaveAttribute('data-visible-layers', /replay-satellites/);

    await page.getByRole('checkbox', { name: text.source, exact: true }).check();
    await page.getByRole('checkbox', { name: text.stations, exact: true }).check();
    await expect(page.getByTestId('legend-source').getByTestId('legend-source-item')).toHaveText([...text.sources]);
    await expect(page.getByTestId('legend-stations').getByTestId('legend-station')).toHaveText([text.station]);
    await expect(map).toHaveAttribute('data-visible-layers', /replay-source/);
    await expect(map).toHaveAttribute('data-visible-layers', /replay-stations/);
    await page.screenshot({ path: `reports/replay/replay-${language}.png` });
  });
}
