import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MissionAreas } from '@/shared/contracts/missions';
import type { AreaCountriesResult, MissionVerdict } from '@/shared/contracts/regulation';
import { missionPath, missionsKey } from './base';

/** The countries an area lies in, with their regulations (POST /api/regulation/countries); null asks nothing. */
export function useAreaCountries(areas: MissionAreas | null) {
  return useQuery({
    queryKey: ['regulation', 'countries', areas],
    queryFn: async () => {
      const { data } = await apiClient.post<AreaCountriesResult>('regulation/countries', { area: areas }, { silent: true });
      return data;
    },
    enabled: areas !== null && areas.coordinates.length > 0,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * The server's verdict of the saved mission, asked only when none is stored: its 422 names what is missing (facts,
 * an unsupported country). Under the mission's key, so a save asks again.
 */
export function useMissionVerdict(id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...missionsKey, 'regulation', id],
    queryFn: async () => {
      const { data } = await apiClient.get<MissionVerdict>(`${missionPath(id ?? '')}/regulation`, { silent: true });
      return data;
    },
    enabled: enabled && id !== undefined,
    retry: false,
  });
}
