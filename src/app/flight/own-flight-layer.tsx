import { useEffect, useMemo, useRef } from 'react';
import { useQueries } from '@tanstack/react-query';
import { featureCollection, multiPolygon } from '@turf/turf';
import type { FeatureCollection, MultiPolygon, Point } from 'geojson';
import { boundsOf } from '@/components/map/fit-bounds';
import { GeoJsonLayer } from '@/components/map/geojson-layer';
import { useMap } from '@/components/map/map-context';
import { useAlertShapesAround } from '@/features/flights/api/get-surroundings';
import { missionQueryOptions } from '@/features/missions/api/get-mission';
import type { Bbox } from '@/features/live/live-state';
import { alertsBoxOf, nearEdge } from './own-flight-view';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

const AREA_FILL = { 'fill-color': '#1864ab', 'fill-opacity': 0.15 };
const AREA_LINE = { 'line-color': '#1864ab', 'line-width': 2 };
const ALERT_FILL = { 'fill-color': '#e03131', 'fill-opacity': 0.15 };
const ALERT_LINE = { 'line-color': '#e03131', 'line-width': 2 };

export interface OwnFlightLayerProps {
  /** The missions flying from this device (the recorded take-offs). */
  missionIds: readonly string[];
  /** The device's own position, when known. */
  position: { lat: number; lon: number } | null;
  /** Keep the own position in view as it moves. */
  follow: boolean;
  /** The map's current viewport: the alerts in it are drawn. */
  viewport: Bbox | null;
  /** The user moved the map himself: following stops. */
  onUnfollow: () => void;
}

/**
 * The pilot's own flight on the live map (docs/flight.md "Live map"): its missions' areas and the displayed alerts in
 * view; at open the view fits the areas and the own position, and while following it keeps the position in view.
 */
export function OwnFlightLayer({ missionIds, position, follow, viewport, onUnfollow }: OwnFlightLayerProps) {
  const map = useMap();
  const missions = useQueries({ queries: missionIds.map((id) => missionQueryOptions(id)) });
  // The areas compared as text: a refetch with the same areas draws nothing new.
  const areaKey = JSON.stringify(
    missions.flatMap((query) => (query.data?.areas?.coordinates.length ? [query.data.areas.coordinates] : [])),
  );
  const areas = useMemo<FeatureCollection>(() => {
    const list = JSON.parse(areaKey) as MultiPolygon['coordinates'][];
    return list.length ? (featureCollection(list.map((coordinates) => multiPolygon(coordinates))) as FeatureCollection) : EMPTY;
  }, [areaKey]);
  const { shapes: alertShapes } = useAlertShapesAround(alertsBoxOf(viewport));

  // At open, once the missions are read: the areas and the own position in view.
  const fitted = useRef(false);
  const loaded = missions.length > 0 && missions.every((query) => !query.isPending);
  const own = useMemo((): Point | null => (position ? { type: 'Point', coordinates: [position.lon, position.lat] } : null), [position]);
  useEffect(() => {
    if (!map || fitted.current || !loaded) return;
    const bounds = boundsOf(areas, own);
    if (!bounds) return;
    fitted.current = true;
    map.fitBounds(bounds, { padding: 40, maxZoom: 16, duration: 0 });
  }, [map, loaded, areas, own]);

  useEffect(() => {
    if (!map) return;
    map.on('dragstart', onUnfollow);
    return () => {
      map.off('dragstart', onUnfollow);
    };
  }, [map, onUnfollow]);

  useEffect(() => {
    if (!map || !follow || !position) return;
    const view = map.getBounds();
    if (nearEdge([view.getWest(), view.getSouth(), view.getEast(), view.getNorth()], position)) {
      map.easeTo({ center: [position.lon, position.lat], duration: 0 });
    }
  }, [map, follow, position]);

  return (
    <>
      <GeoJsonLayer id="live-own-alerts-fill" type="fill" data={alertShapes} paint={ALERT_FILL} />
      <GeoJsonLayer id="live-own-alerts-line" type="line" data={alertShapes} paint={ALERT_LINE} />
      {/* Only while there are areas: the map's visible layers then say the own mission is drawn. */}
      {areas.features.length ? (
        <>
          <GeoJsonLayer id="live-own-area-fill" type="fill" data={areas} paint={AREA_FILL} />
          <GeoJsonLayer id="live-own-area-line" type="line" data={areas} paint={AREA_LINE} />
        </>
      ) : null}
    </>
  );
}
