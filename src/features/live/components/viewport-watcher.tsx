import { useEffect } from 'react';
import { useMap } from '@/components/map/map-context';
import type { Bbox } from '../live-state';

/** A pan or zoom settles for this long before the stream reconnects with the new viewport. */
export const VIEWPORT_DEBOUNCE_MS = 600;

/**
 * Reports the map's viewport (west, south, east, north) once it settles; inside a MapView. The first report follows
 * the map's size as laid out (a map created before its container got its size would report a box of a few hundred
 * metres), and a new size (a phone turned, a panel opened) is a new viewport.
 */
export function ViewportWatcher({ onChange }: { onChange: (bbox: Bbox) => void }) {
  const map = useMap();
  useEffect(() => {
    if (!map) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const report = () => {
      const bounds = map.getBounds();
      const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
      onChange([clamp(bounds.getWest(), 180), clamp(bounds.getSouth(), 90), clamp(bounds.getEast(), 180), clamp(bounds.getNorth(), 90)]);
    };
    const settle = () => {
      clearTimeout(timer);
      timer = setTimeout(report, VIEWPORT_DEBOUNCE_MS);
    };
    map.resize();
    report();
    map.on('moveend', settle);
    map.on('resize', settle);
    return () => {
      clearTimeout(timer);
      map.off('moveend', settle);
      map.off('resize', settle);
    };
  }, [map, onChange]);
  return null;
}
