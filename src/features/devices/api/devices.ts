import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Device, DeviceListQuery } from '@/shared/contracts/devices';

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
