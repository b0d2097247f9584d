import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MissionStatus } from '@/shared/domain/mission-status';
import { STATUS_COLORS } from './status-colors';

export function StatusBadge({ status }: { status: MissionStatus }) {
  const { t } = useTranslation('missionsList');
  return (
    <Badge color={STATUS_COLORS[status]} variant="filled" data-testid="mission-status">
      {t(`status.${status}`)}
    </Badge>
  );
}
