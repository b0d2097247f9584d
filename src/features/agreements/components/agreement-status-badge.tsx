import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AgreementStatus } from '@/shared/domain/enums';

const COLORS: Record<AgreementStatus, string> = {
  notValidated: 'gray',
  toBeValidated: 'yellow',
  validated: 'teal',
  updated: 'cyan',
  nearlyExpired: 'orange',
  renewValidation: 'yellow',
  expired: 'red',
  rejected: 'red',
  noNeedAgreement: 'blue',
};

export function AgreementStatusBadge({ status }: { status: AgreementStatus }) {
  const { t } = useTranslation('agreements');
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="agreement-status" data-status={status}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}
