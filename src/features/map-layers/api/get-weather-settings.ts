import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { WeatherSettings } from '@/shared/contracts/weather';

export async function getWeatherSettings(): Promise<WeatherSettings> {
  const { data } = await apiClient.get<WeatherSettings>('weather/settings');
  return data;
}

export function useWeatherSettings() {
  return useQuery({ queryKey: ['weather', 'settings'], queryFn: getWeatherSettings, staleTime: Infinity });
}
