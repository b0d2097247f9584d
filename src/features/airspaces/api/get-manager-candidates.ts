import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { AirspaceManager } from '@/shared/contracts/airspaces';

/** Users whose groups hold the manager rights, matching the typed text. */
export async function getManagerCandidates(search: string): Promise<AirspaceManager[]> {
  const { data } = await apiClient.get<AirspaceManager[]>('airspaces/manager-candidates', {
    params: { search: search.trim() || undefined },
  });
  return data;
}

export function useManagerCandidates(search: string) {
  return useQuery(
    queryOptions({
      queryKey: ['airspaces', 'manager-candidates', search.trim()],
      queryFn: () => getManagerCandidates(search),
      placeholderData: keepPreviousData,
    }),
  );
}
