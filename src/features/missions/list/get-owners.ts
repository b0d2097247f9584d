import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { UserSummary } from '@/shared/contracts/users';

const OWNER_CHOICES = 20;

/** Accounts an administrator can filter the missions by, searched by name or e-mail. */
export function useOwnerChoices(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'mission-owners', search],
    queryFn: async () => {
      const { data } = await apiClient.get<{ items: UserSummary[] }>('users', {
        params: { search: search.trim() || undefined, pageSize: OWNER_CHOICES, sort: 'lastName', order: 'asc' },
      });
      return data.items;
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}
