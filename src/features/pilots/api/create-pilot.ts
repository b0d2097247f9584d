import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { PilotCreate, PilotDetail } from '@/shared/contracts/pilots';
import { pilotsBase, pilotsKey } from './base';

export async function createPilot({ userId, body }: { userId?: string; body: PilotCreate }): Promise<PilotDetail> {
  const { data } = await apiClient.post<PilotDetail>(pilotsBase(userId), body);
  return data;
}

export function useCreatePilot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPilot, onSuccess: () => queryClient.invalidateQueries({ queryKey: pilotsKey }) });
}
