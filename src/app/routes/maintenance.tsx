import { Anchor, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { PublicCard } from '@/components/ui/public-card';
import { paths } from '@/config/paths';
import { useStatus } from '@/features/system/api/get-status';

/** /maintenance: where the SPA goes when the API answers 503 MAINTENANCE. */
export default function MaintenanceRoute() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { data, refetch, isFetching } = useStatus();
  const over = data !== undefined && !data.maintenance;

  const retry = async () => {
    const status = await refetch();
    if (status && !status.maintenance) navigate(paths.home.getHref(), { replace: true });
  };

  return (
    <PublicCard title={t('maintenance.title')}>
      <Text data-testid="maintenance-text">{over ? t('maintenance.over') : t('maintenance.text')}</Text>
      {data?.maintenanceMessage && <Text fw={500}>{data.maintenanceMessage}</Text>}
      <Group justify="space-between">
        <Button onClick={() => void retry()} loading={isFetching}>
          {t('maintenance.retry')}
        </Button>
        <Anchor component={Link} to={paths.login.getHref()} size="sm" data-testid="maintenance-admin-login">
          {t('maintenance.adminSignIn')}
        </Anchor>
      </Group>
    </PublicCard>
  );
}
