import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Page } from '@/shared/contracts/common';
import type { UserListQuery, UserSummary } from '@/shared/contracts/users';

export type UserListParams = Partial<UserListQuery>;

export const usersKey = ['users'] as const;

export async function getUsers(query: UserListParams): Promise<Page<UserSummary>> {
  const { data } = await apiClient.get<Page<UserSummary>>('users', { params: { ...query, search: query.search?.trim() || undefined } });
  return data;
}

export function usersQueryOptions(query: UserListParams) {
  return queryOptions({ queryKey: [...usersKey, 'list', query], queryFn: () => getUsers(query), placeholderData: keepPreviousData });
}

export function useUsers(query: UserListParams) {
  return useQuery(usersQueryOptions(query));
}
