import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MissionCreate, MissionDetail } from '@/shared/contracts/missions';
import type { MissionAction } from '@/shared/domain/mission-status';
import { missionPath, missionsKey } from './base';

export async function saveMission({ id, body }: { id?: string; body: MissionCreate }): Promise<MissionDetail> {
  const { data } = id ? await apiClient.put<MissionDetail>(missionPath(id), body) : await apiClient.post<MissionDetail>('preflights', body);
  return data;
}

export function useSaveMission() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveMission, onSuccess: () => queryClient.invalidateQueries({ queryKey: missionsKey }) });
}

/** An action of the status machine; `duplicate` answers the new copy. */
export async function runMissionAction({
  id,
  action,
  reason,
}: {
  id: string;
  action: MissionAction;
  reason?: string;
}): Promise<MissionDetail> {
  const { data } = await apiClient.post<MissionDetail>(`${missionPath(id)}/actions/${action}`, reason ? { reason } : {});
  return data;
}

export function useMissionAction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: runMissionAction, onSuccess: () => queryClient.invalidateQueries({ queryKey: missionsKey }) });
}
