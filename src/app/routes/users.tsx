import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { UserList } from '@/features/users/components/user-list';
import { useCan } from '@/lib/authorization';

/** /backoffice/users: every account, for the administrators. */
export default function UsersRoute() {
  const { t } = useTranslation('users');
  const canAdd = useCan('USER_EDIT_ADMIN');
  return (
    <Stack>
      <PageHeader
        title={t('title')}
        actions={
          canAdd && (
            <Button component={Link} to={paths.userAdd.getHref()} data-testid="user-add">
              {t('add')}
            </Button>
          )
        }
      />
      <UserList />
    </Stack>
  );
}
