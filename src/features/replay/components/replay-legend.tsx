import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HEATMAP_LEVELS } from '@/shared/contracts/replay';
import { HEATMAP_COLORS, HEIGHT_CLASSES } from '../replay-style';

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
