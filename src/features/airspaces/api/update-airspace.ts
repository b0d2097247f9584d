import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { AirspaceDetail, AirspaceInput } from '@/shared/contracts/airspaces';
import { airspacesKey } from './get-airspaces';

export async function updateAirspace({ id, body }: { id: string; body: AirspaceInput }): Promise<AirspaceDetail> {
  const { data } = await apiClient.put<AirspaceDetail>(`airspaces/${encodeURIComponent(id)}`, body);
  return data;
}

export function useUpdateAirspace() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAirspace, onSuccess: () => queryClient.invalidateQueries({ queryKey: airspacesKey }) });
}
