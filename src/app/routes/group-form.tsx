import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { LoadingState } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useGroup } from '@/features/groups/api/get-group';
import { GroupForm } from '@/features/groups/components/group-form';

/** /backoffice/groups/add and /backoffice/groups/edit/{id}. */
export default function GroupFormRoute() {
  const { t } = useTranslation('groups');
  const { id } = useParams();
  const navigate = useNavigate();
  const { data: group, isPending, isError } = useGroup(id);
  const onSaved = () => void navigate(paths.groups.getHref());

  return (
    <Stack>
      <PageHeader title={t(id ? 'editTitle' : 'addTitle')} />
      {!id ? (
        <GroupForm onSaved={onSaved} />
      ) : isPending ? (
        <LoadingState />
      ) : isError ? (
        <Alert color="red" role="alert">
          {t('loadOneFailed')}
        </Alert>
      ) : (
        <GroupForm key={group.id} group={group} onSaved={onSaved} />
      )}
    </Stack>
  );
}
