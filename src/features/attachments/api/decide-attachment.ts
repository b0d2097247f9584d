import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Attachment } from '@/shared/contracts/attachments';
import { attachmentsKey } from './base';

export type AttachmentDecision = { id: string; decision: 'validate' } | { id: string; decision: 'reject'; reason: string };

export async function decideAttachment(input: AttachmentDecision): Promise<Attachment> {
  const path = `attachments/${encodeURIComponent(input.id)}/${input.decision}`;
  const { data } = await apiClient.post<Attachment>(path, input.decision === 'reject' ? { reason: input.reason } : {});
  return data;
}

export function useDecideAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideAttachment,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: attachmentsKey });
      await queryClient.invalidateQueries({ queryKey: ['agreement'] });
    },
  });
}
