import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointCreated,
  WebhookEndpointUpdate,
} from '@/shared/contracts/webhooks';

export const webhooksKey = ['webhooks'] as const;

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: [...webhooksKey, 'endpoints'],
    queryFn: async () => (await apiClient.get<WebhookEndpoint[]>('webhooks/endpoints')).data,
  });
}

/** The latest deliveries, polled while one is still pending, so that its outcome shows without a reload. */
export function useWebhookDeliveries() {
  return useQuery({
    queryKey: [...webhooksKey, 'deliveries'],
    queryFn: async () => (await apiClient.get<WebhookDelivery[]>('webhooks/deliveries')).data,
    refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.status === 'pending') ? 3_000 : false),
  });
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: WebhookEndpointCreate) => (await apiClient.post<WebhookEndpointCreated>('webhooks/endpoints', input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...input }: WebhookEndpointUpdate & { id: string }) =>
      (await apiClient.patch<WebhookEndpoint>(`webhooks/endpoints/${encodeURIComponent(id)}`, input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.delete(`webhooks/endpoints/${encodeURIComponent(id)}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await apiClient.post<WebhookDelivery>(`webhooks/deliveries/${encodeURIComponent(id)}/resend`)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...webhooksKey, 'deliveries'] }),
  });
}
