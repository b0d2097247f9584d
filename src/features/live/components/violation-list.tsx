import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LiveViolation } from '@/shared/contracts/traffic';
import { sortViolations } from '../live-state';
import { formatLocale } from '@/lib/format';

/** The violations seen on the map, ongoing first. */
export function ViolationList({ violations }: { violations: readonly LiveViolation[] }) {
  const { t, i18n } = useTranslation('live');
  const time = new Intl.DateTimeFormat(formatLocale(i18n.language), { timeStyle: 'medium' });
  if (!violations.length)
    return (
      <Text size="sm" c="dimmed" data-testid="violation-list-empty">
        {t('violations.empty')}
      </Text>
    );
  return (
    <ul aria-label={t('violations.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="violation-list">
      {sortViolations(violations).map((violation) => (
        <li
          key={violation.id}
          data-testid="violation-entry"
          data-alert={violation.alertId}
          data-ongoing={violation.endedAt === null || undefined}
        >
          <Stack gap={0} py={4}>
            <Group gap="xs" wrap="nowrap">
              <Badge size="xs" color={violation.endedAt === null ? 'red' : 'gray'}>
                {t(violation.endedAt === null ? 'violations.ongoing' : 'violations.ended')}
              </Badge>
              <Text size="sm" fw={500} truncate>
                {violation.alertName}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t('violations.detail', {
                ident: violation.ident,
                type: t(`alertTypes.${violation.alertType}`, { defaultValue: violation.alertType }),
                at: time.format(new Date(violation.startedAt)),
              })}
            </Text>
          </Stack>
        </li>
      ))}
    </ul>
  );
}
