import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { AttachmentQueueItem, AttachmentQueueQuery } from '@/shared/contracts/attachments';
import { attachmentsKey } from './base';

export interface AttachmentQueuePage {
  items: AttachmentQueueItem[];
  total: number;
  page: number;
  pageSize: number;
}

export async function getAttachmentQueue(query: AttachmentQueueQuery): Promise<AttachmentQueuePage> {
  const params = { ...query, search: query.search?.trim() || undefined };
  const { data } = await apiClient.get<AttachmentQueuePage>('attachments/validation', { params });
  return data;
}

export function useAttachmentQueue(query: AttachmentQueueQuery) {
  return useQuery({
    queryKey: [...attachmentsKey, 'queue', query],
    queryFn: () => getAttachmentQueue(query),
    placeholderData: keepPreviousData,
  });
}
