import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/ui/list-page';
import { paths } from '@/config/paths';
import { AirspaceList } from '@/features/airspaces/components/airspace-list';

/** /backoffice/airspaces: the airspaces permission requests are routed to. */
export default function AirspacesRoute() {
  const { t } = useTranslation('airspaces');
  return (
    <ListPage
      title={t('title')}
      add={{ permission: 'AIRSPACE_EDIT_ADMIN', to: paths.airspaceAdd.getHref(), label: t('add'), testId: 'airspace-add' }}
    >
      <AirspaceList />
    </ListPage>
  );
}
