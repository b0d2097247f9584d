import { useMemo, useState } from 'react';
import type { FeatureCollection } from 'geojson';
import type { ExpressionSpecification } from 'maplibre-gl';
import { GeoJsonLayer } from '@/components/map/geojson-layer';
import { CONTEXT_LAYER_ATTRIBUTION, type ContextLayerName } from '@/shared/contracts/context-layers';
import { RESTRICTIONS } from '@/shared/geozones/zone';
import { useContextLayer } from '../api/get-context-layer';
import { useZonesInView } from '../api/get-zones-in-view';
import { useViewBbox } from '../hooks/use-view-bbox';
import { CONTEXT_COLORS, DEFAULT_VISIBLE, RESTRICTION_COLORS, type LayerKey } from '../layer-catalogue';
import { LayerPanel, type GeozoneStatus } from './layer-panel';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

const restrictionColor = [
  'match',
  ['get', 'restriction'],
  ...RESTRICTIONS.flatMap((restriction) => [restriction, RESTRICTION_COLORS[restriction]]),
  '#868e96',
] as unknown as ExpressionSpecification;

const LINE_PAINT: Record<
  Exclude<ContextLayerName, 'protected'>,
  { 'line-color': string; 'line-width': number; 'line-dasharray'?: number[] }
> = {
  rail: { 'line-color': CONTEXT_COLORS.rail, 'line-width': 1.5, 'line-dasharray': [3, 2] },
  motorways: { 'line-color': CONTEXT_COLORS.motorways, 'line-width': 2 },
  powerlines: { 'line-color': CONTEXT_COLORS.powerlines, 'line-width': 1 },
};

const GEOZONE_FILL = { 'fill-color': restrictionColor, 'fill-opacity': 0.25 };
const GEOZONE_LINE = { 'line-color': restrictionColor, 'line-width': 1.2 };
const PROTECTED_FILL = { 'fill-color': CONTEXT_COLORS.protected, 'fill-opacity': 0.3, 'fill-outline-color': CONTEXT_COLORS.protected };

function ContextLine({ name, visible }: { name: Exclude<ContextLayerName, 'protected'>; visible: boolean }) {
  const { data } = useContextLayer(name, visible);
  return (
    <GeoJsonLayer
      id={`context-${name}`}
      type="line"
      data={data ?? EMPTY}
      paint={LINE_PAINT[name]}
      visible={visible}
      attribution={CONTEXT_LAYER_ATTRIBUTION}
    />
  );
}

/** The regulatory and context layers of spec shell §1 on the nearest MapView, with their switcher and legend. */
export function MapLayers() {
  const [visible, setVisible] = useState<Record<LayerKey, boolean>>({ ...DEFAULT_VISIBLE });
  const bbox = useViewBbox();
  const zones = useZonesInView(visible.geozones ? bbox : null);
  const protectedAreas = useContextLayer('protected', visible.protected);

  const zoneData = useMemo<FeatureCollection>(() => (bbox && zones.data ? (zones.data as FeatureCollection) : EMPTY), [bbox, zones.data]);
  const zoneAttribution = zones.data?.attributions.join(' · ') || undefined;
  const geozoneStatus: GeozoneStatus = !bbox
    ? { kind: 'zoomIn' }
    : zones.isError
      ? { kind: 'error' }
      : { kind: 'count', count: zones.data && !zones.isPlaceholderData ? zones.data.features.length : undefined };

  return (
    <>
      <GeoJsonLayer
        id="context-protected"
        type="fill"
        data={protectedAreas.data ?? EMPTY}
        paint={PROTECTED_FILL}
        visible={visible.protected}
        attribution={CONTEXT_LAYER_ATTRIBUTION}
      />
      <GeoJsonLayer
        id="geozones-fill"
        type="fill"
        data={zoneData}
        paint={GEOZONE_FILL}
        visible={visible.geozones}
        attribution={zoneAttribution}
      />
      <GeoJsonLayer id="geozones-line" type="line" data={zoneData} paint={GEOZONE_LINE} visible={visible.geozones} />
      <ContextLine name="rail" visible={visible.rail} />
      <ContextLine name="motorways" visible={visible.motorways} />
      <ContextLine name="powerlines" visible={visible.powerlines} />
      <LayerPanel visible={visible} onToggle={(key, on) => setVisible((current) => ({ ...current, [key]: on }))} geozones={geozoneStatus} />
    </>
  );
}
