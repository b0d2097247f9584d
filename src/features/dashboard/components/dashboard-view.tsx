import '@mantine/charts/styles.css';
import type { ReactNode } from 'react';
import { BarChart, DonutChart } from '@mantine/charts';
import { Alert, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '@/components/ui/list-states';
import { DASHBOARD_DAYS, DASHBOARD_RECENT_MACHINES, type Dashboard } from '@/shared/contracts/dashboard';
import { useDashboard } from '../api/dashboard';
import { hasData, topWithOthers } from './chart-data';
import { ManagerDay } from './manager-day';
import { formatLocale } from '@/lib/format';

const PALETTE = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.6', 'pink.6', 'indigo.6', 'yellow.6', 'gray.6'];

function ChartCard({
  title,
  testId,
  empty,
  emptyLabel,
  children,
}: {
  title: string;
  testId: string;
  empty: boolean;
  emptyLabel: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" data-testid={testId} aria-label={title} component="section">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {empty ? (
        <Text c="dimmed" size="sm" data-testid={`${testId}-empty`}>
          {emptyLabel}
        </Text>
      ) : (
        children
      )}
    </Card>
  );
}

function Counts({
  rows,
  label,
  testId,
  title,
}: {
  rows: { key: string; count: number }[];
  label: (key: string) => string;
  testId: string;
  title: string;
}) {
  const { t } = useTranslation('dashboard');
  const data = topWithOthers(rows, 8, '__other').map((row, index) => ({
    name: row.key === '__other' ? t('other') : label(row.key),
    value: row.count,
    color: PALETTE[index % PALETTE.length] as string,
  }));
  return (
    <ChartCard title={title} testId={testId} empty={!hasData(rows)} emptyLabel={t('noData')}>
      <DonutChart
        data={data}
        withLabelsLine
        withLabels
        withLegend
        withTooltip
        tooltipDataSource="segment"
        size={180}
        thickness={28}
        mx="auto"
      />
    </ChartCard>
  );
}

export function DashboardCharts({ dashboard }: { dashboard: Dashboard }) {
  const { t, i18n } = useTranslation('dashboard');
  const day = new Intl.DateTimeFormat(formatLocale(i18n.language), { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
  const models = topWithOthers(dashboard.popularity.models, 10, '__other').map((row) => ({
    model: row.key === '__other' ? t('other') : row.key || t('noModel'),
    machines: row.count,
  }));
  const days = dashboard.detections.days.map((row) => ({ day: day.format(new Date(`${row.day}T00:00:00Z`)), detections: row.count }));
  const periods = [
    {
      period: t('periods.last7Days', { count: DASHBOARD_DAYS }),
      detections: dashboard.detections.last7Days,
      tracks: dashboard.detections.tracks.last7Days,
    },
    {
      period: t('periods.sinceMonthStart'),
      detections: dashboard.detections.sinceMonthStart,
      tracks: dashboard.detections.tracks.sinceMonthStart,
    },
    {
      period: t('periods.sinceYearStart'),
      detections: dashboard.detections.sinceYearStart,
      tracks: dashboard.detections.tracks.sinceYearStart,
    },
  ];
  const profile = (['pilots', 'machines', 'missions'] as const).map((key) => ({
    item: t(`profile.${key}`),
    count: dashboard.profile[key],
  }));
  const { detections } = dashboard;
  // The last seven days reach into December in the first days of January: a year start alone would call them empty.
  const noDetections = [detections, detections.tracks].every((counts) => counts.sinceYearStart === 0 && counts.last7Days === 0);

  return (
    <Stack>
      <Text c="dimmed" size="sm" data-testid="dashboard-scope">
        {t(`scope.${dashboard.scope}`)}
      </Text>
      {dashboard.manager && <ManagerDay figures={dashboard.manager} />}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChartCard
          title={t('popularity.title', { count: DASHBOARD_RECENT_MACHINES })}
          testId="chart-popularity"
          empty={dashboard.popularity.machines === 0}
          emptyLabel={t('popularity.empty')}
        >
          <BarChart
            h={260}
            data={models}
            dataKey="model"
            orientation="vertical"
            withLegend
            yAxisProps={{ width: 120 }}
            series={[{ name: 'machines', label: t('popularity.series'), color: 'blue.6' }]}
          />
        </ChartCard>
        <ChartCard title={t('detections.title')} testId="chart-detections" empty={noDetections} emptyLabel={t('detections.empty')}>
          <Stack>
            <BarChart
              h={180}
              data={days}
              dataKey="day"
              withLegend
              series={[{ name: 'detections', label: t('detections.series'), color: 'red.6' }]}
            />
            <BarChart
              h={160}
              data={periods}
              dataKey="period"
              withLegend
              series={[
                { name: 'detections', label: t('detections.series'), color: 'orange.6' },
                { name: 'tracks', label: t('detections.tracks'), color: 'gray.6' },
              ]}
            />
          </Stack>
        </ChartCard>
        {dashboard.scope !== 'manager' && (
          <ChartCard
            title={t(`profile.title.${dashboard.scope}`)}
            testId="chart-profile"
            empty={!hasData(profile)}
            emptyLabel={t('profile.empty')}
          >
            <BarChart
              h={220}
              data={profile}
              dataKey="item"
              withLegend
              series={[{ name: 'count', label: t('profile.series'), color: 'teal.6' }]}
            />
          </ChartCard>
        )}
      </SimpleGrid>
      {dashboard.admin && (
        <>
          <Title order={2} size="h3">
            {t('admin.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <Counts
              title={t('admin.operators')}
              testId="chart-operators"
              rows={dashboard.admin.operatorsByAgreement}
              label={(key) => t(`agreement.${key}`, { defaultValue: key })}
            />
            <Counts
              title={t('admin.trackers')}
              testId="chart-trackers"
              rows={dashboard.admin.trackersByVehicle}
              label={(key) => t(`vehicles.${key}`, { defaultValue: key })}
            />
            <Counts
              title={t('admin.violations')}
              testId="chart-violations"
              rows={dashboard.admin.violationsByType}
              label={(key) => t(`alertTypes.${key}`, { defaultValue: key })}
            />
            <Counts
              title={t('admin.machines')}
              testId="chart-machines"
              rows={dashboard.admin.machinesByClass}
              label={(key) => (key ? key : t('noClass'))}
            />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

export default function DashboardView() {
  const { t } = useTranslation('dashboard');
  const query = useDashboard();
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {t('loadFailed')}
      </Alert>
    );
  }
  return <DashboardCharts dashboard={query.data} />;
}
