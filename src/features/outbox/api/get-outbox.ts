import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Page } from '@/shared/contracts/common';
import type { OutboxListQuery, OutboxMessage } from '@/shared/contracts/system';

/** The outbox is listed newest first (no sort); the browser filters by channel and recipient only. */
type OutboxQuery = Pick<OutboxListQuery, 'page' | 'pageSize' | 'channel' | 'recipient'>;

export async function getOutbox(query: OutboxQuery): Promise<Page<OutboxMessage>> {
  const params = { ...query, recipient: query.recipient?.trim() || undefined };
  const { data } = await apiClient.get<Page<OutboxMessage>>('outbox', { params });
  return data;
}

export function outboxQueryOptions(query: OutboxQuery) {
  return queryOptions({ queryKey: ['outbox', query], queryFn: () => getOutbox(query), placeholderData: keepPreviousData });
}

export function useOutbox(query: OutboxQuery) {
  return useQuery(outboxQueryOptions(query));
}
