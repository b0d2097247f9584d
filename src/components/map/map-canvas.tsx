import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button, Center, Popover, Text } from '@mantine/core';
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
import { BASEMAP_LAYER_PREFIX, ONLINE_STYLE_TIMEOUT_MS, ONLINE_STYLE_URL, resolveBasemap, type BasemapKind } from './default-style';
import { mapLocale, openStreetMapCredit } from './map-texts';
import { escapeHtml } from './escape-html';
import { MapContext } from './map-context';
import { labelFadeMs } from './motion';
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

/** Ids of our layers currently visible, in drawing order (the basemap's left out): what tests read instead of a global. */
function visibleLayerIds(map: MlMap, basemapLayers: ReadonlySet<string>): string {
  // getLayersOrder, not getStyle: the latter serialises every GeoJSON source's data.
  return map
    .getLayersOrder()
    .filter((id) => !basemapLayers.has(id) && map.getLayer(id)?.type !== 'background' && map.getLayoutProperty(id, 'visibility') !== 'none')
    .join(' ');
}

/** Which layers of the shipped basemap draw something in view, and the town names placed: what tests read of it. */
function renderedBasemap(map: MlMap, layers: string[]): { layers: string; labels: string } {
  if (layers.length === 0) return { layers: '', labels: '' };
  const features = map.queryRenderedFeatures({ layers });
  const ids = new Set(features.map((feature) => feature.layer.id));
  // The biggest towns first (rank 1), so the list names the ones a person reads first.
  const labels = new Set(
    features
      .filter((feature) => feature.layer.type === 'symbol')
      .sort((a, b) => Number(a.properties.rank) - Number(b.properties.rank))
      .map((feature) => String(feature.properties.name ?? '')),
  );
  return { layers: [...ids].sort().join(' '), labels: [...labels].slice(0, 30).join('|') };
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
  // The map is created once, with the view and the control labels of its first render.
  const initial = useRef({
    center,
    zoom,
    hash,
    locale: mapLocale(t, label),
    openStreetMapCredit: openStreetMapCredit(t, 'html'),
  });

  const [basemap, setBasemap] = useState<BasemapKind | undefined>();
  const [basemapRendered, setBasemapRendered] = useState({ layers: '', labels: '' });

  useEffect(() => {
    setMapState('init');
    let cancelled = false;
    let created: MlMap | undefined;
    // The online basemap when it answers in time, else the one shipped with the project (docs/map.md "Basemap").
    void resolveBasemap(env.basemapStyleUrl ?? ONLINE_STYLE_URL, ONLINE_STYLE_TIMEOUT_MS, initial.current.openStreetMapCredit).then(
      ({ kind, style }) => {
        if (cancelled || !container.current) return;
        const basemapLayers = new Set(style.layers.map((layer) => layer.id));
        try {
          created = new MlMap({
            container: container.current,
            style,
            center: initial.current.center,
            zoom: initial.current.zoom,
            hash: initial.current.hash,
            attributionControl: false,
            maxPitch: 0,
            locale: initial.current.locale,
            fadeDuration: labelFadeMs(),
          });
        } catch (error) {
          // No WebGL (an old browser, a locked-down desktop): say so instead of breaking the screen.
          setMapState(`error: ${error instanceof Error ? error.message : String(error)}`);
          setFailed(true);
          return;
        }
        const map = created;
        setBasemap(kind);
        map.addControl(new NavigationControl({ showCompass: true, visualizePitch: false }), 'top-right');
        map.addControl(new ScaleControl({ unit: 'metric' }), 'bottom-left');
        map.once('load', () => setMap(map));
        map.once('idle', () => setMapState('idle-rendered'));
        const offlineLayers = [...basemapLayers].filter((id) => id.startsWith(BASEMAP_LAYER_PREFIX));
        map.on('idle', () => {
          setVisibleLayers(visibleLayerIds(map, basemapLayers));
          setBasemapRendered(renderedBasemap(map, offlineLayers));
        });
        map.on('error', (event: MlErrorEvent) => {
          setMapState(`error: ${event.error?.message ?? 'unknown'}`);
        });
      },
    );
    return () => {
      cancelled = true;
      setMap(null);
      created?.remove();
    };
    // The map is created once; later changes go through the effects below and the layers.
  }, []);

  const credits = attributions.map(escapeHtml).join(' · ');
  useEffect(() => {
    if (!map) return;
    const control = new AttributionControl({ compact: false, customAttribution: credits || undefined });
    map.addControl(control, 'bottom-right');
    return () => {
      // When the whole view unmounts, the map's own cleanup (map.remove) has already taken its controls away.
      if (map.hasControl(control)) map.removeControl(control);
    };
  }, [map, credits]);

  return (
    <Box pos="relative" h="100%" w="100%">
      <Box
        ref={container}
        h="100%"
        w="100%"
        role="region"
        aria-label={label}
        data-testid="map"
        data-visible-layers={visibleLayers}
        data-basemap={basemap}
        data-basemap-rendered={basemapRendered.layers}
        data-basemap-labels={basemapRendered.labels}
      />
      {basemap === 'offline' ? (
        // A one-line badge at the bottom right, clear of the Layers panel on the left; what the fallback holds on demand.
        <Popover width={300} position="top-end" withArrow shadow="md" trapFocus returnFocus>
          <Popover.Target>
            <Button
              pos="absolute"
              bottom={100}
              right={10}
              size="compact-xs"
              variant="default"
              style={{ zIndex: 1 }}
              data-testid="basemap-offline"
            >
              {t('offlineBasemapShort')}
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Text size="xs">{t('offlineBasemap')}</Text>
          </Popover.Dropdown>
        </Popover>
      ) : null}
      {failed ? (
        <Center pos="absolute" inset={0}>
          <Text c="dimmed">{t('unavailable')}</Text>
        </Center>
      ) : null}
      <MapContext.Provider value={map}>{map ? children : null}</MapContext.Provider>
    </Box>
  );
}
