import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import type { Page } from '@/shared/contracts/common';
import type {
  AlertCreate,
  AlertDetail,
  AlertListQuery,
  AlertSummary,
  VIOLATION_STATES,
  Violation,
  ViolationListQuery,
  ViolationTrack,
} from '@/shared/contracts/alerts';
import type { UserSummary } from '@/shared/contracts/users';

export const alertsKey = ['alerts'] as const;

/** `enabled` false for those who may not read the alerts (a manager filtering his violations). */
export function useAlerts(query: AlertListQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...alertsKey, 'list', query],
    queryFn: async () => (await apiClient.get<Page<AlertSummary>>('alerts', { params: query })).data,
    placeholderData: keepPreviousData,
  });
}

export function useAlert(id: string | undefined) {
  return useQuery({
    queryKey: [...alertsKey, 'one', id],
    queryFn: async () => (await apiClient.get<AlertDetail>(`alerts/${encodeURIComponent(id ?? '')}`)).data,
    enabled: !!id,
  });
}

export function useSaveAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: AlertCreate }) =>
      (id ? await apiClient.put<AlertDetail>(`alerts/${encodeURIComponent(id)}`, body) : await apiClient.post<AlertDetail>('alerts', body))
        .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}

export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.delete(`alerts/${encodeURIComponent(id)}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}

export type ViolationState = (typeof VIOLATION_STATES)[number];

export function useViolations(query: ViolationListQuery) {
  return useQuery({
    queryKey: [...alertsKey, 'violations', query],
    queryFn: async () => (await apiClient.get<Page<Violation>>('violations', { params: query })).data,
    placeholderData: keepPreviousData,
  });
}

/** One episode's positions and area, for its map; nothing while none is chosen. */
export function useViolationTrack(id: string | null) {
  return useQuery({
    queryKey: [...alertsKey, 'violations', 'track', id],
    queryFn: async () => (await apiClient.get<ViolationTrack>(`violations/${id}/track`)).data,
    enabled: id !== null,
  });
}

/** Downloads the filtered violations as CSV, every page at once. */
export async function downloadViolationsCsv(query: ViolationListQuery) {
  await downloadFile('violations/csv', query, 'violations.csv');
}

/** Users an alert can be restricted to (needs USER_LIST_ADMIN); searched on the server. */
export function useUserChoices(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['alerts', 'user-choices', search],
    queryFn: async () =>
      (await apiClient.get<Page<UserSummary>>('users', { params: { search: search || undefined, pageSize: 20 } })).data.items,
    enabled,
    placeholderData: keepPreviousData,
  });
}
