import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { z } from 'zod';
import type { WhitelistListQuery, WhitelistMachine, whitelistListQuerySchema } from '@/shared/contracts/whitelist';

export const whitelistKey = ['whitelist'] as const;

/** The filter goes as the address's text ('true'/'false'), the form the server parses. */
type WhitelistQuery = Omit<WhitelistListQuery, 'whitelisted'> & Pick<z.input<typeof whitelistListQuerySchema>, 'whitelisted'>;

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
