import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { PilotList } from '@/features/pilots/components/pilot-list';
import { useCan } from '@/lib/authorization';

/** /backoffice/pilots (the operator's) and /backoffice/pilots/user/{userId} (an administrator's view of a user). */
export default function PilotsRoute() {
  const { t } = useTranslation('pilots');
  const { userId } = useParams();
  const canAdd = useCan(userId ? 'USER_EDIT_ADMIN' : 'PILOT_EDIT');
  return (
    <Stack>
      <PageHeader
        title={t(userId ? 'userTitle' : 'title')}
        actions={
          canAdd && (
            <Button component={Link} to={userId ? paths.userPilotAdd.getHref(userId) : paths.pilotAdd.getHref()} data-testid="pilot-add">
              {t('add')}
            </Button>
          )
        }
      />
      <PilotList key={userId ?? 'own'} userId={userId} />
    </Stack>
  );
}
