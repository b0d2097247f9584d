import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Box, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { bbox } from '@turf/turf';
import type { BBox, FeatureCollection } from 'geojson';
import type { MapLayerMouseEvent } from 'maplibre-gl';
import { useTranslation } from 'react-i18next';
import { GeoJsonLayer } from '@/components/map/geojson-layer';
import { useMap } from '@/components/map/map-context';
import { MapView } from '@/components/map/map-view';
import type { ClassificationRule, ManagedAirspace } from '@/shared/contracts/classification-rules';
import { IMPACT_LEVELS } from '@/shared/domain/request-impact';
import { boundsOf, IMPACT_COLORS, ruleFeatures } from '../lib/rule-map';

const AIRSPACE_COLOR = '#1c3d5a';
const FIT_PADDING = 40;
const RULE_LAYERS = ['classification-rules-fill', 'classification-rules-point'] as const;

/** Frames the airspace, then the selected rule; a click on a rule's shape selects it. */
function RuleMapBehaviour({
  airspaceBounds,
  selectedBounds,
  onSelect,
}: {
  airspaceBounds: BBox | null;
  selectedBounds: BBox | null;
  onSelect?: (id: string) => void;
}) {
  const map = useMap();
  const select = useRef(onSelect);
  select.current = onSelect;

  const bounds = selectedBounds ?? airspaceBounds;
  // By value: a refetched list (a rule toggled) must not re-frame a map the user has moved.
  const framed = bounds?.join(',');
  useEffect(() => {
    if (!map || !framed) return;
    map.fitBounds(framed.split(',').map(Number) as [number, number, number, number], { padding: FIT_PADDING, maxZoom: 15, duration: 0 });
  }, [map, framed]);

  useEffect(() => {
    if (!map) return;
    const onClick = (event: MapLayerMouseEvent) => {
      const ruleId: unknown = event.features?.[0]?.properties?.ruleId;
      if (typeof ruleId === 'string') select.current?.(ruleId);
    };
    const pointer = () => (map.getCanvas().style.cursor = select.current ? 'pointer' : '');
    const plain = () => (map.getCanvas().style.cursor = '');
    for (const layer of RULE_LAYERS) {
      map.on('click', layer, onClick);
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, plain);
    }
    return () => {
      for (const layer of RULE_LAYERS) {
        map.off('click', layer, onClick);
        map.off('mouseenter', layer, pointer);
        map.off('mouseleave', layer, plain);
      }
    };
  }, [map]);

  return null;
}

export interface RuleMapProps {
  airspace: ManagedAirspace | undefined;
  rules: readonly ClassificationRule[];
  selectedId: string | null;
  onSelect?: (id: string) => void;
  /** Drawing tools of the rule form; they live inside the map. */
  children?: ReactNode;
}

/** The airspace outline and the rules' points, radius circles and areas, coloured by impact; the selected one stands out. */
export function RuleMap({ airspace, rules, selectedId, onSelect, children }: RuleMapProps) {
  const { t } = useTranslation('classificationRules');
  const outline = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: airspace?.geometry ? [{ type: 'Feature', properties: {}, geometry: airspace.geometry }] : [],
    }),
    [airspace],
  );
  const { areas, points } = useMemo(() => ruleFeatures(rules, selectedId), [rules, selectedId]);
  const airspaceBounds = useMemo(() => (airspace?.geometry ? bbox(airspace.geometry) : null), [airspace]);
  const selected = rules.find((rule) => rule.id === selectedId);
  const selectedBounds = useMemo(() => (selected ? boundsOf(selected) : null), [selected]);

  return (
    <Stack gap="xs">
      <Box h={460} pos="relative" style={{ border: '1px solid var(--mantine-color-gray-4)' }} data-testid="classification-map">
        <MapView label={t('map.label')}>
          <GeoJsonLayer
            id="classification-airspace"
            type="line"
            data={outline}
            paint={{ 'line-color': AIRSPACE_COLOR, 'line-width': 2, 'line-dasharray': [3, 2] }}
          />
          <GeoJsonLayer
            id="classification-rules-fill"
            type="fill"
            data={areas}
            paint={{ 'fill-color': ['get', 'color'], 'fill-opacity': ['case', ['get', 'selected'], 0.45, 0.2] }}
          />
          <GeoJsonLayer
            id="classification-rules-line"
            type="line"
            data={areas}
            paint={{ 'line-color': ['get', 'color'], 'line-width': ['case', ['get', 'selected'], 4, 1.5] }}
          />
          <GeoJsonLayer
            id="classification-rules-point"
            type="circle"
            data={points}
            paint={{
              'circle-color': ['get', 'color'],
              'circle-radius': ['case', ['get', 'selected'], 8, 5],
              'circle-stroke-color': '#ffffff',
              'circle-stroke-width': ['case', ['get', 'selected'], 3, 1],
            }}
          />
          <RuleMapBehaviour airspaceBounds={airspaceBounds} selectedBounds={selectedBounds} onSelect={onSelect} />
          {children}
        </MapView>
      </Box>
      <Group gap="md" aria-label={t('map.legend')} role="group">
        {IMPACT_LEVELS.map((level) => (
          <Group key={level} gap={4}>
            <ColorSwatch color={IMPACT_COLORS[level]} size={12} aria-hidden />
            <Text size="xs">{t(`impact.${level}`)}</Text>
          </Group>
        ))}
        <Text size="xs" c="dimmed">
          {t('map.hint')}
        </Text>
      </Group>
    </Stack>
  );
}
