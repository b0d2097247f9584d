import { useMutation } from '@tanstack/react-query';
import { apiClient, LOGIN_ENDPOINT } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { startSession } from '@/lib/session';
import type { LoginRequest, LoginResponse } from '@/shared/contracts/auth';

export async function login(body: LoginRequest): Promise<LoginResponse> {
  const { data } = await apiClient.post<LoginResponse>(LOGIN_ENDPOINT, body);
  return data;
}

/** Signs in: stores the session (which arms the expiry timer) and switches to the user's language. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: async (response) => {
      startSession(response);
      await changeLanguage(response.lang);
    },
  });
}
