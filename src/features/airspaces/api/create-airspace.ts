import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { AirspaceDetail, AirspaceInput } from '@/shared/contracts/airspaces';
import { airspacesKey } from './get-airspaces';

export async function createAirspace(body: AirspaceInput): Promise<AirspaceDetail> {
  const { data } = await apiClient.post<AirspaceDetail>('airspaces', body);
  return data;
}

export function useCreateAirspace() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAirspace, onSuccess: () => queryClient.invalidateQueries({ queryKey: airspacesKey }) });
}
