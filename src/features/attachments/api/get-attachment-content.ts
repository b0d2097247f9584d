import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Attachment } from '@/shared/contracts/attachments';
import { attachmentsKey } from './base';

/** The metadata and the bytes, fetched with the session's token (a plain link would carry none). */
export async function getAttachmentContent(id: string): Promise<{ attachment: Attachment; blob: Blob }> {
  const [{ data: attachment }, { data: blob }] = await Promise.all([
    apiClient.get<Attachment>(`attachments/${encodeURIComponent(id)}`),
    apiClient.get<Blob>(`attachments/${encodeURIComponent(id)}/content`, { responseType: 'blob' }),
  ]);
  return { attachment, blob };
}

export function useAttachmentContent(id: string | undefined) {
  return useQuery({
    queryKey: [...attachmentsKey, 'content', id],
    queryFn: () => getAttachmentContent(id!),
    enabled: !!id,
    staleTime: Infinity,
  });
}
