import { useEffect, useState } from 'react';
import { RAIN_RADAR_REFRESH_MINUTES, rainRadarSlot, rainRadarTiles } from '@/shared/domain/weather';
import { useWeatherSettings } from '../api/get-weather-settings';

export type RainRadar = { kind: 'loading' } | { kind: 'unavailable' } | { kind: 'available'; tiles: string; slot: Date };

/** The rain radar's tiles, moved to the next image every 10 minutes (spec §9) while the layer is on. */
export function useRainRadar(visible: boolean): RainRadar {
  const settings = useWeatherSettings();
  const [slot, setSlot] = useState(() => rainRadarSlot(new Date()));
  useEffect(() => {
    if (!visible) return;
    setSlot(rainRadarSlot(new Date()));
    const timer = setInterval(() => setSlot(rainRadarSlot(new Date())), RAIN_RADAR_REFRESH_MINUTES * 60_000);
    return () => clearInterval(timer);
  }, [visible]);
  if (settings.isPending) return { kind: 'loading' };
  const template = settings.data?.rainRadarUrl;
  if (!template) return { kind: 'unavailable' };
  return { kind: 'available', tiles: rainRadarTiles(template, slot), slot };
}
