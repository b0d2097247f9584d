import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { PilotDetail } from '@/shared/contracts/pilots';
import { pilotsBase, pilotsKey } from './base';

/** Restoring exists only under `/api/users/:userId/pilots/:id/restore` (PILOT_EDIT_DELETED_ADMIN). */
export async function restorePilot({ userId, id }: { userId: string; id: string }): Promise<PilotDetail> {
  const { data } = await apiClient.post<PilotDetail>(`${pilotsBase(userId)}/${encodeURIComponent(id)}/restore`);
  return data;
}

export function useRestorePilot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: restorePilot, onSuccess: () => queryClient.invalidateQueries({ queryKey: pilotsKey }) });
}
