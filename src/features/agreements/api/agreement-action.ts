import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Agreement } from '@/shared/contracts/agreements';
import { agreementKey } from './get-agreement';

export type AgreementCall =
  | { action: 'request' | 'renew' }
  | { action: 'validate'; userId: string; expiresAt?: string }
  | { action: 'reject'; userId: string; reason: string }
  | { action: 'exempt' | 'require'; userId: string };

export async function agreementAction(call: AgreementCall): Promise<Agreement> {
  if (!('userId' in call)) {
    const { data } = await apiClient.post<Agreement>(`agreement/${call.action}`);
    return data;
  }
  const body = call.action === 'validate' ? { expiresAt: call.expiresAt } : call.action === 'reject' ? { reason: call.reason } : {};
  const { data } = await apiClient.post<Agreement>(`agreements/${encodeURIComponent(call.userId)}/${call.action}`, body);
  return data;
}

export function useAgreementAction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: agreementAction, onSuccess: () => queryClient.invalidateQueries({ queryKey: agreementKey }) });
}
