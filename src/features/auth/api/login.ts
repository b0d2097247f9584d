import { apiClient, LOGIN_ENDPOINT } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { startSession } from '@/lib/session';
import { clearErrorToasts } from '@/lib/toast';
import type { LoginBody, LoginResult } from '@/shared/contracts/auth';

export async function login(body: LoginBody): Promise<LoginResult> {
  const { data } = await apiClient.post<LoginResult>(LOGIN_ENDPOINT, body);
  return data;
}

/**
 * Signs in: stores the session (which arms the expiry timer), clears the failed attempts' toasts, switches language.
 * A plain function rather than a mutation: the login page has no react-query client (docs/navigation.md, "Bundle").
 */
export async function signIn(body: LoginBody): Promise<LoginResult> {
  const response = await login(body);
  startSession(response);
  clearErrorToasts();
  await changeLanguage(response.lang);
  return response;
}
