import { useCallback } from 'react';
import { useUpdateAccount } from '@/features/account/api/update-account';
import { getSession } from '@/lib/session';
import type { Language } from '@/shared/domain/enums';
import { applyLanguage } from './use-public-language';

/** Switches the interface language, keeps it in storage and, when signed in, saves it on the account. */
export function useLanguageSwitch() {
  const { mutate } = useUpdateAccount();
  return useCallback(
    (language: Language) => {
      applyLanguage(language);
      if (getSession()) mutate({ lang: language });
    },
    [mutate],
  );
}
