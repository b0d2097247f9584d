import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/ui/list-page';
import { paths } from '@/config/paths';
import { GroupList } from '@/features/groups/components/group-list';

/** /backoffice/groups: groups of rights and their members. */
export default function GroupsRoute() {
  const { t } = useTranslation('groups');
  return (
    <ListPage
      title={t('title')}
      add={{ permission: 'GROUP_EDIT_ADMIN', to: paths.groupAdd.getHref(), label: t('add'), testId: 'group-add' }}
    >
      <GroupList />
    </ListPage>
  );
}
