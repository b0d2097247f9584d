import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { DEMO, FLOWN_POSITIONS, flownMission, flownPoint, mapReady, signIn } from './support';

const TEXTS = {
  en: {
    activity: 'Activity',
    other: 'Other',
    surveillance: 'Surveillance',
    specify: 'Specify the activity',
    flightTime: 'Flight time (minutes)',
    fromTracks: '1 min from the tracks',
    save: 'Save',
    saved: 'Diary saved.',
    newNote: 'New note',
    addNote: 'Add the note',
    note: 'Wind picked up at the end of the flight.',
    specifyText: 'Roof survey of the barn',
    changes: [
      'Activity: (empty) → Other',
      'Specify the activity: (empty) → Roof survey of the barn',
      'Flight time (minutes): (empty) → 1 minute',
      'Activity: Other → Surveillance',
      'Flight time (minutes): 1 minute → 3 minutes',
      'Added a note',
    ],
    flight: 'Flight',
    replay: 'Replay',
    loaded: `${FLOWN_POSITIONS} positions of 1 target(s).`,
  },
  fr: {
    activity: 'Activité',
    other: 'Autre',
    surveillance: 'Surveillance',
    specify: "Précisez l'activité",
    flightTime: 'Temps de vol (minutes)',
    fromTracks: "1 min d'après les traces",
    save: 'Enregistrer',
    saved: 'Carnet enregistré.',
    newNote: 'Nouvelle note',
    addNote: 'Ajouter la note',
    note: 'Le vent s’est levé en fin de vol.',
    specifyText: 'Relevé de la toiture de la grange',
    changes: [
      'Activité : (vide) → Autre',
      "Précisez l'activité : (vide) → Relevé de la toiture de la grange",
      'Temps de vol (minutes) : (vide) → 1 minute',
      'Activité : Autre → Surveillance',
      'Temps de vol (minutes) : 1 minute → 3 minutes',
      'Note ajoutée',
    ],
    flight: 'Vol',
    replay: 'Rejouer',
    loaded: `${FLOWN_POSITIONS} positions de 1 cible(s).`,
  },
} as const;

const points = Array.from({ length: FLOWN_POSITIONS }, (_, i) => flownPoint(i));

async function downloaded(page: Page, testId: string) {
  const download: Promise<Download> = page.waitForEvent('download');
  await page.getByTestId(testId).click();
  const file = await download;
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') };
}

