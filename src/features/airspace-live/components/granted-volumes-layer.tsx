import { useCallback, useEffect, useMemo } from 'react';
import type { Feature, FeatureCollection } from 'geojson';
import { Popup, type MapLayerMouseEvent } from 'maplibre-gl';
import { useTranslation } from 'react-i18next';
import { FitBounds } from '@/components/map/fit-bounds';
import { GeoJsonLayer } from '@/components/map/geojson-layer';
import { useMap } from '@/components/map/map-context';
import { formatLocale } from '@/lib/format';
import type { AirspaceLive, GrantedVolume } from '@/shared/contracts/airspace-live';
import { OUTLINE_COLOR, VOLUME_COLOR } from '../watched-flights';

const VOLUMES_LAYER = 'granted-volumes';

const collection = (features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features });

/** "≤ 30 m · 09:30–10:30": a volume's height limit and slot, in the reader's language. */
export function useVolumeFacts() {
  const { t, i18n } = useTranslation('live');
  return useCallback(
    (volume: Pick<GrantedVolume, 'maxHeightM' | 'startAt' | 'endAt'>) => {
      const time = new Intl.DateTimeFormat(formatLocale(i18n.language), { timeStyle: 'short' });
      const height = volume.maxHeightM === null ? t('airspace.noHeight') : t('airspace.height', { height: Math.round(volume.maxHeightM) });
      const slot =
        volume.startAt && volume.endAt
          ? t('airspace.slot', { start: time.format(new Date(volume.startAt)), end: time.format(new Date(volume.endAt)) })
          : t('airspace.noSlot');
      return `${height} · ${slot}`;
    },
    [t, i18n.language],
  );
}

/**
 * The watched airspaces' outline and today's granted volumes (mission areas, reduced areas dashed); hovering a
 * volume tells its mission, request, height limit and slot. The view opens on the outline.
 */
export function GrantedVolumesLayer({ live }: { live: AirspaceLive }) {
  const map = useMap();
  const facts = useVolumeFacts();
  const outline = useMemo(
    () =>
      collection(
        live.airspaces.flatMap((airspace) => (airspace.geometry ? [{ type: 'Feature', geometry: airspace.geometry, properties: {} }] : [])),
      ),
    [live.airspaces],
  );
  const volumes = useMemo(
    () =>
      collection(
        live.volumes.flatMap((volume, index) => (volume.area ? [{ type: 'Feature', geometry: volume.area, properties: { index } }] : [])),
      ),
    [live.volumes],
  );
  const reduced = useMemo(
    () =>
      collection(
        live.volumes.flatMap((volume) => volume.reducedAreas.map((area) => ({ type: 'Feature', geometry: area, properties: {} }))),
      ),
    [live.volumes],
  );

  useEffect(() => {
    if (!map) return;
    const popup = new Popup({ closeButton: false, closeOnClick: false, maxWidth: '280px' });
    const show = (event: MapLayerMouseEvent) => {
      const index = event.features?.[0]?.properties.index as number | undefined;
      const volume = index === undefined ? undefined : live.volumes[index];
      if (!volume) return;
      const node = document.createElement('div');
      for (const line of [volume.title, volume.referenceNumber, facts(volume)])
        node.appendChild(document.createElement('div')).textContent = line;
      node.dataset.testid = 'volume-popup';
      popup.setLngLat(event.lngLat).setDOMContent(node).addTo(map);
    };
    const hide = () => popup.remove();
    map.on('mousemove', VOLUMES_LAYER, show);
    map.on('mouseleave', VOLUMES_LAYER, hide);
    return () => {
      map.off('mousemove', VOLUMES_LAYER, show);
      map.off('mouseleave', VOLUMES_LAYER, hide);
      popup.remove();
    };
  }, [map, live.volumes, facts]);

  return (
    <>
      <GeoJsonLayer
        id="watched-airspaces"
        type="line"
        data={outline}
        paint={{ 'line-color': OUTLINE_COLOR, 'line-width': 3, 'line-dasharray': [3, 2] }}
      />
      <GeoJsonLayer id={VOLUMES_LAYER} type="fill" data={volumes} paint={{ 'fill-color': VOLUME_COLOR, 'fill-opacity': 0.22 }} />
      <GeoJsonLayer id="granted-volumes-edge" type="line" data={volumes} paint={{ 'line-color': VOLUME_COLOR, 'line-width': 2 }} />
      <GeoJsonLayer
        id="granted-reduced-areas"
        type="line"
        data={reduced}
        paint={{ 'line-color': VOLUME_COLOR, 'line-width': 2, 'line-dasharray': [1, 1] }}
      />
      <FitBounds data={[outline]} padding={24} />
    </>
  );
}
