import { Anchor, Card, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { DASHBOARD_DECISION_DAYS, type Dashboard } from '@/shared/contracts/dashboard';
import { formatLocale } from '@/lib/format';

type ManagerFigures = NonNullable<Dashboard['manager']>;

/** One figure of the manager's day: a number that opens its list. */
function Figure({ label, value, href, testId }: { label: string; value: string; href: string; testId: string }) {
  return (
    <Card withBorder padding="md" component={Link} to={href} data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={32} fw={700} data-testid={`${testId}-value`}>
        {value}
      </Text>
    </Card>
  );
}

const utcDate = (date: Date) => date.toISOString().slice(0, 10);

/** The airspace manager's day (docs/airspace-manager.md): requests to decide, today's flights, violations, decision time. */
export function ManagerDay({ figures, now = new Date() }: { figures: ManagerFigures; now?: Date }) {
  const { t, i18n } = useTranslation('dashboard');
  const dateTime = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  const today = utcDate(now);
  const procedures = paths.procedures.getHref();
  const median = figures.medianDecisionMinutes;
  const medianText =
    median === null ? '—' : median < 120 ? t('manager.minutes', { count: median }) : t('manager.hours', { count: Math.round(median / 60) });

  return (
    <section aria-labelledby="manager-day-title" data-testid="manager-day">
      <Title order={2} size="h3" mb="sm" id="manager-day-title">
        {t('manager.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }} mb="md">
        <Figure
          label={t('manager.toDecide')}
          value={String(figures.toDecide.total)}
          href={`${procedures}?status=submitted`}
          testId="figure-to-decide"
        />
        <Figure
          label={t('manager.acceptedToday')}
          value={String(figures.acceptedToday)}
          href={`${procedures}?status=allAccepted&from=${today}&to=${today}`}
          testId="figure-accepted-today"
        />
        <Figure label={t('manager.airborneNow')} value={String(figures.airborneNow)} href={paths.live.getHref()} testId="figure-airborne" />
        <Figure
          label={t('manager.openViolations')}
          value={String(figures.openViolations)}
          href={`${paths.violations.getHref()}?state=open`}
          testId="figure-open-violations"
        />
        <Figure
          label={t('manager.medianDecision', { count: DASHBOARD_DECISION_DAYS, decisions: figures.decisions })}
          value={medianText}
          href={`${procedures}?sort=submittedAt&order=desc`}
          testId="figure-median-decision"
        />
      </SimpleGrid>
      <Card withBorder padding="md">
        <Title order={3} size="h4" mb="sm">
          {t('manager.deadlines')}
        </Title>
        {figures.toDecide.items.length === 0 ? (
          <Text c="dimmed" size="sm" data-testid="to-decide-empty">
            {t('manager.nothingToDecide')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table data-testid="to-decide-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('manager.reference')}</Table.Th>
                  <Table.Th>{t('manager.mission')}</Table.Th>
                  <Table.Th>{t('manager.submittedAt')}</Table.Th>
                  <Table.Th>{t('manager.autoRejectAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {figures.toDecide.items.map((request) => (
                  <Table.Tr key={request.id} data-testid="to-decide-row">
                    <Table.Td>
                      <Anchor component={Link} to={paths.procedureEdit.getHref(request.id)}>
                        {request.referenceNumber}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {request.missionTitle} · {request.airspaceName}
                    </Table.Td>
                    <Table.Td>{dateTime.format(new Date(request.submittedAt))}</Table.Td>
                    <Table.Td>{request.autoRejectAt ? dateTime.format(new Date(request.autoRejectAt)) : t('manager.noDeadline')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </section>
  );
}
