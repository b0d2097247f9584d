import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Center, Text } from '@mantine/core';
import {
  AttributionControl,
  Map as MlMap,
  NavigationControl,
  ScaleControl,
  setWorkerUrl,
  type ErrorEvent as MlErrorEvent,
  type LngLatLike,
} from 'maplibre-gl';
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useTranslation } from 'react-i18next';
import { env } from '@/config/env';
import { offlineStyle } from './default-style';
import { escapeHtml } from './escape-html';
import { MapContext } from './map-context';
import { setMapState } from './map-state';

// maplibre-gl 6 does not find its worker inside a Vite bundle by itself (toolchain §1).
setWorkerUrl(maplibreWorkerUrl);

/** Île-de-France, where the shipped context layers are. */
const DEFAULT_CENTER: LngLatLike = [2.35, 48.8];
const DEFAULT_ZOOM = 9;

export interface MapCanvasProps {
  center?: LngLatLike;
  zoom?: number;
  /** Keep the view in the URL hash (#zoom/lat/lon), so a view can be linked and reloaded. */
  hash?: boolean;
  /** Credits shown whatever layers are on; sources add their own (GeoJsonLayer `attribution`). */
  attributions?: string[];
  /** Accessible name of the map. */
  label: string;
  children?: ReactNode;
}

/** Ids of our layers currently visible, in drawing order: what tests read instead of a global. */
function visibleLayerIds(map: MlMap): string {
  // getLayersOrder, not getStyle: the latter serialises every GeoJSON source's data.
  return map
    .getLayersOrder()
    .filter((id) => map.getLayer(id)?.type !== 'background' && map.getLayoutProperty(id, 'visibility') !== 'none')
    .join(' ');
}

export default function MapCanvas({
  center = DEFAULT_CENTER,
  zoom = DEFAULT_ZOOM,
  hash = false,
  attributions = [],
  label,
  children,
}: MapCanvasProps) {
  const { t } = useTranslation('map');
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MlMap | null>(null);
  const [visibleLayers, setVisibleLayers] = useState('');
  const [failed, setFailed] = useState(false);
  const initial = useRef({ center, zoom, hash });

  useEffect(() => {
    if (!container.current) return;
    setMapState('init');
    let created: MlMap;
    try {
      created = new MlMap({
        container: container.current,
        style: env.basemapStyleUrl ?? offlineStyle(),
        center: initial.current.center,
        zoom: initial.current.zoom,
        hash: initial.current.hash,
        attributionControl: false,
        maxPitch: 0,
        locale: {
          'NavigationControl.ZoomIn': t('controls.zoomIn'),
          'NavigationControl.ZoomOut': t('controls.zoomOut'),
          'NavigationControl.ResetBearing': t('controls.resetBearing'),
          'AttributionControl.ToggleAttribution': t('controls.attribution'),
          'Map.Title': label,
        },
      });
    } catch (error) {
      // No WebGL (an old browser, a locked-down desktop): say so instead of breaking the screen.
      setMapState(`error: ${error instanceof Error ? error.message : String(error)}`);
      setFailed(true);
      return;
    }
    created.addControl(new NavigationControl({ showCompass: true, visualizePitch: false }), 'top-right');
    created.addControl(new ScaleControl({ unit: 'metric' }), 'bottom-left');
    created.once('load', () => setMap(created));
    created.once('idle', () => setMapState('idle-rendered'));
    created.on('idle', () => setVisibleLayers(visibleLayerIds(created)));
    created.on('error', (event: MlErrorEvent) => {
      setMapState(`error: ${event.error?.message ?? 'unknown'}`);
    });
    return () => {
      setMap(null);
      created.remove();
    };
    // The map is created once; later changes go through the effects below and the layers.
  }, []);

  const credits = attributions.map(escapeHtml).join(' · ');
  useEffect(() => {
    if (!map) return;
    const control = new AttributionControl({ compact: false, customAttribution: credits || undefined });
    map.addControl(control, 'bottom-right');
    return () => {
      // When the view unmounts, the map's own removal (the effect above, cleaned up first) has removed its controls.
      if (map.hasControl(control)) map.removeControl(control);
    };
  }, [map, credits]);

  return (
    <Box pos="relative" h="100%" w="100%">
      <Box ref={container} h="100%" w="100%" role="region" aria-label={label} data-testid="map" data-visible-layers={visibleLayers} />
      {failed ? (
        <Center pos="absolute" inset={0}>
          <Text c="dimmed">{t('unavailable')}</Text>
        </Center>
      ) : null}
      <MapContext.Provider value={map}>{map ? children : null}</MapContext.Provider>
    </Box>
  );
}
