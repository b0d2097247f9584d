import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO, flownMission, signIn } from './support';

const TEXTS = {
  en: { menu: 'Logbook', own: 'My account (Alice Admin)', operator: 'Operator Olivier <operator@aerogate.demo>' },
  fr: { menu: 'Carnet de vol', own: 'Mon compte (Alice Admin)', operator: 'Operator Olivier <operator@aerogate.demo>' },
} as const;

for (const language of ['en', 'fr'] as const) {
  test(`[${language}] the administrator opens the logbook from the side menu and chooses the demo operator's account`, async ({
    page,
    request,
  }) => {
    const text = TEXTS[language];
    const { title } = await flownMission(request, `lb${language}${Date.now().toString(36)}`);

    await signIn(page, DEMO.admin, { lang: language, to: '/backoffice/dashboard' });
    const entry = page.getByTestId('side-menu').getByTestId('menu-logbook');
    await expect(entry).toHaveText(text.menu);
    await entry.click();
    await expect(page).toHaveURL(/\/backoffice\/logbook$/);

    // Their own account first: the administrator flew nothing.
    const account = page.getByTestId('logbook-account');
    await expect(account).toHaveValue(text.own);
    await expect(page.getByTestId('logbook-entries')).not.toContainText(title);

    await account.fill('operator@aerogate');
    await page.getByRole('option', { name: text.operator }).click();
    await expect(account).toHaveValue(text.operator);
    await expect(page.getByTestId('logbook-entries').getByRole('link', { name: title })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByTestId('logbook-csv').click();
    const lines = readFileSync(await (await download).path(), 'utf8').split('\r\n');
    expect(lines[0]).toBe('date,mission,pilots,machines,activity,minutes,minutes_from');
    expect(lines.some((line) => line.includes(title))).toBe(true);
  });
}
