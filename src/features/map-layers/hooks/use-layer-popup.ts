import { useEffect, useState } from 'react';
import { Popup, type MapGeoJSONFeature, type MapLayerMouseEvent } from 'maplibre-gl';
import { useMap } from '@/components/map/map-context';

/**
 * A click on the layer `layerId` opens a MapLibre popup at the pointer over what `pick` takes from the features under
 * it (nothing opens when it takes none); the pointer is a hand over the layer. `pick` null: no popup. The popup's
 * content is rendered by the caller into `node` (a portal), so it is React, translated and testable like any screen.
 */
export function useLayerPopup<T>(layerId: string, pick: ((features: MapGeoJSONFeature[]) => T[]) | null) {
  const map = useMap();
  const [open, setOpen] = useState<{ items: T[]; node: HTMLElement } | null>(null);

  useEffect(() => {
    if (!map || !pick) return;
    let popup: Popup | undefined;
    const onClick = (event: MapLayerMouseEvent) => {
      const items = pick(event.features ?? []);
      if (items.length === 0) return;
      popup?.remove();
      const node = document.createElement('div');
      popup = new Popup({ maxWidth: '300px' }).setLngLat(event.lngLat).setDOMContent(node).addTo(map);
      popup.on('close', () => setOpen((current) => (current?.node === node ? null : current)));
      setOpen({ items, node });
    };
    const pointer = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const leave = () => {
      map.getCanvas().style.cursor = '';
    };
    map.on('click', layerId, onClick);
    map.on('mouseenter', layerId, pointer);
    map.on('mouseleave', layerId, leave);
    return () => {
      map.off('click', layerId, onClick);
      map.off('mouseenter', layerId, pointer);
      map.off('mouseleave', layerId, leave);
      popup?.remove();
    };
  }, [map, layerId, pick]);

  return open;
}
