import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LoadingState } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/authorization';
import { OPERATOR_DOCUMENT_KINDS } from '@/shared/domain/attachments';
import { AttachmentUploader } from '@/features/attachments/components/attachment-uploader';
import { useUser } from '@/features/users/api/get-user';
import { UserForm } from '@/features/users/components/user-form';

/** /backoffice/users/add and /backoffice/users/edit/{id}. */
export default function UserFormRoute() {
  const { t } = useTranslation('users');
  const { id } = useParams();
  const navigate = useNavigate();
  const { data: user, isPending, isError } = useUser(id);
  const onSaved = () => void navigate(paths.users.getHref());
  const canEdit = useCan('USER_EDIT_ADMIN');

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
            <Anchor
              component={Link}
              to={`${paths.myAgreement.getHref()}?userId=${encodeURIComponent(user.id)}`}
              data-testid="user-agreement-link"
            >
              {t('links.agreement')}
            </Anchor>
          </Group>
          <UserForm key={user.id} user={user} onSaved={onSaved} />
          {/* The user's own documents (operations manual, ID, insurance), as the agreement checklist counts them. */}
          <Paper withBorder p="md" data-testid="user-attachments">
            <Stack>
              <Title order={2} size="h4">
                {t('sections.attachments')}
              </Title>
              {OPERATOR_DOCUMENT_KINDS.map((kind) => (
                <AttachmentUploader key={kind} recordType="user" recordId={user.id} kind={kind} canEdit={canEdit} />
              ))}
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
