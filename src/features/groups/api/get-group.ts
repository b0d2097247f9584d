import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { GroupDetail } from '@/shared/contracts/groups';
import { groupsKey } from './get-groups';

export async function getGroup(id: string): Promise<GroupDetail> {
  const { data } = await apiClient.get<GroupDetail>(`groups/${encodeURIComponent(id)}`);
  return data;
}

export function groupQueryOptions(id: string) {
  return queryOptions({ queryKey: [...groupsKey, 'one', id], queryFn: () => getGroup(id) });
}

export function useGroup(id: string | undefined) {
  return useQuery({ ...groupQueryOptions(id ?? ''), enabled: !!id });
}
