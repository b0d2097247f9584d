import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { droneModelsKey } from './get-drone-models';

export async function deleteDroneModel(id: string): Promise<void> {
  await apiClient.delete(`drone-models/${encodeURIComponent(id)}`);
}

export function useDeleteDroneModel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDroneModel, onSuccess: () => queryClient.invalidateQueries({ queryKey: droneModelsKey }) });
}
