import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Device, DeviceListQuery, DeviceRegister } from '@/shared/contracts/devices';

export const devicesKey = ['devices'] as const;

export function useDevices(query: DeviceListQuery) {
  return useQuery({
    queryKey: [...devicesKey, 'list', query],
    queryFn: async () =>
      (await apiClient.get<{ items: Device[]; total: number; page: number; pageSize: number }>('devices', { params: query })).data,
    placeholderData: keepPreviousData,
  });
}

export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.delete(`devices/${encodeURIComponent(id)}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}

/** Registers a terminal of the signed-in user, or changes the identifier of the one given. */
export function useSaveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: DeviceRegister }) =>
      (id ? await apiClient.put<Device>(`devices/${encodeURIComponent(id)}`, body) : await apiClient.post<Device>('devices', body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}
