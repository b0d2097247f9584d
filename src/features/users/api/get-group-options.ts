import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { GroupSummary } from '@/shared/contracts/groups';
import { PAGE_SIZE_MAX } from '@/shared/domain/limits';

/** The groups a user can be put in, for the form's and the list filter's choices. */
export async function getGroupOptions(): Promise<GroupSummary[]> {
  const { data } = await apiClient.get<{ items: GroupSummary[] }>('groups', { params: { pageSize: PAGE_SIZE_MAX, sort: 'name' } });
  return data.items;
}

export function useGroupOptions() {
  return useQuery(queryOptions({ queryKey: ['groups', 'options'], queryFn: getGroupOptions }));
}
