import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../api/get-status';

/** A maintenance message announced ahead of the maintenance itself (while the API still answers). */
export function MaintenanceBanner() {
  const { t } = useTranslation('common');
  const { data } = useStatus();
  if (!data?.maintenanceMessage || data.maintenance) return null;
  return (
    <Alert color="yellow" radius={0} role="status" title={t('maintenance.bannerTitle')} data-testid="maintenance-banner">
      {data.maintenanceMessage}
    </Alert>
  );
}
