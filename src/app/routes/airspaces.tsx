import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { AirspaceList } from '@/features/airspaces/components/airspace-list';
import { useCan } from '@/lib/authorization';

/** /backoffice/airspaces: the airspaces permission requests are routed to. */
export default function AirspacesRoute() {
  const { t } = useTranslation('airspaces');
  const canAdd = useCan('AIRSPACE_EDIT_ADMIN');
  return (
    <Stack>
      <PageHeader
        title={t('title')}
        actions={
          canAdd && (
            <Button component={Link} to={paths.airspaceAdd.getHref()} data-testid="airspace-add">
              {t('add')}
            </Button>
          )
        }
      />
      <AirspaceList />
    </Stack>
  );
}
