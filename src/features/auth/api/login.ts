import { useMutation } from '@tanstack/react-query';
import { apiClient, LOGIN_ENDPOINT } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { startSession } from '@/lib/session';
import { clearErrorToasts } from '@/lib/toast';
import type { LoginRequest, LoginResponse } from '@/shared/contracts/auth';

export async function login(body: LoginRequest): Promise<LoginResponse> {
  const { data } = await apiClient.post<LoginResponse>(LOGIN_ENDPOINT, body);
  return data;
}

/** Signs in: stores the session (which arms the expiry timer), clears the failed attempts' toasts, switches language. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: async (response) => {
      startSession(response);
      clearErrorToasts();
      await changeLanguage(response.lang);
    },
  });
}
