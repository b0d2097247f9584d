import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { LoadingState } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useDroneModel } from '@/features/drone-models/api/get-drone-model';
import { DroneModelForm } from '@/features/drone-models/components/drone-model-form';
import { useCan } from '@/lib/authorization';

/** /backoffice/dronemodels/add and /backoffice/dronemodels/edit/{id}. */
export default function DroneModelFormRoute() {
  const { t } = useTranslation('droneModels');
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
        <DroneModelForm key={model.id} model={model} canEditCatalogue={canEditCatalogue} onSaved={onSaved} />
      )}
    </Stack>
  );
}
