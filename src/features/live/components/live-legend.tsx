import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TRAFFIC_SOURCE_CODES } from '@/shared/contracts/alerts';
import { VEHICLE_TYPES } from '@/shared/domain/enums';
import { SOURCE_COLORS, VehicleIcon } from './vehicle-icon';

/** What the icons (vehicle types) and their colours (traffic sources) mean. */
export function LiveLegend() {
  const { t } = useTranslation('live');
  return (
    <Stack gap="xs" data-testid="live-legend">
      <Text size="xs" fw={700}>
        {t('legend.types')}
      </Text>
      <SimpleGrid cols={2} spacing={4} verticalSpacing={2}>
        {VEHICLE_TYPES.map((type) => (
          <Group key={type} gap={4} wrap="nowrap" data-testid="legend-type" data-type={type}>
            <VehicleIcon type={type} color="#343a40" size={18} />
            <Text size="xs">{t(`vehicles.${type}`)}</Text>
          </Group>
        ))}
      </SimpleGrid>
      <Text size="xs" fw={700}>
        {t('legend.sources')}
      </Text>
      <SimpleGrid cols={2} spacing={4} verticalSpacing={2}>
        {TRAFFIC_SOURCE_CODES.map((source) => (
          <Group key={source} gap={4} wrap="nowrap" data-testid="legend-source" data-source={source}>
            <span aria-hidden style={{ width: 12, height: 12, borderRadius: 6, background: SOURCE_COLORS[source], flexShrink: 0 }} />
            <Text size="xs">{t(`sources.${source}`)}</Text>
          </Group>
        ))}
      </SimpleGrid>
      <Group gap={4} wrap="nowrap">
        <span aria-hidden style={{ width: 12, height: 12, borderRadius: 6, border: '2px solid #fab005', background: '#fff9db' }} />
        <Text size="xs">{t('legend.own')}</Text>
      </Group>
    </Stack>
  );
}
