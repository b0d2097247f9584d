import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Account, ParentAccountUpdate } from '@/shared/contracts/auth';

const parentAccountQueryKey = ['account', 'parent'] as const;

/** The operator account a supervised pilot with SUPERVISION_ACCOUNT_EDIT works for. */
export function useParentAccount() {
  return useQuery({ queryKey: parentAccountQueryKey, queryFn: async () => (await apiClient.get<Account>('account/parent')).data });
}

export function useUpdateParentAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ParentAccountUpdate) => (await apiClient.patch<Account>('account/parent', body)).data,
    onSuccess: (account) => queryClient.setQueryData(parentAccountQueryKey, account),
  });
}
