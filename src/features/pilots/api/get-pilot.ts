import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { PilotDetail } from '@/shared/contracts/pilots';
import { pilotsBase, pilotsKey } from './base';

export async function getPilot(id: string, userId?: string): Promise<PilotDetail> {
  const { data } = await apiClient.get<PilotDetail>(`${pilotsBase(userId)}/${encodeURIComponent(id)}`);
  return data;
}

export function pilotQueryOptions(id: string, userId?: string) {
  return queryOptions({ queryKey: [...pilotsKey, 'detail', userId ?? null, id], queryFn: () => getPilot(id, userId) });
}

export function usePilot(id: string | undefined, userId?: string) {
  return useQuery({ ...pilotQueryOptions(id ?? '', userId), enabled: !!id });
}
