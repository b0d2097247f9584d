import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Lifts the pause failed sign-ins put on the account (docs/security.md, "Lockout"). */
export async function unlockUser(id: string): Promise<void> {
  await apiClient.post(`users/${encodeURIComponent(id)}/unlock`);
}

export function useUnlockUser() {
  return useMutation({ mutationFn: unlockUser });
}
