import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { OutboxBrowser } from '@/features/outbox/components/outbox-browser';
import { Can } from '@/lib/authorization';

/** /backoffice/outbox: administrators read what the platform sent (USER_LIST_ADMIN). */
export default function OutboxRoute() {
  const { t } = useTranslation('outbox');
  return (
    <Stack>
      <PageHeader title={t('title')} />
      <Can
        permission="USER_LIST_ADMIN"
        fallback={
          <Alert color="red" role="alert">
            {t('errors:NOT_ALLOWED')}
          </Alert>
        }
      >
        <OutboxBrowser />
      </Can>
    </Stack>
  );
}
