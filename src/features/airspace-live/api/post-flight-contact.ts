import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { LiveSms } from '@/shared/contracts/airspace-live';
import type { OperatorCommandResult } from '@/shared/contracts/push';

export async function postFlightSms(missionId: string, sms: LiveSms): Promise<void> {
  await apiClient.post(`airspace-live/missions/${encodeURIComponent(missionId)}/sms`, sms);
}

/** The message to the operator: by push, else SMS, else e-mail; the answer says which. */
export async function postOperatorMessage(missionId: string, message: string): Promise<OperatorCommandResult> {
  const { data } = await apiClient.post<OperatorCommandResult>('traffics/commands', { missionId, message });
  return data;
}

export function useFlightSms(missionId: string) {
  return useMutation({ mutationFn: (sms: LiveSms) => postFlightSms(missionId, sms) });
}

export function useOperatorMessage(missionId: string) {
  return useMutation({ mutationFn: (message: string) => postOperatorMessage(missionId, message) });
}
