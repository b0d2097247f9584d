import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { updateSessionProfile } from '@/lib/session';
import type { Account, AccountUpdate } from '@/shared/contracts/auth';
import type { Language } from '@/shared/domain/enums';
import { accountQueryKey } from './get-account';

export async function updateAccount(body: AccountUpdate): Promise<Account> {
  const { data } = await apiClient.patch<Account>('account', body);
  return data;
}

function showAccount(account: Account) {
  updateSessionProfile({
    homepage: account.homepage,
    lang: account.lang,
    name: `${account.firstName} ${account.lastName}`.trim(),
  });
}

/** Saves the interface language where no react-query client is at hand (the signed-out screens); failures toast. */
export async function saveAccountLanguage(lang: Language) {
  showAccount(await updateAccount({ lang }));
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (account) => {
      queryClient.setQueryData(accountQueryKey, account);
      showAccount(account);
    },
  });
}
