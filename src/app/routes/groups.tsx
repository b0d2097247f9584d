import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { GroupList } from '@/features/groups/components/group-list';
import { useCan } from '@/lib/authorization';

/** /backoffice/groups: groups of rights and their members. */
export default function GroupsRoute() {
  const { t } = useTranslation('groups');
  const canAdd = useCan('GROUP_EDIT_ADMIN');
  return (
    <Stack>
      <PageHeader
        title={t('title')}
        actions={
          canAdd && (
            <Button component={Link} to={paths.groupAdd.getHref()} data-testid="group-add">
              {t('add')}
            </Button>
          )
        }
      />
      <GroupList />
    </Stack>
  );
}
