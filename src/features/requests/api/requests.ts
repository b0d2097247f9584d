import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Page } from '@/shared/contracts/common';
import type {
  REQUEST_FILTERS,
  REQUEST_SORTS,
  RequestActionBody,
  RequestCreate,
  RequestDetail,
  RequestSummary,
  TouchedAirspace,
} from '@/shared/contracts/requests';
import type { ManagerAction, RequestStatus } from '@/shared/domain/request-status';

export const requestsKey = ['requests'] as const;

export interface RequestsQuery {
  page: number;
  pageSize: number;
  search?: string;
  sort: (typeof REQUEST_SORTS)[number];
  order: 'asc' | 'desc';
  status?: RequestStatus;
  group?: (typeof REQUEST_FILTERS)[number];
  airspaceId?: string;
  missionId?: string;
  from?: string;
  to?: string;
}

export function requestsQueryOptions(query: RequestsQuery) {
  return queryOptions({
    queryKey: [...requestsKey, 'list', query],
    queryFn: async () =>
      (await apiClient.get<Page<RequestSummary>>('procedures', { params: { ...query, search: query.search?.trim() || undefined } })).data,
    placeholderData: keepPreviousData,
  });
}

export function useRequests(query: RequestsQuery) {
  return useQuery(requestsQueryOptions(query));
}

export function useRequest(id: string | undefined) {
  return useQuery({
    queryKey: [...requestsKey, 'detail', id],
    queryFn: async () => (await apiClient.get<RequestDetail>(`procedures/${encodeURIComponent(id ?? '')}`)).data,
    enabled: !!id,
  });
}

export function useTouchedAirspaces(missionId: string) {
  return useQuery({
    queryKey: [...requestsKey, 'airspaces', missionId],
    queryFn: async () => (await apiClient.get<TouchedAirspace[]>('procedures/airspaces', { params: { missionId } })).data,
  });
}

function useRequestMutation<T>(mutationFn: (input: T) => Promise<RequestDetail | void>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: requestsKey }) });
}

export function useFileRequest() {
  return useRequestMutation(async (body: RequestCreate) => (await apiClient.post<RequestDetail>('procedures', body)).data);
}

export function useRequestAction() {
  return useRequestMutation(
    async ({ id, action, body }: { id: string; action: ManagerAction; body: RequestActionBody }) =>
      (await apiClient.post<RequestDetail>(`procedures/${encodeURIComponent(id)}/actions/${action}`, body)).data,
  );
}

export function usePostMessage() {
  return useRequestMutation(
    async ({ id, body }: { id: string; body: string }) =>
      (await apiClient.post<RequestDetail>(`procedures/${encodeURIComponent(id)}/messages`, { body })).data,
  );
}

export function useSendSms() {
  return useRequestMutation(async ({ id, body }: { id: string; body: string }) => {
    await apiClient.post(`procedures/${encodeURIComponent(id)}/sms`, { body });
  });
}
