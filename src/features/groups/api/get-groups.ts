import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Page } from '@/shared/contracts/common';
import type { GroupListQuery, GroupSummary } from '@/shared/contracts/groups';

export type GroupListParams = Partial<GroupListQuery>;

export const groupsKey = ['groups'] as const;

export async function getGroups(query: GroupListParams): Promise<Page<GroupSummary>> {
  const { data } = await apiClient.get<Page<GroupSummary>>('groups', { params: { ...query, search: query.search?.trim() || undefined } });
  return data;
}

export function groupsQueryOptions(query: GroupListParams) {
  return queryOptions({ queryKey: [...groupsKey, 'list', query], queryFn: () => getGroups(query), placeholderData: keepPreviousData });
}

export function useGroups(query: GroupListParams) {
  return useQuery(groupsQueryOptions(query));
}
