import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { UserDetail, UserInput } from '@/shared/contracts/users';
import { usersKey } from './get-users';

export async function updateUser({ id, body }: { id: string; body: UserInput }): Promise<UserDetail> {
  const { data } = await apiClient.put<UserDetail>(`users/${encodeURIComponent(id)}`, body);
  return data;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}
