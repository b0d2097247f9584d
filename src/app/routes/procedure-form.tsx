import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { LoadingState } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { RequestActivations } from '@/features/activations/components/request-activations';
import { useRequest } from '@/features/requests/api/requests';
import { RequestDetail } from '@/features/requests/components/request-detail';

/** /backoffice/procedure/edit/{id}: one permission request, for its manager or its operator. */
export default function ProcedureFormRoute() {
  const { t } = useTranslation('requests');
  const { id } = useParams();
  const { data, isPending, isError } = useRequest(id);
  return (
    <Stack p="md">
      <PageHeader title={t('detailTitle')} />
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <Alert color="red" role="alert">
          {t('loadOneFailed')}
        </Alert>
      ) : (
        <RequestDetail request={data} activations={<RequestActivations requestId={data.id} role={data.viewer} />} />
      )}
    </Stack>
  );
}
