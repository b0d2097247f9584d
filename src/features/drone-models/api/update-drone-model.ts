import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DroneModelDetail, DroneModelUpdate } from '@/shared/contracts/drone-models';
import { droneModelsKey } from './get-drone-models';

export async function updateDroneModel({ id, body }: { id: string; body: DroneModelUpdate }): Promise<DroneModelDetail> {
  const { data } = await apiClient.put<DroneModelDetail>(`drone-models/${encodeURIComponent(id)}`, body);
  return data;
}

export function useUpdateDroneModel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateDroneModel, onSuccess: () => queryClient.invalidateQueries({ queryKey: droneModelsKey }) });
}
