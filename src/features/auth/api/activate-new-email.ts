import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export async function activateNewEmail(token: string): Promise<{ message: string }> {
  const { data } = await apiClient.post<{ message: string }>('security/activate-new-email', { token });
  return data;
}

export function useActivateNewEmail() {
  return useMutation({ mutationFn: activateNewEmail });
}
