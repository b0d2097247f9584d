import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Marker } from 'maplibre-gl';
import { useMap } from './map-context';

/**
 * React content placed on the map at a position (a MapLibre Marker around a portal): HTML labels need no glyphs,
 * which the offline style does not have (docs/map.md), and buttons in it are reachable with the keyboard.
 */
export function HtmlMarker({ lng, lat, children }: { lng: number; lat: number; children: ReactNode }) {
  const map = useMap();
  const [element] = useState(() => document.createElement('div'));
  const [marker, setMarker] = useState<Marker | null>(null);
  // Where a (re-)created marker starts; the effect below keeps it in step afterwards.
  const start = useRef<[number, number]>([lng, lat]);
  start.current = [lng, lat];

  useEffect(() => {
    if (!map) return;
    const created = new Marker({ element, anchor: 'center' }).setLngLat(start.current).addTo(map);
    setMarker(created);
    return () => {
      created.remove();
      setMarker(null);
    };
  }, [map, element]);

  useEffect(() => {
    marker?.setLngLat([lng, lat]);
  }, [marker, lng, lat]);

  return createPortal(children, element);
}
