import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { StatusResponse } from '@/shared/contracts/system';

const STATUS_POLL_MS = 60_000;

/** Public, polled: silent so an unreachable server does not toast every minute. */
export async function getStatus(): Promise<StatusResponse> {
  const { data } = await apiClient.get<StatusResponse>('status', { silent: true });
  return data;
}

export const statusQueryKey = ['status'] as const;

export function statusQueryOptions() {
  return queryOptions({ queryKey: statusQueryKey, queryFn: getStatus, staleTime: STATUS_POLL_MS, refetchInterval: STATUS_POLL_MS });
}

export function useStatus() {
  return useQuery(statusQueryOptions());
}
