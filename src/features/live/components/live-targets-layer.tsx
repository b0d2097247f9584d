import { useEffect, useMemo, useState } from 'react';
import type { FeatureCollection, Point } from 'geojson';
import type { GeoJSONFeature, GeoJSONSource } from 'maplibre-gl';
import { useTranslation } from 'react-i18next';
import { HtmlMarker } from '@/components/map/html-marker';
import { useMap } from '@/components/map/map-context';
import type { LiveTarget, LiveViolation } from '@/shared/contracts/traffic';
import classes from './live.module.css';
import { TargetMarker, type TargetAnnotation } from './target-marker';

const SOURCE = 'live-targets';
/** Targets closer than this many pixels are grouped; past CLUSTER_MAX_ZOOM every target shows. */
const CLUSTER_RADIUS_PX = 48;
const CLUSTER_MAX_ZOOM = 14;

interface Cluster {
  id: number;
  count: number;
  lng: number;
  lat: number;
}

/** What the clustered source shows now: single targets by key, and clusters. */
function visibleItems(features: GeoJSONFeature[]): { keys: string[]; clusters: Cluster[] } {
  const keys = new Set<string>();
  const clusters = new Map<number, Cluster>();
  for (const feature of features) {
    const properties = feature.properties as { cluster_id?: number; point_count?: number; key?: string };
    if (properties.cluster_id !== undefined) {
      const [lng, lat] = (feature.geometry as Point).coordinates;
      clusters.set(properties.cluster_id, { id: properties.cluster_id, count: properties.point_count ?? 0, lng, lat });
    } else if (properties.key) keys.add(properties.key);
  }
  return { keys: [...keys], clusters: [...clusters.values()] };
}

export interface LiveTargetsLayerProps {
  targets: readonly LiveTarget[];
  violations: readonly LiveViolation[];
  selectedKey: string | null;
  onSelect: (key: string) => void;
  /** By target key: the conformance colour and caption of the manager's map. */
  annotations?: ReadonlyMap<string, TargetAnnotation>;
}

/**
 * The targets on the map, clustered by a GeoJSON source (MapLibre's clustering); what the source shows is drawn as
 * HTML markers: an icon and a label per target, a count per cluster (a click zooms into it). Ongoing violations
 * are pulsing red dots.
 */
export function LiveTargetsLayer({ targets, violations, selectedKey, onSelect, annotations }: LiveTargetsLayerProps) {
  const { t } = useTranslation('live');
  const map = useMap();
  const [visible, setVisible] = useState<{ keys: string[]; clusters: Cluster[] }>({ keys: [], clusters: [] });

  const data = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: targets.map((target) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [target.lon, target.lat] },
        properties: { key: target.key },
      })),
    }),
    [targets],
  );

  useEffect(() => {
    if (!map) return;
    map.addSource(SOURCE, {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
      cluster: true,
      clusterRadius: CLUSTER_RADIUS_PX,
      clusterMaxZoom: CLUSTER_MAX_ZOOM,
    });
    // An invisible layer: MapLibre only tiles (and clusters) a source some layer uses.
    map.addLayer({ id: SOURCE, type: 'circle', source: SOURCE, paint: { 'circle-radius': 1, 'circle-opacity': 0 } });
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setVisible(visibleItems(map.querySourceFeatures(SOURCE))));
    };
    const onData = (event: { sourceId?: string; isSourceLoaded?: boolean }) => {
      if (event.sourceId === SOURCE && event.isSourceLoaded) update();
    };
    map.on('sourcedata', onData);
    map.on('moveend', update);
    return () => {
      cancelAnimationFrame(frame);
      map.off('sourcedata', onData);
      map.off('moveend', update);
      // The map may already be gone with its style when the whole view unmounts.
      if (!map.getLayersOrder().length) return;
      if (map.getLayer(SOURCE)) map.removeLayer(SOURCE);
      if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    };
  }, [map]);

  useEffect(() => {
    (map?.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(data);
  }, [map, data]);

  const byKey = useMemo(() => new Map(targets.map((target) => [target.key, target])), [targets]);
  const violating = useMemo(
    () =>
      new Set(violations.filter((violation) => violation.endedAt === null).map((violation) => `${violation.source}:${violation.ident}`)),
    [violations],
  );

  const zoomInto = (cluster: Cluster) => {
    const source = map?.getSource(SOURCE) as GeoJSONSource | undefined;
    void source?.getClusterExpansionZoom(cluster.id).then(
      (zoom) => map?.easeTo({ center: [cluster.lng, cluster.lat], zoom }),
      () => undefined,
    );
  };

  return (
    <>
      {visible.clusters.map((cluster) => (
        <HtmlMarker key={`cluster-${cluster.id}`} lng={cluster.lng} lat={cluster.lat}>
          <button
            type="button"
            className={classes.cluster}
            onClick={() => zoomInto(cluster)}
            aria-label={t('cluster', { count: cluster.count })}
            data-testid="live-cluster"
            data-count={cluster.count}
          >
            {cluster.count}
          </button>
        </HtmlMarker>
      ))}
      {visible.keys.map((key) => {
        // The newest position from the stream, not the one the clustered source last tiled.
        const target = byKey.get(key);
        if (!target) return null;
        return (
          <HtmlMarker key={key} lng={target.lon} lat={target.lat}>
            <TargetMarker
              target={target}
              selected={target.key === selectedKey}
              violating={violating.has(`${target.source}:${target.ident}`)}
              onSelect={onSelect}
              annotation={annotations?.get(target.key)}
            />
          </HtmlMarker>
        );
      })}
      {violations
        .filter((violation) => violation.endedAt === null)
        .map((violation) => (
          <HtmlMarker key={`violation-${violation.id}`} lng={violation.lon} lat={violation.lat}>
            <span
              className={classes.violation}
              role="img"
              aria-label={t('violations.marker', { alert: violation.alertName, ident: violation.ident })}
              data-testid="live-violation-marker"
              data-alert={violation.alertId}
            />
          </HtmlMarker>
        ))}
    </>
  );
}
