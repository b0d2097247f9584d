import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AttachmentStatus } from '@/shared/domain/attachments';

const COLORS: Record<AttachmentStatus, string> = { pending: 'yellow', validated: 'teal', rejected: 'red' };

export function AttachmentStatusBadge({ status }: { status: AttachmentStatus }) {
  const { t } = useTranslation('attachments');
  return (
    <Badge size="sm" variant="light" color={COLORS[status]} data-testid={`attachment-status-${status}`}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}
