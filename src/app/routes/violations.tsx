import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { ViolationList } from '@/features/alerts/components/violation-list';

/** /backoffice/violations: what the alerts caught, read only. */
export default function ViolationsRoute() {
  const { t } = useTranslation('alerts');
  return (
    <Stack>
      <PageHeader title={t('violations.title')} />
      <ViolationList />
    </Stack>
  );
}
