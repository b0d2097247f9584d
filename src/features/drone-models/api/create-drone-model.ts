import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DroneModelCreate, DroneModelDetail } from '@/shared/contracts/drone-models';
import { droneModelsKey } from './get-drone-models';

export async function createDroneModel(body: DroneModelCreate): Promise<DroneModelDetail> {
  const { data } = await apiClient.post<DroneModelDetail>('drone-models', body);
  return data;
}

export function useCreateDroneModel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDroneModel, onSuccess: () => queryClient.invalidateQueries({ queryKey: droneModelsKey }) });
}
