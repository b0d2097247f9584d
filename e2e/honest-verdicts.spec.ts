import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, allowOperatorMissions, registerPilotAndMachine, signIn, tokenOf } from './support';

const DAY = 86_400_000;
const square = (lon: number, lat: number, size = 0.004) => ({
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [lon, lat],
        [lon + size, lat],
        [lon + size, lat + size],
        [lon, lat + size],
        [lon, lat],
      ],
    ],
  ],
});
/** Rennes city centre, under TMA RENNES (floor 457 m above sea level), and Berlin-Mitte. */
const RENNES = square(-1.682, 48.108);
const BERLIN = square(13.4, 52.52);

async function missionAt(request: APIRequestContext, tag: string, title: string, areas: object) {
  const operator = { authorization: `Bearer ${await tokenOf(request, DEMO.operator)}` };
  const [pilots, machines] = await Promise.all([
    request.get(`/api/pilots?search=${tag}`, { headers: operator }).then((r) => r.json()),
    request.get(`/api/machines?search=${tag}`, { headers: operator }).then((r) => r.json()),
  ]);
  const start = new Date(Math.ceil((Date.now() + 2 * DAY) / DAY) * DAY + 9 * 3_600_000);
  const created = await request.post('/api/preflights', {
    headers: operator,
    data: {
      title: `${title} ${tag}`,
      referentPilotId: pilots.items[0].id,
      mainMachineId: machines.items[0].id,
      maxHeightM: 45,
      areas,
      startAt: start.toISOString(),
      endAt: new Date(start.getTime() + 3_600_000).toISOString(),
      constraints: { overPeople: 'none', distanceToPeopleM: 80, vlos: true, urban: false, nearAerodrome: false },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const body = (await created.json()) as { id: string; lastVerdict: unknown };
  expect(body.lastVerdict).not.toBeNull();
  return body.id;
}

const TEXTS = {
  en: { altitude: 'Altitude needed', germany: 'No geozone data for Germany', incomplete: 'Incomplete' },
  fr: {
    altitude: 'Altitude nécessaire',
    germany: 'Aucune donnée de zones géographiques pour ce pays (Allemagne)',
    incomplete: 'Incomplet',
  },
} as const;

// One journey in both languages: the interface language switches in place, without loading the mission again.
test('a Rennes mission without altitude asks for it instead of forbidding; a Berlin one says there is no German zone data (en, fr)', async ({
  page,
  request,
}) => {
  const tag = `hv${Date.now().toString(36)}`;
  await allowOperatorMissions(request);
  await registerPilotAndMachine(request, tag);
  const rennes = await missionAt(request, tag, 'Rennes', RENNES);
  const berlin = await missionAt(request, tag, 'Berlin', BERLIN);

  await signIn(page, DEMO.operator, { lang: 'en', to: `/backoffice/preflights/edit/${rennes}` });
  await page.getByTestId('mission-tab-regulation').click();
  const verdict = page.getByTestId('verdict');
  await expect(verdict).not.toHaveAttribute('data-category', 'FORBIDDEN');
  await expect(verdict).toHaveAttribute('data-incomplete', 'true');
  await expect(page.getByTestId('verdict-max-height')).not.toHaveAttribute('data-value', '0');
  for (const language of ['en', 'fr'] as const) {
    await page.getByTestId(`language-${language}`).click();
    await expect(page.getByTestId('verdict-altitude-needed')).toContainText(TEXTS[language].altitude);
    await expect(page.getByTestId('verdict-altitude-needed')).toContainText('[LF][TMA RENNES]');
  }
  // The verdict leads to the field it needs.
  await page.getByTestId('verdict-enter-altitude').click();
  await expect(page.getByTestId('mission-height-ft')).toBeFocused();

  await page.goto(`/backoffice/preflights/edit/${berlin}`);
  await page.getByTestId('mission-tab-regulation').click();
  for (const language of ['fr', 'en'] as const) {
    await page.getByTestId(`language-${language}`).click();
    await expect(page.getByTestId('verdict-no-zone-data')).toContainText(TEXTS[language].germany);
    await expect(page.getByTestId('verdict-incomplete')).toHaveText(TEXTS[language].incomplete);
  }
});
