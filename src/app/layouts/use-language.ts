import { useCallback } from 'react';
import { useUpdateAccount } from '@/features/account/api/update-account';
import { changeLanguage } from '@/lib/i18n';
import { getSession, storeLanguage } from '@/lib/session';
import type { Language } from '@/shared/domain/enums';

/** Switches the interface language, keeps it in storage and, when signed in, saves it on the account. */
export function useLanguageSwitch() {
  const { mutate } = useUpdateAccount();
  return useCallback(
    (language: Language) => {
      storeLanguage(language);
      void changeLanguage(language);
      if (getSession()) mutate({ lang: language });
    },
    [mutate],
  );
}
