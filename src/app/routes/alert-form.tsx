import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { LoadingState } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useAlert } from '@/features/alerts/api/alerts';
import { AlertForm } from '@/features/alerts/components/alert-form';

/** /backoffice/alerts/add and alerts/edit/{id}. */
export default function AlertFormRoute() {
  const { t } = useTranslation('alerts');
  const { id } = useParams();
  const navigate = useNavigate();
  const { data: alert, isPending, isError } = useAlert(id);
  const onSaved = () => void navigate(paths.alerts.getHref());
  return (
    <Stack>
      <PageHeader title={t(id ? 'editTitle' : 'addTitle')} />
      {!id ? (
        <AlertForm onSaved={onSaved} />
      ) : isPending ? (
        <LoadingState />
      ) : isError ? (
        <Alert color="red" role="alert">
          {t('loadOneFailed')}
        </Alert>
      ) : (
        <AlertForm key={alert.id} alert={alert} onSaved={onSaved} />
      )}
    </Stack>
  );
}
