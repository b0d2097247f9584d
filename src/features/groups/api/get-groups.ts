import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { GroupListQuery, GroupSummary } from '@/shared/contracts/groups';

export interface GroupPage {
  items: GroupSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export type GroupListParams = Partial<GroupListQuery>;

export const groupsKey = ['groups'] as const;

export async function getGroups(query: GroupListParams): Promise<GroupPage> {
  const { data } = await apiClient.get<GroupPage>('groups', { params: { ...query, search: query.search?.trim() || undefined } });
  return data;
}

export function groupsQueryOptions(query: GroupListParams) {
  return queryOptions({ queryKey: [...groupsKey, 'list', query], queryFn: () => getGroups(query), placeholderData: keepPreviousData });
}

export function useGroups(query: GroupListParams) {
  return useQuery(groupsQueryOptions(query));
}
