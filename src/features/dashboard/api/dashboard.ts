import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Dashboard } from '@/shared/contracts/dashboard';

export function useDashboard() {
  return useQuery({ queryKey: ['dashboard'], queryFn: async () => (await apiClient.get<Dashboard>('dashboard')).data });
}
