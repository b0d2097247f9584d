import { expect, test } from '@playwright/test';
import { DEMO, signIn, tokenOf, validatedMission } from './support';

/**
 * Who validates a mission (issue 21, docs/security.md): the supervised Basic demo pilot cannot validate his operator's
 * mission; the operator validates his own unless his "second person" setting is on; each time the screen says why.
 */
for (const lang of ['en', 'fr'] as const) {
  const text = {
    en: {
      pilot: 'Your supervision level and rights do not let you validate',
      secondPerson: 'Your operator asks for a second person to validate missions',
    },
    fr: {
      pilot: 'Votre niveau de supervision et vos droits ne vous permettent pas de valider',
      secondPerson: 'Votre opérateur demande une seconde personne pour valider les missions',
    },
  }[lang];

  test(`[${lang}] the Basic pilot cannot validate the operator's mission; the operator can, unless he asks for a second person`, async ({
    page,
    request,
  }) => {
    // Two accounts, four screens: minutes on a machine busy with other work (playwright.config.ts).
    test.setTimeout(240_000);
    const tag = `v${lang}${Date.now().toString(36)}`;
    // Flown by the demo pilot: a Basic pilot reads the missions he flies.
    const { missionId, operator } = await validatedMission(request, tag, `Four eyes ${tag}`, { validated: false, pilot: 'Paula' });
    const pilot = { authorization: `Bearer ${await tokenOf(request, DEMO.pilot)}` };
    try {
      // The pilot sees the mission waiting, no button, and the reason; the server refuses him too.
      await signIn(page, DEMO.pilot, { lang, to: `/backoffice/preflights/edit/${missionId}` });
      await page.getByTestId('mission-tab-administration').click();
      const refused = page.getByTestId('validation-refused');
      await expect(refused).toHaveAttribute('data-code', 'MISSION_VALIDATION_NOT_ALLOWED');
      await expect(refused).toContainText(text.pilot);
      await expect(page.getByTestId('action-validate')).toHaveCount(0);
      const byPilot = await request.post(`/api/preflights/${missionId}/actions/validate`, { headers: pilot, data: {} });
      expect([byPilot.status(), ((await byPilot.json()) as { code: string }).code]).toEqual([403, 'MISSION_VALIDATION_NOT_ALLOWED']);

      // The operator asks for a second person: he sent the mission, so he may not validate it, and is told why.
      const asked = await request.patch('/api/account', { headers: operator, data: { secondPersonValidation: true } });
      expect(asked.ok(), await asked.text()).toBe(true);
      await signIn(page, DEMO.operator, { lang, to: `/backoffice/preflights/edit/${missionId}` });
      await page.getByTestId('mission-tab-administration').click();
      await expect(refused).toHaveAttribute('data-code', 'MISSION_SELF_VALIDATION');
      await expect(refused).toContainText(text.secondPerson);
      await expect(page.getByTestId('action-validate')).toHaveCount(0);
      const bySelf = await request.post(`/api/preflights/${missionId}/actions/validate`, { headers: operator, data: {} });
      expect([bySelf.status(), ((await bySelf.json()) as { code: string }).code]).toEqual([403, 'MISSION_SELF_VALIDATION']);

      // Setting off (the default): the operator validates his own mission.
      const alone = await request.patch('/api/account', { headers: operator, data: { secondPersonValidation: false } });
      expect(alone.ok(), await alone.text()).toBe(true);
      await page.reload();
      await page.getByTestId('mission-tab-administration').click();
      await expect(refused).toHaveCount(0);
      await page.getByTestId('action-validate').click();
      await expect(page.getByTestId('mission-status')).toHaveAttribute('data-status', 'validated');
    } finally {
      await request.patch('/api/account', { headers: operator, data: { secondPersonValidation: false, lang: 'en' } });
      await request.patch('/api/account', { headers: pilot, data: { lang: 'en' } });
      await request.post(`/api/preflights/${missionId}/actions/cancel`, { headers: operator, data: {} });
    }
  });
}
