import { Alert, Card, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { LoadingState } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useMachine } from '@/features/machines/api/get-machine';
import { MachineForm } from '@/features/machines/components/machine-form';
import { AttachmentUploader } from '@/features/attachments/components/attachment-uploader';
import { useCan } from '@/lib/authorization';

/** /backoffice/machines/add, machines/add/{userId}, machines/edit/{id}, machines/edit/{userId}/{id}. */
export default function MachineFormRoute() {
  const { t } = useTranslation('machines');
  const { t: ta } = useTranslation('attachments');
  const { id, userId } = useParams();
  const navigate = useNavigate();
  const { data: machine, isPending, isError } = useMachine(id, userId);
  const canEdit = useCan(userId ? 'USER_EDIT_ADMIN' : 'MACHINE_EDIT');
  const onSaved = () => void navigate(userId ? paths.userMachines.getHref(userId) : paths.machines.getHref());

  return (
    <Stack>
      <PageHeader title={t(id ? 'editTitle' : 'addTitle')} />
      {!id ? (
        <MachineForm userId={userId} onSaved={onSaved} />
      ) : isPending ? (
        <LoadingState />
      ) : isError ? (
        <Alert color="red" role="alert">
          {t('loadOneFailed')}
        </Alert>
      ) : (
        <>
          <MachineForm key={machine.id} machine={machine} userId={userId} onSaved={onSaved} />
          <Card withBorder data-testid="machine-attachments">
            <Title order={2} size="h4" mb="sm">
              {ta('title')}
            </Title>
            <AttachmentUploader recordType="machine" recordId={machine.id} kind="machineDocument" canEdit={canEdit} />
          </Card>
        </>
      )}
    </Stack>
  );
}
