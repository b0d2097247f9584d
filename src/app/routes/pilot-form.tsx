import { Alert, Card, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { LoadingState } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useRecordAttachments } from '@/features/attachments/api/get-record-attachments';
import { AttachmentUploader } from '@/features/attachments/components/attachment-uploader';
import { usePilot } from '@/features/pilots/api/get-pilot';
import { OwnPilotAccount } from './own-pilot-account';
import { PilotForm } from '@/features/pilots/components/pilot-form';
import { PilotSupervision } from '@/features/pilots/components/pilot-supervision';
import { useCan } from '@/lib/authorization';

/**
 * /backoffice/pilots/add, pilots/add/{userId}, pilots/edit/{id}, pilots/edit/{userId}/{id}. A supervised pilot's
 * pilots/edit/{supervision} is his "My account" (spec shell §6): his record read only, not the operator's form.
 */
export default function PilotFormRoute() {
  const { t } = useTranslation('pilots');
  const { t: ta } = useTranslation('attachments');
  const { id, userId } = useParams();
  const navigate = useNavigate();
  const canSupervise = useCan('PILOT_EDIT');
  const { data: pilot, isPending, isError } = usePilot(id, userId);
  const files = useRecordAttachments('pilot', pilot?.id);
  const canEditFiles = useCan(userId ? 'USER_EDIT_ADMIN' : 'PILOT_EDIT');
  const supervised = useCan('SUPERVISION_PILOT');
  const onSaved = () => void navigate(userId ? paths.userPilots.getHref(userId) : paths.pilots.getHref());

  if (supervised && id && !userId && pilot) return <OwnPilotAccount pilot={pilot} />;

  return (
    <Stack>
      <PageHeader title={t(supervised && id && !userId ? 'own.title' : id ? 'editTitle' : 'addTitle')} />
      {!id ? (
        <PilotForm userId={userId} onSaved={onSaved} />
      ) : isPending ? (
        <LoadingState />
      ) : isError ? (
        <Alert color="red" role="alert">
          {t('loadOneFailed')}
        </Alert>
      ) : (
        <>
          {/* The supervised account is the operator's own action: POST /api/pilots/:id/supervision has no admin variant. */}
          {!userId && canSupervise && <PilotSupervision pilot={pilot} />}
          <Card withBorder data-testid="pilot-attachments">
            <Title order={2} size="h4" mb="sm">
              {ta('title')}
            </Title>
            <AttachmentUploader recordType="pilot" recordId={pilot.id} kind="pilotDocument" canEdit={canEditFiles} />
          </Card>
          <PilotForm
            key={pilot.id}
            pilot={pilot}
            userId={userId}
            onSaved={onSaved}
            files={(files.data ?? []).map((file) => ({ id: file.id, name: file.originalName }))}
          />
        </>
      )}
    </Stack>
  );
}
