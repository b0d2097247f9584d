import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { ApiKeyResult } from '@/shared/contracts/users';
import { usersKey } from './get-users';

export async function regenerateApiKey(id: string): Promise<ApiKeyResult> {
  const { data } = await apiClient.post<ApiKeyResult>(`users/${encodeURIComponent(id)}/api-key`);
  return data;
}

export function useRegenerateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: regenerateApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}
