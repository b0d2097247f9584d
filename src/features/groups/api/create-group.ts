import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { GroupDetail, GroupInput } from '@/shared/contracts/groups';
import { groupsKey } from './get-groups';

export async function createGroup(body: GroupInput): Promise<GroupDetail> {
  const { data } = await apiClient.post<GroupDetail>('groups', body);
  return data;
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createGroup, onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsKey }) });
}
