import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { AutomationDryRunBody, AutomationRuleCreate, AutomationRule, DryRunResult } from '@/shared/contracts/automation-rules';
import type { ManagedAirspace } from '@/shared/contracts/classification-rules';

const rulesKey = ['automation-rules'] as const;

export function useManagedAirspaces() {
  return useQuery({
    queryKey: ['managed-airspaces'],
    queryFn: async () => (await apiClient.get<ManagedAirspace[]>('managed-airspaces')).data,
  });
}

export function useAutomationRules(query: { airspaceId?: string; page: number; search?: string }) {
  return useQuery({
    queryKey: [...rulesKey, query],
    enabled: Boolean(query.airspaceId),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (
        await apiClient.get<{ items: AutomationRule[]; total: number; page: number; pageSize: number }>('automation-rules', {
          params: { ...query, search: query.search?.trim() || undefined, pageSize: 20 },
        })
      ).data,
  });
}

export function useAutomationRuleMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: rulesKey });
  return {
    save: useMutation({
      mutationFn: async ({ id, body }: { id: string | null; body: AutomationRuleCreate }) => {
        if (!id) return (await apiClient.post<AutomationRule>('automation-rules', body)).data;
        const { airspaceId: _airspace, ...update } = body;
        return (await apiClient.put<AutomationRule>(`automation-rules/${id}`, update)).data;
      },
      onSuccess,
    }),
    remove: useMutation({ mutationFn: async (id: string) => void (await apiClient.delete(`automation-rules/${id}`)), onSuccess }),
    dryRun: useMutation({
      mutationFn: async (body: AutomationDryRunBody) => (await apiClient.post<DryRunResult>('automation-rules/dry-run', body)).data,
    }),
  };
}
