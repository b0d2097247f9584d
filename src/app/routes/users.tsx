import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/ui/list-page';
import { paths } from '@/config/paths';
import { UserList } from '@/features/users/components/user-list';

/** /backoffice/users: every account, for the administrators. */
export default function UsersRoute() {
  const { t } = useTranslation('users');
  return (
    <ListPage title={t('title')} add={{ permission: 'USER_EDIT_ADMIN', to: paths.userAdd.getHref(), label: t('add'), testId: 'user-add' }}>
      <UserList />
    </ListPage>
  );
}
