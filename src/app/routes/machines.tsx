import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ListPage } from '@/components/ui/list-page';
import { paths } from '@/config/paths';
import { MachineList } from '@/features/machines/components/machine-list';

/** /backoffice/machines (the operator's) and /backoffice/machines/user/{userId} (an administrator's view of a user). */
export default function MachinesRoute() {
  const { t } = useTranslation('machines');
  const { userId } = useParams();
  return (
    <ListPage
      title={t(userId ? 'userTitle' : 'title')}
      add={{
        permission: userId ? 'USER_EDIT_ADMIN' : 'MACHINE_EDIT',
        to: userId ? paths.userMachineAdd.getHref(userId) : paths.machineAdd.getHref(),
        label: t('add'),
        testId: 'machine-add',
      }}
    >
      <MachineList key={userId ?? 'own'} userId={userId} />
    </ListPage>
  );
}
