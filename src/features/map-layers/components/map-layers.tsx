import { useEffect, useMemo, useState } from 'react';
import type { FeatureCollection } from 'geojson';
import type { ExpressionSpecification, FilterSpecification } from 'maplibre-gl';
import { useTranslation } from 'react-i18next';
import { GeoJsonLayer } from '@/components/map/geojson-layer';
import { openStreetMapCredit } from '@/components/map/map-texts';
import { RasterTileLayer } from '@/components/map/raster-tile-layer';
import type { ContextLayerName } from '@/shared/contracts/context-layers';
import { RESTRICTIONS } from '@/shared/geozones/zone';
import { useAerodromeCategories } from '../api/get-aerodrome-categories';
import { useContextLayer } from '../api/get-context-layer';
import { useVolumesInView } from '../api/get-volumes-in-view';
import { useZonesInView } from '../api/get-zones-in-view';
import { useMapSettings } from '../api/get-map-settings';
import { useRainRadar } from '../hooks/use-rain-radar';
import { useViewBbox } from '../hooks/use-view-bbox';
import { CONTEXT_COLORS, DEFAULT_VISIBLE, RESTRICTION_COLORS, TAF_CATEGORY_COLORS, VOLUME_COLOR, type LayerKey } from '../layer-catalogue';
import { LayerPanel, type AerodromesStatus, type GeozoneStatus, type VolumesStatus } from './layer-panel';
import { ObstaclePopup } from './obstacle-popup';
import { ZonePopup } from './zone-popup';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

const restrictionColor = [
  'match',
  ['get', 'restriction'],
  ...RESTRICTIONS.flatMap((restriction) => [restriction, RESTRICTION_COLORS[restriction]]),
  '#868e96',
] as unknown as ExpressionSpecification;

type LineLayerName = Exclude<ContextLayerName, 'protected' | 'obstacles'>;

const LINE_PAINT: Record<LineLayerName, { 'line-color': string; 'line-width': number; 'line-dasharray'?: number[] }> = {
  rail: { 'line-color': CONTEXT_COLORS.rail, 'line-width': 1.5, 'line-dasharray': [3, 2] },
  motorways: { 'line-color': CONTEXT_COLORS.motorways, 'line-width': 2 },
  powerlines: { 'line-color': CONTEXT_COLORS.powerlines, 'line-width': 1 },
};

// Zones overlap by the dozen around cities: light fills that fade as one zooms in, so the basemap stays readable, and
// outlines that say the restriction (thicker and solid the stricter it is).
const GEOZONE_FILL = {
  'fill-color': restrictionColor,
  'fill-opacity': ['interpolate', ['linear'], ['zoom'], 6, 0.05, 10, 0.03, 12, 0] as ExpressionSpecification,
};
const GEOZONE_LINE = {
  'line-color': restrictionColor,
  'line-opacity': ['interpolate', ['linear'], ['zoom'], 6, 0.5, 12, 0.9] as ExpressionSpecification,
  'line-width': [
    'interpolate',
    ['linear'],
    ['zoom'],
    6,
    ['match', ['get', 'restriction'], 'PROHIBITED', 1.2, 'REQ_AUTHORISATION', 1, 0.6],
    14,
    ['match', ['get', 'restriction'], 'PROHIBITED', 3, 'REQ_AUTHORISATION', 2.2, 1.4],
  ],
} as { 'line-color': ExpressionSpecification; 'line-opacity': ExpressionSpecification; 'line-width': ExpressionSpecification };
// Accepted volumes solid, pending ones (submitted, awaiting) dashed.
const PENDING = ['match', ['get', 'status'], ['submitted', 'awaiting'], true, false] as unknown as ExpressionSpecification;
const VOLUME_FILL = { 'fill-color': VOLUME_COLOR, 'fill-opacity': 0.2 };
const VOLUME_LINE = { 'line-color': VOLUME_COLOR, 'line-width': 2 };
const VOLUME_PENDING_LINE = { 'line-color': VOLUME_COLOR, 'line-width': 2, 'line-dasharray': [2, 2] };
const PENDING_FILTER = ['==', PENDING, true] as unknown as FilterSpecification;
const ACCEPTED_FILTER = ['==', PENDING, false] as unknown as FilterSpecification;

