import { useMemo } from 'react';
import { createPortal } from 'react-dom';
import { Stack, Text } from '@mantine/core';
import type { MapGeoJSONFeature } from 'maplibre-gl';
import { useTranslation } from 'react-i18next';
import type { ZoneFeatureCollection, ZoneVolumeProperties } from '@/shared/contracts/zones';
import type { ApplicabilityPeriod } from '@/shared/geozones/zone';
import { formatLocale } from '@/lib/format';
import { useLayerPopup } from '../hooks/use-layer-popup';
import { PopupList } from './popup-list';

const FEET_PER_METRE = 1 / 0.3048;

function useLimitText() {
  const { t, i18n } = useTranslation('map');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  return (metres: number | null, reference: ZoneVolumeProperties['lowerReference']) => {
    if (metres === null) return t('zone.unlimited');
    const ref = t(`zone.references.${reference}`);
    return t('zone.limit', { metres: number.format(metres), feet: number.format(metres * FEET_PER_METRE), reference: ref });
  };
}

function useScheduleText() {
  const { t, i18n } = useTranslation('map');
  const date = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return (periods: readonly ApplicabilityPeriod[] | undefined): string[] => {
    if (!periods || periods.length === 0 || periods.some((period) => period.permanent)) return [t('zone.permanent')];
    return periods.map((period) => {
      const span = [
        period.start ? t('zone.from', { date: date.format(new Date(period.start)) }) : '',
        period.end ? t('zone.until', { date: date.format(new Date(period.end)) }) : '',
      ].filter(Boolean);
      const days = (period.schedule ?? []).map((daily) =>
        t('zone.daily', {
          days: daily.days.map((day) => t(`zone.days.${day}`)).join(', '),
          start: daily.startTime?.slice(0, 5) ?? (daily.startEvent ? t(`zone.events.${daily.startEvent}`) : '00:00'),
          end: daily.endTime?.slice(0, 5) ?? (daily.endEvent ? t(`zone.events.${daily.endEvent}`) : '24:00'),
        }),
      );
      return [...span, ...days].join(' · ') || t('zone.permanent');
    });
  };
}

/** What a click on a geozone shows: name, restriction, limits, schedule, authority and message (docs/map.md). */
export function ZoneDetails({ zones }: { zones: readonly ZoneVolumeProperties[] }) {
  const { t } = useTranslation('map');
  const limit = useLimitText();
  const schedule = useScheduleText();
  return (
    <PopupList label={t('zone.popupLabel')} testId="zone-popup">
      {zones.map((zone) => (
        <Stack key={`${zone.zoneId}:${zone.volumeIndex}`} gap={2}>
          <Text fw={700} size="sm">
            {zone.name || zone.identifier}
          </Text>
          <Text size="xs" data-testid="zone-popup-restriction">
            {t(`legend.${zone.restriction}`)}
          </Text>
          <Text size="xs">
            {t('zone.limits', { lower: limit(zone.lowerM, zone.lowerReference), upper: limit(zone.upperM, zone.upperReference) })}
          </Text>
          {schedule(zone.applicability).map((line) => (
            <Text key={line} size="xs">
              {t('zone.schedule', { schedule: line })}
            </Text>
          ))}
          {zone.authority ? <Text size="xs">{t('zone.authority', { authority: zone.authority })}</Text> : null}
          {zone.message ? (
            <Text size="xs" c="dimmed">
              {zone.message}
            </Text>
          ) : null}
        </Stack>
      ))}
    </PopupList>
  );
}

/** A click on the layer `layerId` opens a popup listing the zones under the pointer. */
export function ZonePopup({ layerId, data }: { layerId: string; data: ZoneFeatureCollection | undefined }) {
  const pick = useMemo(() => {
    if (!data) return null;
    const byKey = new Map(
      data.features.map((feature) => [`${feature.properties.zoneId}:${feature.properties.volumeIndex}`, feature.properties]),
    );
    return (features: MapGeoJSONFeature[]) =>
      features
        .map((feature) => byKey.get(`${String(feature.properties.zoneId)}:${String(feature.properties.volumeIndex)}`))
        .filter((zone, index, all): zone is ZoneVolumeProperties => !!zone && all.indexOf(zone) === index);
  }, [data]);
  const open = useLayerPopup(layerId, pick);
  return open ? createPortal(<ZoneDetails zones={open.items} />, open.node) : null;
}
