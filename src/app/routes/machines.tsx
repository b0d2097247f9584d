import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { MachineList } from '@/features/machines/components/machine-list';
import { useCan } from '@/lib/authorization';

/** /backoffice/machines (the operator's) and /backoffice/machines/user/{userId} (an administrator's view of a user). */
export default function MachinesRoute() {
  const { t } = useTranslation('machines');
  const { userId } = useParams();
  const canAdd = useCan(userId ? 'USER_EDIT_ADMIN' : 'MACHINE_EDIT');
  return (
    <Stack>
      <PageHeader
        title={t(userId ? 'userTitle' : 'title')}
        actions={
          canAdd && (
            <Button
              component={Link}
              to={userId ? paths.userMachineAdd.getHref(userId) : paths.machineAdd.getHref()}
              data-testid="machine-add"
            >
              {t('add')}
            </Button>
          )
        }
      />
      <MachineList key={userId ?? 'own'} userId={userId} />
    </Stack>
  );
}
