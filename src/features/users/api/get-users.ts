import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { UserListQuery, UserSummary } from '@/shared/contracts/users';

export interface UserPage {
  items: UserSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export type UserListParams = Partial<UserListQuery>;

export const usersKey = ['users'] as const;

export async function getUsers(query: UserListParams): Promise<UserPage> {
  const { data } = await apiClient.get<UserPage>('users', { params: { ...query, search: query.search?.trim() || undefined } });
  return data;
}

export function usersQueryOptions(query: UserListParams) {
  return queryOptions({ queryKey: [...usersKey, 'list', query], queryFn: () => getUsers(query), placeholderData: keepPreviousData });
}

export function useUsers(query: UserListParams) {
  return useQuery(usersQueryOptions(query));
}
