import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export interface ResetPasswordBody {
  token: string;
  password: string;
  passwordConfirmation: string;
}

export async function resetPassword(body: ResetPasswordBody): Promise<{ message: string }> {
  const { data } = await apiClient.post<{ message: string }>('security/reset-password', body);
  return data;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
