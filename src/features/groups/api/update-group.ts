import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { GroupDetail, GroupInput } from '@/shared/contracts/groups';
import { groupsKey } from './get-groups';

export async function updateGroup({ id, body }: { id: string; body: GroupInput }): Promise<GroupDetail> {
  const { data } = await apiClient.put<GroupDetail>(`groups/${encodeURIComponent(id)}`, body);
  return data;
}

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateGroup, onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsKey }) });
}
