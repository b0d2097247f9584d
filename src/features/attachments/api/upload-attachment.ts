import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Attachment, AttachmentUpload } from '@/shared/contracts/attachments';
import { attachmentsKey } from './base';

export async function uploadAttachment({ file, ...fields }: AttachmentUpload & { file: File }): Promise<Attachment> {
  const form = new FormData();
  form.append('recordType', fields.recordType);
  form.append('recordId', fields.recordId);
  form.append('kind', fields.kind);
  form.append('file', file);
  const { data } = await apiClient.post<Attachment>('attachments', form);
  return data;
}

/** Invalidates attachments and the agreement, whose checklist counts the operator documents. */
export function useUploadAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAttachment,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: attachmentsKey });
      await queryClient.invalidateQueries({ queryKey: ['agreement'] });
    },
  });
}
