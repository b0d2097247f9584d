import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Page } from '@/shared/contracts/common';
import type { MISSION_SORTS, MissionSummary } from '@/shared/contracts/missions';
import type { MissionStatus } from '@/shared/domain/mission-status';
import { PAGE_SIZE_MAX } from '@/shared/domain/limits';

export interface MissionsQuery {
  page: number;
  pageSize: number;
  search?: string;
  status?: MissionStatus[];
  from?: string;
  to?: string;
  ownerId?: string;
  sort: (typeof MISSION_SORTS)[number];
  order: 'asc' | 'desc';
}

/** Under the missions key of the editor's queries too, so that saving a mission refreshes the list and calendar. */
export const missionListKey = ['missions', 'list'] as const;

export async function getMissions(query: MissionsQuery): Promise<Page<MissionSummary>> {
  const params = { ...query, search: query.search?.trim() || undefined, status: query.status?.length ? query.status : undefined };
  // status=a&status=b: the server reads a repeated parameter as a list (no brackets).
  const { data } = await apiClient.get<Page<MissionSummary>>('preflights', { params, paramsSerializer: { indexes: null } });
  return data;
}

export function missionsQueryOptions(query: MissionsQuery) {
  return queryOptions({ queryKey: [...missionListKey, query], queryFn: () => getMissions(query), placeholderData: keepPreviousData });
}

export function useMissions(query: MissionsQuery) {
  return useQuery(missionsQueryOptions(query));
}

/** Every mission meeting [from, to], page after page (the calendar shows them all). */
export async function getMissionsInRange(range: {
  from: string;
  to: string;
  ownerId?: string;
  search?: string;
  status?: MissionStatus[];
}): Promise<MissionSummary[]> {
  const items: MissionSummary[] = [];
  for (let page = 1; ; page += 1) {
    const result = await getMissions({ ...range, page, pageSize: PAGE_SIZE_MAX, sort: 'startAt', order: 'asc' });
    items.push(...result.items);
    if (result.items.length === 0 || items.length >= result.total) return items;
  }
}

export function useMissionsInRange(
  range: { from: string; to: string; ownerId?: string; search?: string; status?: MissionStatus[] } | null,
) {
  return useQuery({
    queryKey: [...missionListKey, 'range', range],
    queryFn: () => getMissionsInRange(range!),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}
