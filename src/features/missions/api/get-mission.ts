import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MissionDetail, MissionHistoryEntry } from '@/shared/contracts/missions';
import { missionPath, missionsKey } from './base';

export async function getMission(id: string): Promise<MissionDetail> {
  const { data } = await apiClient.get<MissionDetail>(missionPath(id));
  return data;
}

export function missionQueryOptions(id: string) {
  return queryOptions({ queryKey: [...missionsKey, 'detail', id], queryFn: () => getMission(id) });
}

export function useMission(id: string | undefined) {
  return useQuery({ ...missionQueryOptions(id ?? ''), enabled: !!id });
}

export async function getMissionHistory(id: string): Promise<MissionHistoryEntry[]> {
  const { data } = await apiClient.get<MissionHistoryEntry[]>(`${missionPath(id)}/history`);
  return data;
}

export function useMissionHistory(id: string) {
  return useQuery({ queryKey: [...missionsKey, 'history', id], queryFn: () => getMissionHistory(id) });
}
