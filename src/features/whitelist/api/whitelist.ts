import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { WHITELIST_SORTS, WhitelistMachine } from '@/shared/contracts/whitelist';

export const whitelistKey = ['whitelist'] as const;

export interface WhitelistQuery {
  page: number;
  pageSize: number;
  search?: string;
  sort: (typeof WHITELIST_SORTS)[number];
  order: 'asc' | 'desc';
  whitelisted?: 'true' | 'false';
}

export function useWhitelist(query: WhitelistQuery) {
  return useQuery({
    queryKey: [...whitelistKey, query],
    queryFn: async () =>
      (
        await apiClient.get<{ items: WhitelistMachine[]; total: number; page: number; pageSize: number }>('whitelist/machines', {
          params: query,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useSetWhitelisted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ machineId, whitelisted, note }: { machineId: string; whitelisted: boolean; note?: string }) => {
      const url = `whitelist/machines/${encodeURIComponent(machineId)}`;
      if (whitelisted) await apiClient.put(url, { note: note ?? null });
      else await apiClient.delete(url);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: whitelistKey }),
  });
}
