import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import type { Page } from '@/shared/contracts/common';
import type {
  RequestActionBody,
  RequestCreate,
  RequestDetail,
  RequestFiled,
  RequestListQuery,
  requestListQuerySchema,
  RequestSummary,
  TouchedAirspace,
} from '@/shared/contracts/requests';
import type { ManagerAction } from '@/shared/domain/request-status';

export const requestsKey = ['requests'] as const;

/** The list filters by one status at a time: it sends the single value the server also takes for a list of one. */
type RequestsQuery = Omit<RequestListQuery, 'status'> & Pick<z.input<typeof requestListQuerySchema>, 'status'>;

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

/**
 * A request's status, messages and restrictions change by the other side's hand (the operator files, the manager
 * decides): opening it always asks again, showing what is cached meanwhile.
 */
export function useRequest(id: string | undefined) {
  return useQuery({
    queryKey: [...requestsKey, 'detail', id],
    queryFn: async () => (await apiClient.get<RequestDetail>(`procedures/${encodeURIComponent(id ?? '')}`)).data,
    enabled: !!id,
    staleTime: 0,
  });
}

export function useTouchedAirspaces(missionId: string) {
  return useQuery({
    queryKey: [...requestsKey, 'airspaces', missionId],
    queryFn: async () => (await apiClient.get<TouchedAirspace[]>('procedures/airspaces', { params: { missionId } })).data,
  });
}

function useRequestMutation<T>(mutationFn: (input: T) => Promise<RequestDetail | RequestFiled | void>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: requestsKey }) });
}

/** Files a request; the answer is the filing's outcome alone (the detail is read when the request is opened). */
export function useFileRequest() {
  return useRequestMutation(
    async (body: RequestCreate) => (await apiClient.post<RequestFiled>('procedures', body, { headers: { Prefer: 'return=minimal' } })).data,
  );
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
