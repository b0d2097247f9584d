import { apiClient, LOGIN_ENDPOINT } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { startSession } from '@/lib/session';
import { clearErrorToasts } from '@/lib/toast';
import type { LoginRequest, LoginResponse } from '@/shared/contracts/auth';

export async function login(body: LoginRequest): Promise<LoginResponse> {
  const { data } = await apiClient.post<LoginResponse>(LOGIN_ENDPOINT, body);
  return data;
}

/**
 * Signs in: stores the session (which arms the expiry timer), clears the failed attempts' toasts, switches language.
 * A plain function rather than a mutation: the login page has no react-query client (docs/navigation.md, "Bundle").
 */
export async function signIn(body: LoginRequest): Promise<LoginResponse> {
  const response = await login(body);
  startSession(response);
  clearErrorToasts();
  await changeLanguage(response.lang);
  return response;
}
