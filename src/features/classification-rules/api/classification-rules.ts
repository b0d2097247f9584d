import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { ClassificationRuleListQuery, ClassificationRuleUpdate, ClassificationRule } from '@/shared/contracts/classification-rules';
import { PAGE_SIZE_DEFAULT } from '@/shared/domain/limits';
import { toggledBody } from '../lib/rule-form';

const rulesKey = ['classification-rules'] as const;

/** The page size is the default one: the rules list does not offer to change it. */
export function useClassificationRules(query: Omit<ClassificationRuleListQuery, 'pageSize'>) {
  return useQuery({
    queryKey: [...rulesKey, query],
    enabled: Boolean(query.airspaceId),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (
        await apiClient.get<{ items: ClassificationRule[]; total: number; page: number; pageSize: number }>('classification-rules', {
          params: { ...query, enabled: query.enabled === undefined ? undefined : String(query.enabled), pageSize: PAGE_SIZE_DEFAULT },
        })
      ).data,
  });
}

export function useClassificationRuleMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: rulesKey });
  return {
    save: useMutation({
      mutationFn: async ({ id, airspaceId, body }: { id: string | null; airspaceId: string; body: ClassificationRuleUpdate }) =>
        id
          ? (await apiClient.put<ClassificationRule>(`classification-rules/${id}`, body)).data
          : (await apiClient.post<ClassificationRule>('classification-rules', { ...body, airspaceId })).data,
      onSuccess,
    }),
    toggle: useMutation({
      mutationFn: async (rule: ClassificationRule) =>
        (await apiClient.put<ClassificationRule>(`classification-rules/${rule.id}`, toggledBody(rule))).data,
      onSuccess,
    }),
    remove: useMutation({ mutationFn: async (id: string) => void (await apiClient.delete(`classification-rules/${id}`)), onSuccess }),
  };
}
