import { useMemo } from 'react';
import { bbox, bboxClip, buffer, featureCollection, multiPolygon } from '@turf/turf';
import type { Feature, FeatureCollection, MultiPolygon, Point, Polygon } from 'geojson';
import type { ExpressionSpecification } from 'maplibre-gl';
import { useTranslation } from 'react-i18next';
import { FitBounds } from '@/components/map/fit-bounds';
import { GeoJsonLayer } from '@/components/map/geojson-layer';
import { HtmlMarker } from '@/components/map/html-marker';
import { MapView } from '@/components/map/map-view';
import { RESTRICTION_COLORS } from '@/components/map/restriction-colors';
import type { MissionDetail } from '@/shared/contracts/missions';
import { RESTRICTIONS } from '@/shared/geozones/zone';
import { useAlertShapesAround, useZonesAround, type Box } from '../api/get-surroundings';

/** How far around the mission the map looks for alerts and zones, in degrees (about 2 km). */
export const SURROUNDINGS_MARGIN_DEG = 0.02;
/** Zones are looked up to this height at least: a mission without height still sees what lies above it. */
const ZONES_MIN_HEIGHT_M = 120;
const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

const restrictionColor = [
  'match',
  ['get', 'restriction'],
  ...RESTRICTIONS.flatMap((restriction) => [restriction, RESTRICTION_COLORS[restriction]]),
  '#868e96',
] as unknown as ExpressionSpecification;

// Constant paints: a new object at each render would restyle the map each time.
const AREA_FILL = { 'fill-color': '#1864ab', 'fill-opacity': 0.2 };
const AREA_LINE = { 'line-color': '#1864ab', 'line-width': 2 };
const TOLERANCE_LINE = { 'line-color': '#f08c00', 'line-width': 1.5, 'line-dasharray': [2, 2] };
const ZONE_LINE = { 'line-color': restrictionColor, 'line-width': 2 };
const ALERT_FILL = { 'fill-color': '#e03131', 'fill-opacity': 0.15 };
const ALERT_LINE = { 'line-color': '#e03131', 'line-width': 2 };

/** The mission's box widened by the margin; null without areas. */
export function surroundingsOf(areas: MissionDetail['areas']): Box | null {
  if (!areas || areas.coordinates.length === 0) return null;
  const [west, south, east, north] = bbox(multiPolygon(areas.coordinates));
  // Rounded to about 10 m: a stable query key and a short URL.
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  const m = SURROUNDINGS_MARGIN_DEG;
  return [round(west - m), round(south - m), round(east + m), round(north + m)];
}

/** The ring of the contingency distance around the areas: what the conformance check tolerates (docs/alerts.md). */
export function toleranceRing(areas: MissionDetail['areas'], toleranceM: number): FeatureCollection {
  if (!areas || areas.coordinates.length === 0 || toleranceM <= 0) return EMPTY;
  const ring = buffer(multiPolygon(areas.coordinates), toleranceM / 1000, { units: 'kilometers' }) as
    Feature<Polygon | MultiPolygon> | undefined;
  return ring ? (featureCollection([ring]) as FeatureCollection) : EMPTY;
}

export interface FlightMapProps {
  mission: MissionDetail;
  /** The own position, when known. */
  position: { lat: number; lon: number } | null;
  /** The state of the own flight: the position's dot takes its colour. */
  state: 'conforming' | 'warning' | 'violating' | null;
}

const DOT_COLORS = { conforming: '#2f9e44', warning: '#f59f00', violating: '#e03131' } as const;

/** The pilot's map (docs/flight.md "Flight view"): own position, mission area and tolerance, alerts and zones around. */
export function FlightMap({ mission, position, state }: FlightMapProps) {
  const { t } = useTranslation('flights');
  const box = useMemo(() => surroundingsOf(mission.areas), [mission.areas]);
  const { alerts, shapes: alertShapes } = useAlertShapesAround(box);
  const zones = useZonesAround(box, Math.max(mission.maxHeightM ?? 0, ZONES_MIN_HEIGHT_M));
  const areas = useMemo<FeatureCollection>(
    () => (mission.areas && mission.areas.coordinates.length ? featureCollection([multiPolygon(mission.areas.coordinates)]) : EMPTY),
    [mission.areas],
  );
  const tolerance = useMemo(
    () => toleranceRing(mission.areas, mission.safetyZones?.contingencyM ?? 0),
    [mission.areas, mission.safetyZones?.contingencyM],
  );
  // National zones have thousands of vertices far away: only what lies around the flight is drawn.
  const zoneShapes = useMemo<FeatureCollection>(() => {
    if (!box || !zones.data?.length) return EMPTY;
    const features: Feature[] = zones.data.map((zone) =>
      bboxClip({ type: 'Feature', properties: { restriction: zone.restriction }, geometry: zone.volume.geometry }, [...box]),
    );
    return featureCollection(features) as FeatureCollection;
  }, [box, zones.data]);
  const own = useMemo((): Point | null => (position ? { type: 'Point', coordinates: [position.lon, position.lat] } : null), [position]);
  const color = DOT_COLORS[state ?? 'conforming'];

  return (
    <div
      style={{ height: 'min(45vh, 360px)', minHeight: 220, borderRadius: 8, overflow: 'hidden' }}
      data-testid="flight-map"
      data-alerts={alerts.data?.length ?? 0}
      data-zones={zones.data?.length ?? 0}
      data-position={position ? `${position.lat},${position.lon}` : undefined}
    >
      <MapView label={t('view.map')}>
        {/* The area and the pilot together: the view follows him when he leaves it. */}
        <FitBounds data={[areas, tolerance, own]} padding={24} />
        <GeoJsonLayer id="flight-zones" type="line" data={zoneShapes} paint={ZONE_LINE} />
        <GeoJsonLayer id="flight-alerts-fill" type="fill" data={alertShapes} paint={ALERT_FILL} />
        <GeoJsonLayer id="flight-alerts-line" type="line" data={alertShapes} paint={ALERT_LINE} />
        <GeoJsonLayer id="flight-area-fill" type="fill" data={areas} paint={AREA_FILL} />
        <GeoJsonLayer id="flight-area-line" type="line" data={areas} paint={AREA_LINE} />
        <GeoJsonLayer id="flight-tolerance" type="line" data={tolerance} paint={TOLERANCE_LINE} />
        {position ? (
          <HtmlMarker lng={position.lon} lat={position.lat}>
            <span
              role="img"
              aria-label={t('view.ownPosition')}
              data-testid="flight-own-position"
              data-state={state ?? undefined}
              style={{
                display: 'block',
                width: 18,
                height: 18,
                borderRadius: '50%',
                background: color,
                border: '3px solid white',
                boxShadow: `0 0 0 2px ${color}`,
              }}
            />
          </HtmlMarker>
        ) : null}
      </MapView>
    </div>
  );
}
