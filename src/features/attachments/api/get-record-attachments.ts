import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Attachment } from '@/shared/contracts/attachments';
import type { AttachmentRecordType } from '@/shared/domain/attachments';
import { attachmentsKey } from './base';

export async function getRecordAttachments(recordType: AttachmentRecordType, recordId: string): Promise<Attachment[]> {
  const { data } = await apiClient.get<Attachment[]>('attachments', { params: { recordType, recordId } });
  return data;
}

export function useRecordAttachments(recordType: AttachmentRecordType, recordId: string | undefined) {
  return useQuery({
    queryKey: [...attachmentsKey, 'record', recordType, recordId],
    queryFn: () => getRecordAttachments(recordType, recordId!),
    enabled: !!recordId,
  });
}
