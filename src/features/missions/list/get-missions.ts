import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Page } from '@/shared/contracts/common';
import type { MissionListQuery, MissionSummary } from '@/shared/contracts/missions';
import { PAGE_SIZE_MAX } from '@/shared/domain/limits';

/** Under the missions key of the editor's queries too, so that saving a mission refreshes the list and calendar. */
export const missionListKey = ['missions', 'list'] as const;

export async function getMissions(query: MissionListQuery): Promise<Page<MissionSummary>> {
  const params = { ...query, search: query.search?.trim() || undefined, status: query.status?.length ? query.status : undefined };
  // status=a&status=b: the server reads a repeated parameter as a list (no brackets).
  const { data } = await apiClient.get<Page<MissionSummary>>('preflights', { params, paramsSerializer: { indexes: null } });
  return data;
}

export function missionsQueryOptions(query: MissionListQuery) {
  return queryOptions({ queryKey: [...missionListKey, query], queryFn: () => getMissions(query), placeholderData: keepPreviousData });
}

export function useMissions(query: MissionListQuery) {
  return useQuery(missionsQueryOptions(query));
}

/** The calendar's filters: a period it always has, and the list's other filters. */
type MissionRange = Required<Pick<MissionListQuery, 'from' | 'to'>> & Pick<MissionListQuery, 'ownerId' | 'search' | 'status'>;

/** Every mission meeting [from, to], page after page (the calendar shows them all). */
export async function getMissionsInRange(range: MissionRange): Promise<MissionSummary[]> {
  const items: MissionSummary[] = [];
  for (let page = 1; ; page += 1) {
    const result = await getMissions({ ...range, page, pageSize: PAGE_SIZE_MAX, sort: 'startAt', order: 'asc' });
    items.push(...result.items);
    if (result.items.length === 0 || items.length >= result.total) return items;
  }
}

export function useMissionsInRange(range: MissionRange | null) {
  return useQuery({
    queryKey: [...missionListKey, 'range', range],
    queryFn: () => getMissionsInRange(range!),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}
