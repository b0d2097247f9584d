import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Account } from '@/shared/contracts/auth';

export async function getAccount(): Promise<Account> {
  const { data } = await apiClient.get<Account>('account');
  return data;
}

export const accountQueryKey = ['account'] as const;

export function accountQueryOptions() {
  return queryOptions({ queryKey: accountQueryKey, queryFn: getAccount });
}

export function useAccount() {
  return useQuery(accountQueryOptions());
}
