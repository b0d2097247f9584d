import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { AirspaceDetail, MyAirspaceInput } from '@/shared/contracts/airspaces';
import { myAirspacesKey } from './get-my-airspaces';

export async function updateMyAirspace({ id, body }: { id: string; body: MyAirspaceInput }): Promise<AirspaceDetail> {
  const { data } = await apiClient.put<AirspaceDetail>(`airspaces/mine/${encodeURIComponent(id)}`, body);
  return data;
}

export function useUpdateMyAirspace() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMyAirspace, onSuccess: () => queryClient.invalidateQueries({ queryKey: myAirspacesKey }) });
}
