import { expect, test, type Page, type Route } from '@playwright/test';
import type { MissionSummary } from '../src/shared/contracts/missions';
import { DEMO, signIn, signInInEnglish } from './support';

/*
 * The demo operator's agreement is notValidated and no endpoint validates an agreement yet (docs/missions.md
 * "Agreement status"), so the server refuses to create its missions. Until it can, GET /api/preflights answers a
 * mission of today from this test, filtered like the server does (search, from/to): the screen, FullCalendar and
 * the requests the screen sends are real.
 */
function todaysMission(): MissionSummary {
  const start = new Date();
  start.setHours(12, 0, 0, 0);
  const end = new Date(start);
  end.setHours(14);
  return {
    id: '6f1c2b9e-1d2a-4b8e-9f00-000000000042',
    ownerId: '6f1c2b9e-1d2a-4b8e-9f00-000000000001',
    title: 'Bridge inspection Pont-Neuf',
    status: 'validated',
    referentPilot: null,
    mainMachine: null,
    maxHeightM: 50,
    areaKm2: 0.2,
    startAt: start.toISOString(),
    endAt: end.toISOString(),
    country: 'FR',
    allowedActions: ['duplicate', 'archive', 'cancel'],
    createdAt: start.toISOString(),
    updatedAt: start.toISOString(),
  };
}

async function serveMissions(page: Page, mission: MissionSummary) {
  const searches: (string | null)[] = [];
  await page.route(
    (url) => url.pathname === '/api/preflights',
    async (route: Route) => {
      const query = new URL(route.request().url()).searchParams;
      const search = query.get('search')?.toLowerCase();
      searches.push(search ?? null);
      const from = query.get('from');
      const to = query.get('to');
      const matches =
        (!search || mission.title.toLowerCase().includes(search)) &&
        (!from || new Date(mission.endAt!) >= new Date(from)) &&
        (!to || new Date(mission.startAt!) <= new Date(to));
      const items = matches ? [mission] : [];
      await route.fulfill({ json: { items, total: items.length, page: 1, pageSize: Number(query.get('pageSize') ?? 20) } });
    },
  );
  return searches;
}

// Signing in, the lazy screen and FullCalendar's chunk load slowly on a busy machine: more time per test, not per step.
test.beforeEach(() => test.slow());
// The 3-year view lays out 36 months at once: beside other CPU-bound work it took over 30 s to appear.
const AFTER_PAGE_LOAD = { timeout: 60_000 };

const calendarEvent = (page: Page, title: string) => page.getByTestId('mission-calendar-body').locator('.fc-event', { hasText: title });

test('the operator sees a mission on the month, week, day and year views, chosen in the address', async ({ page }) => {
  const mission = todaysMission();
  await serveMissions(page, mission);
  await signInInEnglish(page, DEMO.operator, '/backoffice/preflights');
  await expect(page.getByTestId('mission-add')).toBeVisible();

  await page.getByTestId('view-month').click();
  await expect(page).toHaveURL(/\?view=month$/);
  await expect(calendarEvent(page, mission.title)).toBeVisible(AFTER_PAGE_LOAD);
  await expect(page.getByTestId('calendar-undated-note')).toHaveText('Missions without dates are shown in the list only.');

  await page.reload();
  await expect(page.getByTestId('mission-calendar')).toHaveAttribute('data-view', 'month', AFTER_PAGE_LOAD);
  await expect(calendarEvent(page, mission.title)).toBeVisible();

  // The switcher is a radio group: arrow keys move from one view to the next.
  await page.getByRole('radio', { name: 'Month' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\?view=week$/);
  await expect(page.locator('.fc-timeGridWeek-view')).toBeVisible();
  await expect(calendarEvent(page, mission.title)).toBeVisible();

  for (const [view, className] of [
    ['day', 'fc-timeGridDay-view'],
    ['year', 'fc-multiMonthYear-view'],
  ] as const) {
    await page.getByTestId(`view-${view}`).click();
    await expect(page).toHaveURL(new RegExp(`\\?view=${view}$`));
    await expect(page.locator(`.${className}`)).toBeVisible();
    await expect(calendarEvent(page, mission.title)).toBeVisible();
  }
});

test('the 3-year view counts the missions of a day, lists them and opens one in the editor', async ({ page }) => {
  // On the 1st of a month that does not start a week (weeks start on Sunday in English): the grid of the month before
  // ends in the same week.
  const year = new Date().getFullYear();
  const day = [1, 2, 3].map((month) => new Date(year, month, 1, 12)).find((first) => first.getDay() !== 0)!;
  const mission = { ...todaysMission(), startAt: day.toISOString(), endAt: new Date(day.getTime() + 2 * 3_600_000).toISOString() };
  await serveMissions(page, mission);
  await signInInEnglish(page, DEMO.operator, '/backoffice/preflights');
  await page.getByTestId('view-years').click();
  await expect(page).toHaveURL(/\?view=years$/);
  await expect(page.locator('.fc-multiMonthYears-view')).toBeVisible(AFTER_PAGE_LOAD);
  await expect(page.locator('.fc-toolbar-title')).toHaveText(`${year} – ${year + 2}`);
  // The day is drawn in its own month only.
  await expect(page.locator('.fc-more-link')).toHaveCount(1);
  await page.locator('.fc-more-link').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.fc-popover')).toContainText(mission.title);

  await page.locator('.fc-popover .fc-event', { hasText: mission.title }).click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/preflights/edit/${mission.id}$`));
});

test('the list finds the mission by search', async ({ page }) => {
  const mission = todaysMission();
  const searches = await serveMissions(page, mission);
  await signInInEnglish(page, DEMO.operator, '/backoffice/preflights');
  await expect(page.getByTestId('mission-row')).toHaveCount(1, AFTER_PAGE_LOAD);
  await page.getByTestId('mission-search').fill('pont-neuf');
  await expect.poll(() => searches).toContain('pont-neuf');
  await expect(page.getByTestId('mission-row')).toHaveCount(1);
  await expect(page.getByTestId('mission-row')).toContainText(mission.title);
  await expect(page.getByTestId('mission-row').getByTestId('mission-status')).toHaveText('Validated');
  await page.getByTestId('mission-search').fill('harbour');
  await expect(page.getByTestId('empty-state')).toBeVisible();
});

test('in French the views and the calendar are French', async ({ page }) => {
  const mission = todaysMission();
  await serveMissions(page, mission);
  await signIn(page, DEMO.operator, { to: '/backoffice/preflights' });
  await expect(page.getByTestId('mission-view-switch')).toBeVisible(AFTER_PAGE_LOAD);
  await page.getByTestId('language-fr').click();

  const switcher = page.getByTestId('mission-view-switch');
  for (const label of ['Liste', '3 ans', 'Année', 'Mois', 'Semaine', 'Jour'])
    await expect(switcher.getByText(label, { exact: true })).toBeVisible();
  await switcher.getByText('Mois', { exact: true }).click();
  await expect(page.getByRole('button', { name: "Aujourd'hui" })).toBeVisible();
  await expect(page.locator('.fc-col-header-cell').first()).toHaveText('lun.');
  await expect(calendarEvent(page, mission.title)).toBeVisible();
  await expect(page.getByTestId('calendar-undated-note')).toHaveText("Les missions sans dates n'apparaissent que dans la liste.");

  await page.getByTestId('language-en').click();
  await expect(page.getByRole('radio', { name: 'Month' })).toBeChecked();
});
