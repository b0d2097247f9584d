import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { PilotDetail, PilotUpdate } from '@/shared/contracts/pilots';
import { pilotsBase, pilotsKey } from './base';

export async function updatePilot({ userId, id, body }: { userId?: string; id: string; body: PilotUpdate }): Promise<PilotDetail> {
  const { data } = await apiClient.put<PilotDetail>(`${pilotsBase(userId)}/${encodeURIComponent(id)}`, body);
  return data;
}

export function useUpdatePilot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePilot, onSuccess: () => queryClient.invalidateQueries({ queryKey: pilotsKey }) });
}
