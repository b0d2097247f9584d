import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/ui/list-page';
import { paths } from '@/config/paths';
import { AlertList } from '@/features/alerts/components/alert-list';

/** /backoffice/alerts */
export default function AlertsRoute() {
  const { t } = useTranslation('alerts');
  return (
    <ListPage
      title={t('title')}
      add={{ permission: 'ALERT_EDIT_ADMIN', to: paths.alertAdd.getHref(), label: t('add'), testId: 'alert-add' }}
    >
      <AlertList />
    </ListPage>
  );
}
