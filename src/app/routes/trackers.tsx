import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/ui/list-page';
import { paths } from '@/config/paths';
import { TrackerList } from '@/features/trackers/components/tracker-list';

/** /backoffice/trackers */
export default function TrackersRoute() {
  const { t } = useTranslation('trackers');
  return (
    <ListPage
      title={t('title')}
      add={{ permission: 'TRACKER_EDIT_ADMIN', to: paths.trackerAdd.getHref(), label: t('add'), testId: 'tracker-add' }}
    >
      <TrackerList />
    </ListPage>
  );
}
