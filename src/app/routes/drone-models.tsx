import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/ui/list-page';
import { paths } from '@/config/paths';
import { DroneModelList } from '@/features/drone-models/components/drone-model-list';

/** /backoffice/dronemodels: the shared catalogue and the operator's personal models. */
export default function DroneModelsRoute() {
  const { t } = useTranslation('droneModels');
  return (
    <ListPage
      title={t('title')}
      add={{
        permission: ['DRONEMODEL_EDIT_ADMIN', 'MACHINE_EDIT'],
        to: paths.droneModelAdd.getHref(),
        label: t('add'),
        testId: 'drone-model-add',
      }}
    >
      <DroneModelList />
    </ListPage>
  );
}
