import { Alert, Card, SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { LoadingState } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useDroneModel } from '@/features/drone-models/api/get-drone-model';
import { DroneModelForm } from '@/features/drone-models/components/drone-model-form';
import { AttachmentUploader } from '@/features/attachments/components/attachment-uploader';
import { useCan } from '@/lib/authorization';
import { KINDS_BY_RECORD_TYPE } from '@/shared/domain/attachments';

/** /backoffice/dronemodels/add and /backoffice/dronemodels/edit/{id}. */
export default function DroneModelFormRoute() {
  const { t } = useTranslation('droneModels');
  const { t: ta } = useTranslation('attachments');
  const canEditPersonal = useCan(['MACHINE_EDIT', 'DRONEMODEL_EDIT_ADMIN']);
  const { id } = useParams();
  const navigate = useNavigate();
  const canEditCatalogue = useCan('DRONEMODEL_EDIT_ADMIN');
  const { data: model, isPending, isError } = useDroneModel(id);
  const onSaved = () => void navigate(paths.droneModels.getHref());

  return (
    <Stack>
      <PageHeader title={t(id ? 'editTitle' : 'addTitle')} />
      {!id ? (
        <DroneModelForm canEditCatalogue={canEditCatalogue} onSaved={onSaved} />
      ) : isPending ? (
        <LoadingState />
      ) : isError ? (
        <Alert color="red" role="alert">
          {t('loadOneFailed')}
        </Alert>
      ) : (
        <>
          <DroneModelForm key={model.id} model={model} canEditCatalogue={canEditCatalogue} onSaved={onSaved} />
          <Card withBorder data-testid="drone-model-attachments">
            <Title order={2} size="h4" mb="sm">
              {ta('title')}
            </Title>
            <SimpleGrid cols={{ base: 1, md: 3 }}>
              {KINDS_BY_RECORD_TYPE.droneModel.map((kind) => (
                <AttachmentUploader
                  key={kind}
                  recordType="droneModel"
                  recordId={model.id}
                  kind={kind}
                  canEdit={model.personal ? canEditPersonal : canEditCatalogue}
                />
              ))}
            </SimpleGrid>
          </Card>
        </>
      )}
    </Stack>
  );
}
