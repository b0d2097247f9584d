import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { GroupMember } from '@/shared/contracts/groups';

const MEMBER_SEARCH_SIZE = 20;

/** Accounts matching the text typed in the members picker (the users list, searched by the server). */
export async function searchMembers(search: string): Promise<GroupMember[]> {
  const { data } = await apiClient.get<{ items: GroupMember[] }>('users', { params: { search, pageSize: MEMBER_SEARCH_SIZE } });
  return data.items.map(({ id, email, firstName, lastName }) => ({ id, email, firstName, lastName }));
}

export function useMemberSearch(search: string) {
  const text = search.trim();
  return useQuery(
    queryOptions({
      queryKey: ['groups', 'member-search', text],
      queryFn: () => searchMembers(text),
      enabled: text.length > 0,
      placeholderData: keepPreviousData,
    }),
  );
}
