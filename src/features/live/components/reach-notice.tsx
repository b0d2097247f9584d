import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LiveStatus } from '@/shared/contracts/traffic';

/** Tells the user, while the servers' link (Redis) is away, that the map shows this server's traffic only. */
export function ReachNotice({ reach }: { reach: LiveStatus['reach'] }) {
  const { t } = useTranslation('live');
  if (reach === 'all') return null;
  return (
    <Text size="xs" c="orange.8" role="status" data-testid="live-reach">
      {t('connection.instanceOnly')}
    </Text>
  );
}
