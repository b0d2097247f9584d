import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Agreement } from '@/shared/contracts/agreements';

export const agreementKey = ['agreement'] as const;

/** The signed-in operator's agreement, or a user's (administrators) when `userId` is given. */
export async function getAgreement(userId?: string): Promise<Agreement> {
  const { data } = await apiClient.get<Agreement>(userId ? `agreements/${encodeURIComponent(userId)}` : 'agreement');
  return data;
}

export function useAgreement(userId?: string) {
  return useQuery({ queryKey: [...agreementKey, userId ?? 'mine'], queryFn: () => getAgreement(userId) });
}
