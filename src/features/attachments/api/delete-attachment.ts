import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { attachmentsKey } from './base';

export async function deleteAttachment(id: string): Promise<void> {
  await apiClient.delete(`attachments/${encodeURIComponent(id)}`);
}

export function useDeleteAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAttachment,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: attachmentsKey });
      await queryClient.invalidateQueries({ queryKey: ['agreement'] });
    },
  });
}
