import { useCallback } from 'react';
import { createPortal } from 'react-dom';
import { Stack, Text } from '@mantine/core';
import type { MapGeoJSONFeature } from 'maplibre-gl';
import { useTranslation } from 'react-i18next';
import { OBSTACLE_KINDS, type ObstacleProperties } from '@/shared/contracts/context-layers';
import { useLayerPopup } from '../hooks/use-layer-popup';
import { PopupList } from './popup-list';

const METRES_PER_FOOT = 0.3048;

/** What a click on an obstacle shows: its kind and SIA number, height above the ground and top above sea level. */
export function ObstacleDetails({ obstacles }: { obstacles: readonly ObstacleProperties[] }) {
  const { t, i18n } = useTranslation('map');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const heights = (feet: number) => ({ metres: number.format(feet * METRES_PER_FOOT), feet: number.format(feet) });
  return (
    <PopupList label={t('obstacle.popupLabel')} testId="obstacle-popup">
      {obstacles.map((obstacle) => (
        <Stack key={obstacle.name} gap={2}>
          <Text fw={700} size="sm">
            {t('obstacle.title', { kind: t(`obstacle.kinds.${obstacle.kind}`), name: obstacle.name })}
          </Text>
          <Text size="xs">{t('obstacle.height', heights(obstacle.heightFt))}</Text>
          <Text size="xs">
            {obstacle.elevationFt === null ? t('obstacle.elevationUnknown') : t('obstacle.elevation', heights(obstacle.elevationFt))}
          </Text>
          <Text size="xs" c="dimmed">
            {obstacle.lit ? t('obstacle.lit') : t('obstacle.unlit')}
          </Text>
        </Stack>
      ))}
    </PopupList>
  );
}

/** The obstacles under the pointer, once each; MapLibre drops a null property, so an unknown top comes back absent. */
function obstaclesOf(features: MapGeoJSONFeature[]): ObstacleProperties[] {
  const seen = new Set<string>();
  return features.flatMap(({ properties: p }) => {
    const name = String(p.name);
    if (seen.has(name) || !OBSTACLE_KINDS.includes(p.kind as ObstacleProperties['kind'])) return [];
    seen.add(name);
    return [
      {
        kind: p.kind as ObstacleProperties['kind'],
        name,
        heightFt: Number(p.heightFt),
        elevationFt: typeof p.elevationFt === 'number' ? p.elevationFt : null,
        lit: p.lit === true,
      },
    ];
  });
}

/** A click on the obstacle layer `layerId` opens a popup listing the obstacles under the pointer. */
export function ObstaclePopup({ layerId, enabled }: { layerId: string; enabled: boolean }) {
  const pick = useCallback((features: MapGeoJSONFeature[]) => obstaclesOf(features), []);
  const open = useLayerPopup(layerId, enabled ? pick : null);
  return open ? createPortal(<ObstacleDetails obstacles={open.items} />, open.node) : null;
}
