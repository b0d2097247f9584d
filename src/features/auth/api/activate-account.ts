import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export async function activateAccount(token: string): Promise<{ message: string }> {
  const { data } = await apiClient.post<{ message: string }>('security/activate', { token });
  return data;
}

export function useActivateAccount() {
  return useMutation({ mutationFn: activateAccount });
}
