import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Activation, ActivationSlot, RequestActivations } from '@/shared/contracts/activations';

export const activationsKey = (requestId: string) => ['requests', requestId, 'activations'] as const;

export function useRequestActivations(requestId: string) {
  return useQuery({
    queryKey: activationsKey(requestId),
    queryFn: async () => (await apiClient.get<RequestActivations>(`requests/${requestId}/activations`)).data,
  });
}

export type SlotAction = 'submit' | 'cancel' | 'accept' | 'reject' | 'archive' | 'remove';

/** Every change to a slot refreshes the request's activations (statuses, deadlines, allowed actions). */
export function useActivationMutations(requestId: string) {
  const queryClient = useQueryClient();
  const base = `requests/${requestId}/activations`;
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: activationsKey(requestId) });
  const file = useMutation({
    mutationFn: async (slot: ActivationSlot) => (await apiClient.post<Activation>(base, slot)).data,
    onSuccess,
  });
  const edit = useMutation({
    mutationFn: async ({ id, slot }: { id: string; slot: ActivationSlot }) => (await apiClient.put<Activation>(`${base}/${id}`, slot)).data,
    onSuccess,
  });
  const act = useMutation({
    mutationFn: async ({ id, action, reason }: { id: string; action: SlotAction; reason?: string }) => {
      if (action === 'remove') return void (await apiClient.delete(`${base}/${id}`));
      await apiClient.post(`${base}/${id}/${action}`, action === 'reject' ? { reason: reason ?? null } : {});
    },
    onSuccess,
  });
  return { file, edit, act };
}