/** Now, to the minute: the live map's time moves on while `ticking`, and each minute asks again. */
function useMinute(ticking: boolean): string {
  const round = () => new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
  const [minute, setMinute] = useState(round);
  useEffect(() => {
    if (!ticking) return undefined;
    setMinute(round());
    const timer = window.setInterval(() => setMinute(round()), 15_000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return minute;
}

const TAF_CIRCLE = {
  'circle-color': [
    'match',
    ['get', 'category'],
    ...(['VFR', 'MVFR', 'IFR', 'LIFR'] as const).flatMap((category) => [category, TAF_CATEGORY_COLORS[category]]),
    TAF_CATEGORY_COLORS.none,
  ] as unknown as ExpressionSpecification,
  'circle-radius': 7,
  'circle-stroke-color': '#ffffff',
  'circle-stroke-width': 2,
};

// Small at a region's scale, where thousands of wind turbines crowd, larger at a mission's.
const OBSTACLE_CIRCLE = {
  'circle-color': CONTEXT_COLORS.obstacles,
  'circle-radius': ['interpolate', ['linear'], ['zoom'], 6, 2, 13, 6] as ExpressionSpecification,
  'circle-stroke-color': '#ffffff',
  'circle-stroke-width': 1,
};

const PROTECTED_FILL = { 'fill-color': CONTEXT_COLORS.protected, 'fill-opacity': 0.3, 'fill-outline-color': CONTEXT_COLORS.protected };

function ContextLine({ name, visible }: { name: LineLayerName; visible: boolean }) {
  const { t } = useTranslation('map');
  const { data } = useContextLayer(name, visible);
  return (
    <GeoJsonLayer
      id={`context-${name}`}
      type="line"
      data={data ?? EMPTY}
      paint={LINE_PAINT[name]}
      visible={visible}
      attribution={openStreetMapCredit(t, 'text')}
    />
  );
}

export interface MapLayersProps {
  /** The map's time for the Deconfliction group (a mission's start); now, to the minute, when not given. */
  at?: string;
  /** The mission shown on the map, left out of the other missions' volumes. */
  missionId?: string;
}

/** The regulatory and context layers of spec shell §1 on the nearest MapView, with their switcher and legend. */
export function MapLayers({ at, missionId }: MapLayersProps = {}) {
  const { t } = useTranslation('map');
  const [visible, setVisible] = useState<Record<LayerKey, boolean>>({ ...DEFAULT_VISIBLE });
  const bbox = useViewBbox();
  const zones = useZonesInView(visible.geozones ? bbox : null);
  const now = useMinute(at === undefined && (visible.otherMissions || visible.tafCategory));
  const time = at ?? now;
  const volumes = useVolumesInView(bbox, time, missionId, visible.otherMissions);
  const volumeData = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: (volumes.data?.volumes ?? []).map((volume) => ({
        type: 'Feature',
        properties: { status: volume.status, reference: volume.referenceNumber },
        geometry: volume.areas,
      })),
    }),
    [volumes.data],
  );
  const volumesStatus: VolumesStatus = !bbox
    ? { kind: 'zoomIn' }
    : volumes.isError
      ? { kind: 'error' }
      : { kind: 'count', count: volumes.data && !volumes.isPlaceholderData ? volumes.data.volumes.length : undefined, at: time };
  const aerodromes = useAerodromeCategories(bbox, time, visible.tafCategory);
  const aerodromeData = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: (aerodromes.data?.items ?? []).map((aerodrome) => ({
        type: 'Feature',
        properties: { icao: aerodrome.icao, category: aerodrome.category ?? 'none' },
        geometry: { type: 'Point', coordinates: [aerodrome.lon, aerodrome.lat] },
      })),
    }),
    [aerodromes.data],
  );
  const aerodromesStatus: AerodromesStatus = !bbox
    ? { kind: 'zoomIn' }
    : aerodromes.isError
      ? { kind: 'error' }
      : { kind: 'list', items: aerodromes.data && !aerodromes.isPlaceholderData ? aerodromes.data.items : undefined, at: time };
  const protectedAreas = useContextLayer('protected', visible.protected);
  const obstacles = useContextLayer('obstacles', visible.obstacles);
  const radar = useRainRadar(visible.rainRadar);
  const aerialTiles = useMapSettings().data?.aerialTilesUrl ?? null;

  const zoneData = useMemo<FeatureCollection>(() => (bbox && zones.data ? (zones.data as FeatureCollection) : EMPTY), [bbox, zones.data]);
  const zoneAttribution = zones.data?.attributions.join(' · ') || undefined;
  const geozoneStatus: GeozoneStatus = !bbox
    ? { kind: 'zoomIn' }
    : zones.isError
      ? { kind: 'error' }
      : { kind: 'count', count: zones.data && !zones.isPlaceholderData ? zones.data.features.length : undefined };

  return (
    <>
      {/* Mounted first, so drawn under every other layer of ours (layers draw in mount order). */}
      {aerialTiles ? <RasterTileLayer id="aerial" tiles={aerialTiles} visible={visible.aerial} opacity={1} /> : null}
      <GeoJsonLayer
        id="context-protected"
        type="fill"
        data={protectedAreas.data ?? EMPTY}
        paint={PROTECTED_FILL}
        visible={visible.protected}
        attribution={openStreetMapCredit(t, 'text')}
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
      <ZonePopup layerId="geozones-fill" data={visible.geozones ? zones.data : undefined} />
      <GeoJsonLayer id="deconfliction-volumes-fill" type="fill" data={volumeData} paint={VOLUME_FILL} visible={visible.otherMissions} />
      <GeoJsonLayer
        id="deconfliction-volumes-line"
        type="line"
        data={volumeData}
        paint={VOLUME_LINE}
        filter={ACCEPTED_FILTER}
        visible={visible.otherMissions}
      />
      <GeoJsonLayer
        id="deconfliction-volumes-pending"
        type="line"
        data={volumeData}
        paint={VOLUME_PENDING_LINE}
        filter={PENDING_FILTER}
        visible={visible.otherMissions}
      />
      <ContextLine name="rail" visible={visible.rail} />
      <ContextLine name="motorways" visible={visible.motorways} />
      <ContextLine name="powerlines" visible={visible.powerlines} />
      <GeoJsonLayer
        id="context-obstacles"
        type="circle"
        data={obstacles.data ?? EMPTY}
        paint={OBSTACLE_CIRCLE}
        visible={visible.obstacles}
        attribution={t('credits.sia')}
      />
      <ObstaclePopup layerId="context-obstacles" enabled={visible.obstacles} />
      {radar.kind === 'available' ? <RasterTileLayer id="rain-radar" tiles={radar.tiles} visible={visible.rainRadar} /> : null}
      <GeoJsonLayer id="taf-aerodromes" type="circle" data={aerodromeData} paint={TAF_CIRCLE} visible={visible.tafCategory} />
      <LayerPanel
        visible={visible}
        onToggle={(key, on) => setVisible((current) => ({ ...current, [key]: on }))}
        geozones={geozoneStatus}
        volumes={volumesStatus}
        aerodromes={aerodromesStatus}
        radar={radar}
        aerialAvailable={aerialTiles !== null}
      />
    </>
  );
}
