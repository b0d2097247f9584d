import { useEffect, useRef } from 'react';
import type { RasterTileSource } from 'maplibre-gl';
import { escapeHtml } from './escape-html';
import { useMap } from './map-context';

export interface RasterTileLayerProps {
  id: string;
  /** An XYZ tile URL template ({z}/{x}/{y}); a new value reloads the tiles in place. */
  tiles: string;
  attribution?: string;
  visible?: boolean;
  opacity?: number;
}

/** One raster tile source and layer (rain radar), kept in step with its props while the nearest MapView lives. */
export function RasterTileLayer({ id, tiles, attribution, visible = true, opacity = 0.6 }: RasterTileLayerProps) {
  const map = useMap();
  const latest = useRef({ tiles, visible, opacity });
  latest.current = { tiles, visible, opacity };

  useEffect(() => {
    if (!map) return;
    const start = latest.current;
    map.addSource(id, { type: 'raster', tiles: [start.tiles], tileSize: 256, attribution: attribution && escapeHtml(attribution) });
    map.addLayer({
      id,
      type: 'raster',
      source: id,
      paint: { 'raster-opacity': start.opacity },
      layout: { visibility: start.visible ? 'visible' : 'none' },
    });
    return () => {
      if (map.getLayersOrder().length === 0) return;
      if (map.getLayer(id)) map.removeLayer(id);
      if (map.getSource(id)) map.removeSource(id);
    };
  }, [map, id, attribution]);

  useEffect(() => {
    (map?.getSource(id) as RasterTileSource | undefined)?.setTiles([tiles]);
  }, [map, id, tiles]);

  useEffect(() => {
    if (map?.getLayer(id)) map.setLayoutProperty(id, 'visibility', visible ? 'visible' : 'none');
  }, [map, id, visible]);

  useEffect(() => {
    if (map?.getLayer(id)) map.setPaintProperty(id, 'raster-opacity', opacity);
  }, [map, id, opacity]);

  return null;
}
