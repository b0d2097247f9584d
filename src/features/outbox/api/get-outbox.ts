import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { OUTBOX_CHANNELS, OutboxMessage } from '@/shared/contracts/system';

export interface OutboxQuery {
  page: number;
  pageSize: number;
  channel?: (typeof OUTBOX_CHANNELS)[number];
  recipient?: string;
}

export interface OutboxPage {
  items: OutboxMessage[];
  total: number;
  page: number;
  pageSize: number;
}

export async function getOutbox(query: OutboxQuery): Promise<OutboxPage> {
  const params = { ...query, recipient: query.recipient?.trim() || undefined };
  const { data } = await apiClient.get<OutboxPage>('outbox', { params });
  return data;
}

export function outboxQueryOptions(query: OutboxQuery) {
  return queryOptions({ queryKey: ['outbox', query], queryFn: () => getOutbox(query), placeholderData: keepPreviousData });
}

export function useOutbox(query: OutboxQuery) {
  return useQuery(outboxQueryOptions(query));
}
