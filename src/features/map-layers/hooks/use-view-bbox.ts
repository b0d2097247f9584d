import { useEffect, useState } from 'react';
import { useMap } from '@/components/map/map-context';
import { ZONE_VIEW_MAX_SPAN_DEG } from '@/shared/contracts/zones';
import type { ViewBbox } from '../api/get-zones-in-view';

// Rounded outwards to 0.01° so small pans reuse the cached answer.
const STEP = 100;
const down = (value: number) => Math.floor(value * STEP) / STEP;
const up = (value: number) => Math.ceil(value * STEP) / STEP;

/** The map's view as a geozone query, or null when it is wider than the server answers (3° a side). */
export function useViewBbox(): ViewBbox | null {
  const map = useMap();
  const [bbox, setBbox] = useState<ViewBbox | null>(null);
  useEffect(() => {
    if (!map) return;
    const update = () => {
      const bounds = map.getBounds();
      const view: ViewBbox = [
        down(Math.max(bounds.getWest(), -180)),
        down(Math.max(bounds.getSouth(), -90)),
        up(Math.min(bounds.getEast(), 180)),
        up(Math.min(bounds.getNorth(), 90)),
      ];
      const fits = view[2] - view[0] <= ZONE_VIEW_MAX_SPAN_DEG && view[3] - view[1] <= ZONE_VIEW_MAX_SPAN_DEG;
      setBbox((previous) => (fits ? (previous?.every((value, index) => value === view[index]) ? previous : view) : null));
    };
    update();
    map.on('moveend', update);
    return () => {
      map.off('moveend', update);
    };
  }, [map]);
  return bbox;
}
