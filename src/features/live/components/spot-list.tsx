import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LiveTarget } from '@/shared/contracts/traffic';
import { SPOT_LIST_MAX, spotList } from '../live-state';
import { formatHeight, formatSpeed } from './target-marker';
import { SOURCE_COLORS, VehicleIcon } from './vehicle-icon';

export interface SpotListProps {
  targets: readonly LiveTarget[];
  selectedKey: string | null;
  onSelect: (key: string) => void;
  loading: boolean;
  max?: number;
}

/** The targets in view (spec §9): own first, the first `max`, and how many more. */
export function SpotList({ targets, selectedKey, onSelect, loading, max = SPOT_LIST_MAX }: SpotListProps) {
  const { t } = useTranslation('live');
  const { shown, more } = spotList(targets, max);
  if (loading)
    return (
      <Text size="sm" c="dimmed" data-testid="spot-list-loading">
        {t('spots.loading')}
      </Text>
    );
  if (!shown.length)
    return (
      <Text size="sm" c="dimmed" data-testid="spot-list-empty">
        {t('spots.empty')}
      </Text>
    );
  return (
    <Stack gap={4} data-testid="spot-list">
      <ul aria-label={t('spots.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {shown.map((target) => (
          <li key={target.key}>
            <UnstyledButton
              onClick={() => onSelect(target.key)}
              aria-pressed={target.key === selectedKey}
              w="100%"
              p={4}
              style={{
                borderRadius: 4,
                background: target.key === selectedKey ? 'var(--mantine-color-blue-light)' : undefined,
              }}
              data-testid="spot"
              data-key={target.key}
              data-own={target.own || undefined}
            >
              <Group gap="xs" wrap="nowrap">
                <VehicleIcon type={target.type} color={SOURCE_COLORS[target.source]} size={20} heading={target.heading} />
                <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                  <Text size="sm" fw={target.own ? 700 : 500} truncate>
                    {target.label || target.ident}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[t(`sources.${target.source}`), formatHeight(target.alt), formatSpeed(target.spd)].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
                {target.own ? (
                  <Badge size="xs" color="yellow" variant="light">
                    {t('spots.own')}
                  </Badge>
                ) : null}
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </ul>
      {more ? (
        <Text size="xs" c="dimmed" data-testid="spot-list-more">
          {t('spots.more', { count: more, shown: shown.length })}
        </Text>
      ) : null}
    </Stack>
  );
}
