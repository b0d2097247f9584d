import { useEffect, useRef } from 'react';
import type { FeatureCollection } from 'geojson';
import type { FilterSpecification, GeoJSONSource, LayerSpecification } from 'maplibre-gl';
import { escapeHtml } from './escape-html';
import { useMap } from './map-context';

type DrawnLayerType = 'fill' | 'line' | 'circle' | 'heatmap';
type PaintOf<T extends DrawnLayerType> = Extract<LayerSpecification, { type: T }>['paint'];

export type GeoJsonLayerProps = {
  /** Layer id; the source is `${id}` too unless `source` names a shared one. */
  id: string;
  data: FeatureCollection;
  /** Credit shown in the attribution control while the layer is on. */
  attribution?: string;
  visible?: boolean;
  filter?: FilterSpecification;
  /** Draw under this layer, if present. */
  beforeId?: string;
} & { [T in DrawnLayerType]: { type: T; paint?: PaintOf<T> } }[DrawnLayerType];

/** One GeoJSON source and layer, kept in step with its props while the nearest MapView lives. */
export function GeoJsonLayer({ id, data, attribution, visible = true, filter, beforeId, type, paint }: GeoJsonLayerProps) {
  const map = useMap();
  // What a re-created source and layer start from; the effects below keep them in step afterwards.
  const latest = useRef({ data, visible, paint, filter });
  latest.current = { data, visible, paint, filter };
  // The layer drawn just above this one when it was last removed: a re-created layer (new attribution) keeps its place.
  const above = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (!map) return;
    const start = latest.current;
    map.addSource(id, { type: 'geojson', data: start.data, attribution: attribution && escapeHtml(attribution) });
    map.addLayer(
      {
        id,
        type,
        source: id,
        paint: start.paint ?? {},
        layout: { visibility: start.visible ? 'visible' : 'none' },
        ...(start.filter ? { filter: start.filter } : {}),
      } as LayerSpecification,
      [beforeId, above.current].find((layer) => layer !== undefined && map.getLayer(layer)),
    );
    return () => {
      // The map may already be gone with its style when the whole view unmounts.
      const order = map.getLayersOrder();
      if (order.length === 0) return;
      above.current = order[order.indexOf(id) + 1];
      if (map.getLayer(id)) map.removeLayer(id);
      if (map.getSource(id)) map.removeSource(id);
    };
  }, [map, id, type, attribution, beforeId]);

  useEffect(() => {
    (map?.getSource(id) as GeoJSONSource | undefined)?.setData(data);
  }, [map, id, data]);

  useEffect(() => {
    if (map?.getLayer(id)) map.setLayoutProperty(id, 'visibility', visible ? 'visible' : 'none');
  }, [map, id, visible]);

  useEffect(() => {
    if (!map?.getLayer(id) || !paint) return;
    for (const [property, value] of Object.entries(paint))
      map.setPaintProperty(id, property as Parameters<typeof map.setPaintProperty>[1], value);
  }, [map, id, paint]);

  useEffect(() => {
    if (map?.getLayer(id)) map.setFilter(id, filter ?? null);
  }, [map, id, filter]);

  return null;
}
