import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { PilotDetail } from '@/shared/contracts/pilots';
import { pilotsKey } from './base';

/**
 * POST /api/pilots/:id/supervision creates the pilot's supervised account; refusals are 409 SUPERVISION_ALREADY_ENABLED,
 * SUPERVISION_NOT_NEEDED or SUPERVISION_EMAIL_TAKEN, translated in errors.json and shown next to the button (silent: no toast).
 */
export async function createSupervision(id: string): Promise<PilotDetail> {
  const { data } = await apiClient.post<PilotDetail>(`pilots/${encodeURIComponent(id)}/supervision`, undefined, { silent: true });
  return data;
}

export function useCreateSupervision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupervision,
    onSuccess: (pilot) => {
      queryClient.setQueryData([...pilotsKey, 'detail', null, pilot.id], pilot);
      return queryClient.invalidateQueries({ queryKey: [...pilotsKey, 'list'] });
    },
  });
}
