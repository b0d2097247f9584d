import { useEffect } from 'react';
import type { GeoJSON } from 'geojson';
import { useMap } from './map-context';

export type Bounds = [number, number, number, number];

/** [west, south, east, north] of every position in the GeoJSON values; null when they hold none. */
export function boundsOf(...values: readonly (GeoJSON | null | undefined)[]): Bounds | null {
  const box: Bounds = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (value: unknown): void => {
    if (Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'number') {
      box[0] = Math.min(box[0], value[0]);
      box[1] = Math.min(box[1], value[1]);
      box[2] = Math.max(box[2], value[0]);
      box[3] = Math.max(box[3], value[1]);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const object = value as { coordinates?: unknown; geometry?: unknown; geometries?: unknown; features?: unknown };
      visit(object.coordinates ?? object.geometry ?? object.geometries ?? object.features);
    }
  };
  values.forEach(visit);
  return Number.isFinite(box[0]) ? box : null;
}

export interface FitBoundsProps {
  /** What the view must show; refitted whenever its extent changes, left alone while it holds nothing. */
  data: readonly (GeoJSON | null | undefined)[];
  /** Room left around the content, in pixels. */
  padding?: number;
  /** A single point or a tiny area is not blown up past this zoom. */
  maxZoom?: number;
}

/** Fits the nearest MapView to its content (docs/map.md "Fitting the view"): a child of MapView, like the layers. */
export function FitBounds({ data, padding = 40, maxZoom = 16 }: FitBoundsProps) {
  const map = useMap();
  // Refit on a new extent only (compared as text): the same content re-rendered keeps whatever view the user chose since.
  const extent = boundsOf(...data)?.join(',');
  useEffect(() => {
    if (!map || extent === undefined) return;
    const fit = () => map.fitBounds(extent.split(',').map(Number) as Bounds, { padding, maxZoom, duration: 0 });
    const { clientWidth, clientHeight } = map.getContainer();
    if (clientWidth > 2 * padding && clientHeight > 2 * padding) {
      fit();
      return;
    }
    // A container not laid out yet cannot hold the padding: MapLibre would keep the first view. Fit once it has a size.
    map.once('resize', fit);
    return () => {
      map.off('resize', fit);
    };
  }, [map, extent, padding, maxZoom]);
  return null;
}
