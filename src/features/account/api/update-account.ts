import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { updateSessionProfile } from '@/lib/session';
import type { Account, AccountUpdate } from '@/shared/contracts/auth';
import { accountQueryKey } from './get-account';

export async function updateAccount(body: AccountUpdate): Promise<Account> {
  const { data } = await apiClient.patch<Account>('account', body);
  return data;
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (account) => {
      queryClient.setQueryData(accountQueryKey, account);
      updateSessionProfile({
        homepage: account.homepage,
        lang: account.lang,
        name: `${account.firstName} ${account.lastName}`.trim(),
      });
    },
  });
}
