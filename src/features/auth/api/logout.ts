import { apiClient } from '@/lib/api-client';
import { endSession, getSession } from '@/lib/session';

export async function postLogout(gjrt: string | null): Promise<void> {
  await apiClient.post('security/logout', gjrt ? { gjrt } : {}, { silent: true });
}

/** Revokes the refresh token when there is one, then clears the session whatever the server answered. */
export async function logout(): Promise<void> {
  const session = getSession();
  try {
    if (session) await postLogout(session.gjrt);
  } catch {
    // Signing out must work offline or with a dead token: the local session is what matters.
  } finally {
    endSession('logout');
  }
}
