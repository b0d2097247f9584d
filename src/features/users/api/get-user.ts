import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { UserDetail } from '@/shared/contracts/users';
import { usersKey } from './get-users';

export async function getUser(id: string): Promise<UserDetail> {
  const { data } = await apiClient.get<UserDetail>(`users/${encodeURIComponent(id)}`);
  return data;
}

export function userQueryOptions(id: string) {
  return queryOptions({ queryKey: [...usersKey, 'one', id], queryFn: () => getUser(id) });
}

export function useUser(id: string | undefined) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: !!id });
}
