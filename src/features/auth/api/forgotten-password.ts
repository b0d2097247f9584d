import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export async function requestPasswordReset(body: { email: string }): Promise<{ message: string }> {
  const { data } = await apiClient.post<{ message: string }>('security/forgotten-password', body);
  return data;
}

export function useForgottenPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
