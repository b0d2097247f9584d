import { lazy, Suspense } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';

// The charts (recharts and their styles) load with the dashboard's content, never with the shell.
const DashboardView = lazy(() => import('@/features/dashboard/components/dashboard-view'));

/** /backoffice/dashboard: the charts of spec §9 for the caller's scope. */
export default function DashboardRoute() {
  const { t } = useTranslation('dashboard');
  return (
    <Stack data-testid="screen-dashboard">
      <PageHeader title={t('title')} />
      <Suspense fallback={<LoadingState />}>
        <DashboardView />
      </Suspense>
    </Stack>
  );
}
