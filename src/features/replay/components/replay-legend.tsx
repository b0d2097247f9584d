import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TrafficSourceCode } from '@/shared/contracts/alerts';
import { HEATMAP_LEVELS, type ReplayStations } from '@/shared/contracts/replay';
import {
  HEATMAP_COLORS,
  HEIGHT_CLASSES,
  NO_VALUE_COLOR,
  RSSI_CLASSES,
  SATELLITE_CLASSES,
  SPEED_CLASSES,
  STATION_COLOR,
} from '../replay-style';

function Swatch({ color }: { color: string }) {
  return (
    <span aria-hidden style={{ width: 14, height: 14, borderRadius: 3, background: color, border: '1px solid #ced4da', flexShrink: 0 }} />
  );
}

/** What the height layer's colours mean (spec §9). */
export function HeightLegend() {
  const { t } = useTranslation('replay');
  return (
    <Stack gap={2} data-testid="legend-height" aria-label={t('legend.height')} role="group">
      <Text size="xs" fw={700}>
        {t('legend.height')}
      </Text>
      {HEIGHT_CLASSES.map(({ key, color }) => (
        <Group key={key} gap={6} wrap="nowrap" data-testid="legend-height-class" data-class={key}>
          <Swatch color={color} />
          <Text size="xs">{t(`legend.heights.${key}`)}</Text>
        </Group>
      ))}
    </Stack>
  );
}

/** The classes of a layer that colours positions by a value a position may lack, then the colour of "no value". */
function ValueClassLegend({
  layer,
  classes,
  classLabel,
}: {
  layer: 'speed' | 'rssi' | 'satellites';
  classes: readonly { from: number; to: number | undefined; color: string }[];
  /** The text of a class from `from` to `to`; a class without `to` reads `legend.<layer>From`. */
  classLabel: string;
}) {
  const { t } = useTranslation('replay');
  const label = (to: number | undefined) => (to === undefined ? `legend.${layer}From` : classLabel);
  return (
    <Stack gap={2} data-testid={`legend-${layer}`} aria-label={t(`legend.${layer}`)} role="group">
      <Text size="xs" fw={700}>
        {t(`legend.${layer}`)}
      </Text>
      {classes.map(({ from, to, color }) => (
        <Group key={from} gap={6} wrap="nowrap" data-testid={`legend-${layer}-class`} data-from={from}>
          <Swatch color={color} />
          <Text size="xs">{t(label(to), { from, to })}</Text>
        </Group>
      ))}
      <Group gap={6} wrap="nowrap" data-testid={`legend-${layer}-class`} data-from="none">
        <Swatch color={NO_VALUE_COLOR} />
        <Text size="xs">{t('legend.noValue')}</Text>
      </Group>
    </Stack>
  );
}

/** What the speed layer's colours mean (spec §9: classes of 5 m/s), and positions without a speed. */
export const SpeedLegend = () => <ValueClassLegend layer="speed" classes={SPEED_CLASSES} classLabel="legend.speedClass" />;

/** What the rssi layer's colours mean (spec §9: −30 to −90 dB), and positions without a signal strength. */
export const RssiLegend = () => <ValueClassLegend layer="rssi" classes={RSSI_CLASSES} classLabel="legend.rssiClass" />;

/** What the GPS satellite layer's colours mean (spec §9: 1 to 14), and positions without a satellite count. */
export const SatellitesLegend = () => (
  <ValueClassLegend layer="satellites" classes={SATELLITE_CLASSES} classLabel="legend.satelliteClass" />
);

/** The heatmap's levels of spec §9, from none to max. */
export function HeatmapLegend() {
  const { t } = useTranslation('replay');
  return (
    <Stack gap={2} data-testid="legend-heatmap" aria-label={t('legend.heatmap')} role="group">
      <Text size="xs" fw={700}>
        {t('legend.heatmap')}
      </Text>
      {HEATMAP_LEVELS.map((level) => (
        <Group key={level} gap={6} wrap="nowrap" data-testid="legend-heatmap-level" data-level={level}>
          <Swatch color={HEATMAP_COLORS[level].color} />
          <Text size="xs">{t(`legend.levels.${level}`)}</Text>
        </Group>
      ))}
    </Stack>
  );
}

/** The colour of each source present in the replay (`colors`, the live map's). */
export function SourceLegend({
  sources,
  colors,
}: {
  sources: readonly TrafficSourceCode[];
  colors: Readonly<Record<TrafficSourceCode, string>>;
}) {
  const { t } = useTranslation(['replay', 'live']);
  return (
    <Stack gap={2} data-testid="legend-source" aria-label={t('legend.source')} role="group">
      <Text size="xs" fw={700}>
        {t('legend.source')}
      </Text>
      {sources.map((source) => (
        <Group key={source} gap={6} wrap="nowrap" data-testid="legend-source-item" data-source={source}>
          <Swatch color={colors[source]} />
          <Text size="xs">{t(`live:sources.${source}`)}</Text>
        </Group>
      ))}
    </Stack>
  );
}

/** The ground stations that received the replayed positions, by name. */
export function StationLegend({ stations }: { stations: ReplayStations | undefined }) {
  const { t } = useTranslation('replay');
  return (
    <Stack gap={2} data-testid="legend-stations" aria-label={t('legend.stations')} role="group">
      <Text size="xs" fw={700}>
        {t('legend.stations')}
      </Text>
      {stations && stations.items.length === 0 ? (
        <Text size="xs" c="dimmed" data-testid="legend-stations-none">
          {t('legend.noStation')}
        </Text>
      ) : null}
      {stations?.items.map((station) => (
        <Group key={`${station.name}|${station.lon}|${station.lat}`} gap={6} wrap="nowrap" data-testid="legend-station">
          <Swatch color={STATION_COLOR} />
          <Text size="xs">{t('legend.station', { name: station.name ?? t('legend.unnamedStation'), count: station.positions })}</Text>
        </Group>
      ))}
    </Stack>
  );
}