for (const language of ['en', 'fr'] as const) {
  test(`[${language}] the operator fills in a flight's diary, edits it, reads its history, downloads its track and the replay's CSV and exports`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const text = TEXTS[language];
    const { missionId, title } = await flownMission(request, `pf${language}${Date.now().toString(36)}`);

    await signIn(page, DEMO.operator, { lang: language, to: `/backoffice/postflights/${missionId}` });

    // The diary: activity "other" with its specify text, the flight time proposed from the tracks (55 s: 1 minute).
    const activity = page.getByRole('combobox', { name: text.activity, exact: true });
    await expect(activity.locator('option[value="other"]')).toHaveText(text.other);
    await activity.selectOption('other');
    await page.getByRole('textbox', { name: text.specify }).fill(text.specifyText);
    await page.getByRole('button', { name: text.fromTracks, exact: true }).click();
    const flightTime = page.getByRole('textbox', { name: text.flightTime });
    await expect(flightTime).toHaveValue('1');
    await page.getByRole('button', { name: text.save, exact: true }).click();
    await expect(page.getByTestId('post-flight-saved')).toHaveText(text.saved);

    // Edited: another activity and another time.
    await activity.selectOption('sur');
    await flightTime.fill('3');
    await page.getByRole('button', { name: text.save, exact: true }).click();
    await expect(activity).toHaveValue('sur');
    await expect(page.getByTestId('post-flight-history')).toContainText(text.changes[3]);

    await page.getByRole('textbox', { name: text.newNote }).fill(text.note);
    await page.getByRole('button', { name: text.addNote, exact: true }).click();
    await expect(page.getByTestId('post-flight-note')).toContainText(text.note);

    const history = page.getByTestId('post-flight-history');
    for (const change of text.changes) await expect(history.getByTestId('post-flight-change').filter({ hasText: change })).toHaveCount(1);

    // The mission's track in the three formats: every position, where it was flown.
    const kml = await downloaded(page, 'post-flight-track-export-kml');
    expect(kml.name).toMatch(/\.kml$/);
    expect(kml.text.match(/<when>/g)).toHaveLength(FLOWN_POSITIONS);
    const coords = [...kml.text.matchAll(/<gx:coord>([^<]+)<\/gx:coord>/g)].map((match) => match[1]);
    expect(coords).toEqual(points.map((point) => `${point.lon} ${point.lat} ${point.alt}`));

    const geojson = await downloaded(page, 'post-flight-track-export-geojson');
    expect(geojson.name).toMatch(/\.geojson$/);
    const collection = JSON.parse(geojson.text) as { features: { geometry: { type: string; coordinates: number[][] } }[] };
    expect(collection.features).toHaveLength(1);
    expect(collection.features[0]!.geometry.type).toBe('LineString');
    expect(collection.features[0]!.geometry.coordinates).toEqual(points.map((point) => [point.lon, point.lat, point.alt]));

    const gpx = await downloaded(page, 'post-flight-track-export-gpx');
    expect(gpx.name).toMatch(/\.gpx$/);
    expect(gpx.text.match(/<rte>/g)).toHaveLength(1);
    const rtepts = [...gpx.text.matchAll(/<rtept lat="([^"]+)" lon="([^"]+)">/g)].map((match) => [Number(match[2]), Number(match[1])]);
    expect(rtepts).toEqual(points.map((point) => [point.lon, point.lat]));
    expect(gpx.text).not.toContain('<ele>');

    // The same flight's replay CSV: its header and a row per position.
    await page.goto('/backoffice/replay');
    await mapReady(page);
    const flight = page.getByRole('combobox', { name: text.flight, exact: true });
    await expect(flight.locator(`option[value="${missionId}"]`)).toContainText(title);
    await flight.selectOption(missionId);
    await page.getByRole('button', { name: text.replay, exact: true }).click();
    await expect(page.getByTestId('replay-loaded')).toHaveText(text.loaded);
    const csv = await downloaded(page, 'replay-csv');
    expect(csv.name).toBe('replay.csv');
    const lines = csv.text.split('\n').filter(Boolean);
    expect(lines[0]).toBe('time,source,ident,type,missionId,lat,lon,height,speed,heading,rssi,gpsSatellites');
    expect(lines.slice(1).map((line) => line.split(',').slice(-2).join(','))).toEqual(
      points.map((point) => `${point.rssi ?? ''},${point.gpsSatellites ?? ''}`),
    );
    expect(lines).toHaveLength(FLOWN_POSITIONS + 1);
    expect(lines.slice(1).every((line) => line.includes(`,${missionId},`))).toBe(true);

    // The replayed selection in the three formats: the same flight, every position.
    const replayKml = await downloaded(page, 'replay-export-kml');
    expect(replayKml.name).toBe('replay.kml');
    expect([...replayKml.text.matchAll(/<gx:coord>([^<]+)<\/gx:coord>/g)].map((match) => match[1])).toEqual(coords);
    const replayGeoJson = await downloaded(page, 'replay-export-geojson');
    expect(replayGeoJson.name).toBe('replay.geojson');
    expect(JSON.parse(replayGeoJson.text)).toEqual(collection);
    const replayGpx = await downloaded(page, 'replay-export-gpx');
    expect(replayGpx.name).toBe('replay.gpx');
    expect(replayGpx.text.match(/<rtept /g)).toHaveLength(FLOWN_POSITIONS);
  });
}
