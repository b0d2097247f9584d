import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { UserDetail, UserInput } from '@/shared/contracts/users';
import { usersKey } from './get-users';

export async function createUser(body: UserInput): Promise<UserDetail> {
  const { data } = await apiClient.post<UserDetail>('users', body);
  return data;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}
