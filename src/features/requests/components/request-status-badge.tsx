import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isAccepted, type RequestStatus } from '@/shared/domain/request-status';

const color = (status: RequestStatus) =>
  isAccepted(status) ? 'teal' : status === 'rejected' || status === 'autoRejected' ? 'red' : status === 'archived' ? 'gray' : 'blue';

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation('requests');
  return (
    <Badge color={color(status)} variant="light" data-testid="request-status" data-status={status}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}
