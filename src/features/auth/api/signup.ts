import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { SignupBody } from '@/shared/contracts/auth';

export async function signup(body: SignupBody): Promise<{ message: string }> {
  const { data } = await apiClient.post<{ message: string }>('security/signup', body);
  return data;
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
