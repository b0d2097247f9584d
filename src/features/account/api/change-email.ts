import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export interface ChangeEmailBody {
  email: string;
  emailConfirmation: string;
  currentPassword: string;
}

/** 202: a confirmation link is sent to the new address; the e-mail changes when it is followed. */
export async function requestEmailChange(body: ChangeEmailBody): Promise<{ message: string }> {
  const { data } = await apiClient.post<{ message: string }>('account/email', body);
  return data;
}

export function useChangeEmail() {
  return useMutation({ mutationFn: requestEmailChange });
}
