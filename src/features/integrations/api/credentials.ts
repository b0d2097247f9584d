import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { ApiCredential, ApiCredentialCreate, ApiCredentialCreated } from '@/shared/contracts/webhooks';

export const credentialsKey = ['credentials'] as const;

export function useApiCredentials() {
  return useQuery({
    queryKey: credentialsKey,
    queryFn: async () => (await apiClient.get<ApiCredential[]>('credentials')).data,
  });
}

export function useCreateApiCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ApiCredentialCreate) => (await apiClient.post<ApiCredentialCreated>('credentials', input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialsKey }),
  });
}

export function useRevokeApiCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.delete(`credentials/${encodeURIComponent(id)}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialsKey }),
  });
}
