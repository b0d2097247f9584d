import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LoadingState } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useUser } from '@/features/users/api/get-user';
import { UserForm } from '@/features/users/components/user-form';

/** /backoffice/users/add and /backoffice/users/edit/{id}. */
export default function UserFormRoute() {
  const { t } = useTranslation('users');
  const { id } = useParams();
  const navigate = useNavigate();
  const { data: user, isPending, isError } = useUser(id);
  const onSaved = () => void navigate(paths.users.getHref());

  return (
    <Stack>
      <PageHeader title={t(id ? 'editTitle' : 'addTitle')} />
      {!id ? (
        <>
          <Text size="sm" c="dimmed">
            {t('createHint')}
          </Text>
          <UserForm onSaved={onSaved} />
        </>
      ) : isPending ? (
        <LoadingState />
      ) : isError ? (
        <Alert color="red" role="alert">
          {t('loadOneFailed')}
        </Alert>
      ) : (
        <>
          <Group>
            <Anchor component={Link} to={paths.userPilots.getHref(user.id)}>
              {t('links.pilots')}
            </Anchor>
            <Anchor component={Link} to={paths.userMachines.getHref(user.id)}>
              {t('links.machines')}
            </Anchor>
          </Group>
          <UserForm key={user.id} user={user} onSaved={onSaved} />
        </>
      )}
    </Stack>
  );
}
