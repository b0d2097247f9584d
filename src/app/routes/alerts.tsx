import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { AlertList } from '@/features/alerts/components/alert-list';
import { useCan } from '@/lib/authorization';

/** /backoffice/alerts */
export default function AlertsRoute() {
  const { t } = useTranslation('alerts');
  const canAdd = useCan('ALERT_EDIT_ADMIN');
  return (
    <Stack>
      <PageHeader
        title={t('title')}
        actions={
          canAdd && (
            <Button component={Link} to={paths.alertAdd.getHref()} data-testid="alert-add">
              {t('add')}
            </Button>
          )
        }
      />
      <AlertList />
    </Stack>
  );
}
