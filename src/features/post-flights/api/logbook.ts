import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import type { Logbook, LogbookAccount, LogbookQuery } from '@/shared/contracts/logbook';

const paramsOf = (query: LogbookQuery) => Object.fromEntries(Object.entries(query).filter(([, value]) => value));

export function useLogbook(query: LogbookQuery) {
  return useQuery({
    queryKey: ['logbook', query],
    queryFn: async () => (await apiClient.get<Logbook>('logbook', { params: paramsOf(query) })).data,
    placeholderData: keepPreviousData,
  });
}

/** The accounts with missions whose name or e-mail contains `search` (an administrator choosing whose logbook to read). */
export function useLogbookAccounts(search: string) {
  const text = search.trim();
  return useQuery({
    queryKey: ['logbook', 'accounts', text],
    queryFn: async () => (await apiClient.get<LogbookAccount[]>('logbook/accounts', { params: text ? { search: text } : {} })).data,
    placeholderData: keepPreviousData,
  });
}

/** Downloads the logbook's CSV (the request carries the session, so not a plain link). */
export async function downloadLogbookCsv(query: LogbookQuery) {
  await downloadFile('logbook/csv', paramsOf(query), `logbook-${query.from ?? 'start'}-${query.to ?? 'today'}.csv`);
}
