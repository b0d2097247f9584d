import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Page } from '@/shared/contracts/common';
import type { MachineDetail, MachineSummary } from '@/shared/contracts/machines';
import type { PilotDetail, PilotSummary } from '@/shared/contracts/pilots';
import { PAGE_SIZE_MAX } from '@/shared/domain/limits';

// The registry's lists are their own feature; the mission form only reads the choices and the facts it needs.
const resourcesKey = ['missions', 'resources'] as const;

export function usePilotChoices() {
  return useQuery({
    queryKey: [...resourcesKey, 'pilots'],
    queryFn: async () => (await apiClient.get<Page<PilotSummary>>('pilots', { params: { pageSize: PAGE_SIZE_MAX } })).data.items,
  });
}

export function useMachineChoices() {
  return useQuery({
    queryKey: [...resourcesKey, 'machines'],
    queryFn: async () =>
      (await apiClient.get<Page<MachineSummary>>('machines', { params: { pageSize: PAGE_SIZE_MAX, sort: 'internalName' } })).data.items,
  });
}

/** The referent pilot's birth date and documents (age and certificates for the regulation). */
export function usePilotFacts(id: string | null) {
  return useQuery({
    queryKey: [...resourcesKey, 'pilot', id],
    queryFn: async () => (await apiClient.get<PilotDetail>(`pilots/${encodeURIComponent(id ?? '')}`)).data,
    enabled: !!id,
  });
}

/** The main machine's mass, class and camera (for the regulation). */
export function useMachineFacts(id: string | null) {
  return useQuery({
    queryKey: [...resourcesKey, 'machine', id],
    queryFn: async () => (await apiClient.get<MachineDetail>(`machines/${encodeURIComponent(id ?? '')}`)).data,
    enabled: !!id,
  });
}
