import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Page } from '@/shared/contracts/common';
import type { AttachmentQueueItem, AttachmentQueueQuery } from '@/shared/contracts/attachments';
import { attachmentsKey } from './base';

export async function getAttachmentQueue(query: AttachmentQueueQuery): Promise<Page<AttachmentQueueItem>> {
  const params = { ...query, search: query.search?.trim() || undefined };
  const { data } = await apiClient.get<Page<AttachmentQueueItem>>('attachments/validation', { params });
  return data;
}

export function useAttachmentQueue(query: AttachmentQueueQuery) {
  return useQuery({
    queryKey: [...attachmentsKey, 'queue', query],
    queryFn: () => getAttachmentQueue(query),
    placeholderData: keepPreviousData,
  });
}
