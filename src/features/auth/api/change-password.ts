import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export interface ChangePasswordBody {
  /** Only when signed out, for an expired password. */
  email?: string;
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
}

export async function changePassword(body: ChangePasswordBody): Promise<{ message: string }> {
  const { data } = await apiClient.post<{ message: string }>('security/change-password', body);
  return data;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
