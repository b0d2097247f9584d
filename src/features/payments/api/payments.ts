import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Payment, PaymentCreate, PaymentListQuery, PaymentPage } from '@/shared/contracts/payments';

export const paymentsKey = ['payments'] as const;
const base = (userId: string) => `users/${encodeURIComponent(userId)}/payments`;

export function usePayments(userId: string, query: PaymentListQuery) {
  return useQuery({
    queryKey: [...paymentsKey, userId, 'list', query],
    queryFn: async () => (await apiClient.get<PaymentPage>(base(userId), { params: query })).data,
    placeholderData: keepPreviousData,
  });
}

export function usePayment(userId: string, id: string | undefined) {
  return useQuery({
    queryKey: [...paymentsKey, userId, 'one', id],
    queryFn: async () => (await apiClient.get<Payment>(`${base(userId)}/${encodeURIComponent(id ?? '')}`)).data,
    enabled: !!id,
  });
}

export function useSavePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, id, body }: { userId: string; id?: string; body: PaymentCreate }) =>
      (id
        ? await apiClient.put<Payment>(`${base(userId)}/${encodeURIComponent(id)}`, body)
        : await apiClient.post<Payment>(base(userId), body)
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsKey }),
  });
}

export function useDeletePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, id }: { userId: string; id: string }) => {
      await apiClient.delete(`${base(userId)}/${encodeURIComponent(id)}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsKey }),
  });
}
