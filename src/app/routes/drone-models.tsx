import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { DroneModelList } from '@/features/drone-models/components/drone-model-list';
import { useCan } from '@/lib/authorization';

/** /backoffice/dronemodels: the shared catalogue and the operator's personal models. */
export default function DroneModelsRoute() {
  const { t } = useTranslation('droneModels');
  const canAdd = useCan(['DRONEMODEL_EDIT_ADMIN', 'MACHINE_EDIT']);
  return (
    <Stack>
      <PageHeader
        title={t('title')}
        actions={
          canAdd && (
            <Button component={Link} to={paths.droneModelAdd.getHref()} data-testid="drone-model-add">
              {t('add')}
            </Button>
          )
        }
      />
      <DroneModelList />
    </Stack>
  );
}
