import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MissionNotifications, NotificationDetail } from '@/shared/contracts/notifications';
import type { NotificationType } from '@/shared/domain/notification';

const base = (missionId: string) => `preflights/${encodeURIComponent(missionId)}/notifications`;
const notificationsKey = (missionId: string) => ['missions', missionId, 'notifications'] as const;

export async function getMissionNotifications(missionId: string): Promise<MissionNotifications> {
  const { data } = await apiClient.get<MissionNotifications>(base(missionId));
  return data;
}

export function useMissionNotifications(missionId: string) {
  return useQuery({ queryKey: notificationsKey(missionId), queryFn: () => getMissionNotifications(missionId) });
}

export function useCreateNotification(missionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (type: NotificationType) => (await apiClient.post<NotificationDetail>(base(missionId), { type })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey(missionId) }),
  });
}

export function useNotificationAction(missionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'send' | 'update' | 'cancel' }) =>
      (await apiClient.post<NotificationDetail>(`${base(missionId)}/${encodeURIComponent(id)}/${action}`, {})).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey(missionId) }),
  });
}
