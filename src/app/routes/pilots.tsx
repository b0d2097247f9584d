import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ListPage } from '@/components/ui/list-page';
import { paths } from '@/config/paths';
import { PilotList } from '@/features/pilots/components/pilot-list';

/** /backoffice/pilots (the operator's) and /backoffice/pilots/user/{userId} (an administrator's view of a user). */
export default function PilotsRoute() {
  const { t } = useTranslation('pilots');
  const { userId } = useParams();
  return (
    <ListPage
      title={t(userId ? 'userTitle' : 'title')}
      add={{
        permission: userId ? 'USER_EDIT_ADMIN' : 'PILOT_EDIT',
        to: userId ? paths.userPilotAdd.getHref(userId) : paths.pilotAdd.getHref(),
        label: t('add'),
        testId: 'pilot-add',
      }}
    >
      <PilotList key={userId ?? 'own'} userId={userId} />
    </ListPage>
  );
}
