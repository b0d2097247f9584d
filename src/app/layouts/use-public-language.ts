import { useCallback } from 'react';
import { changeLanguage } from '@/lib/i18n';
import { getSession, storeLanguage } from '@/lib/session';
import type { Language } from '@/shared/domain/enums';

export function applyLanguage(language: Language) {
  storeLanguage(language);
  void changeLanguage(language);
}

/**
 * The language switch of the signed-out screens, which have no react-query client: the account (of a session that
 * reaches them, on the maintenance page for one) is saved with the api client, loaded then (docs/navigation.md,
 * "Bundle").
 */
export function usePublicLanguageSwitch() {
  return useCallback((language: Language) => {
    applyLanguage(language);
    if (!getSession()) return;
    void import('@/features/account/api/update-account')
      .then(({ saveAccountLanguage }) => saveAccountLanguage(language))
      .catch(() => undefined);
  }, []);
}
