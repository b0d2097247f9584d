import { useState } from 'react';
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { Logbook, LogbookQuery } from '@/shared/contracts/logbook';
import { downloadLogbookCsv, useLogbook } from '../api/logbook';

function Totals({ title, rows, testId }: { title: string; rows: Logbook['byPilot']; testId: string }) {
  const { t } = useTranslation('postFlights');
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {title}
      </Title>
      <Table striped withTableBorder data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('logbook.name')}</Table.Th>
            <Table.Th ta="right">{t('logbook.flights')}</Table.Th>
            <Table.Th ta="right">{t('logbook.minutes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td ta="right">{row.flights}</Table.Td>
              <Table.Td ta="right">{row.minutes}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The operator's logbook: flown missions of a period, totals per pilot and per machine, and the CSV. */
export function LogbookView() {
  const { t, i18n } = useTranslation('postFlights');
  const [query, setQuery] = useState<LogbookQuery>({});
  const logbook = useLogbook(query);
  const formatDate = (iso: string) => (iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso)) : '');

  return (
    <Stack>
      <Group align="flex-end">
        <TextInput
          type="date"
          label={t('logbook.from')}
          value={query.from ?? ''}
          onChange={(event) => setQuery({ ...query, from: event.currentTarget.value || undefined })}
          data-testid="logbook-from"
        />
        <TextInput
          type="date"
          label={t('logbook.to')}
          value={query.to ?? ''}
          onChange={(event) => setQuery({ ...query, to: event.currentTarget.value || undefined })}
          data-testid="logbook-to"
        />
        <Button variant="light" onClick={() => void downloadLogbookCsv(query)} data-testid="logbook-csv">
          {t('logbook.csv')}
        </Button>
      </Group>
      {logbook.isPending ? <Loader size="sm" aria-label={t('logbook.loading')} /> : null}
      {logbook.isError ? (
        <Alert color="red" role="alert">
          {t('logbook.loadFailed')}
        </Alert>
      ) : null}
      {logbook.data ? (
        <>
          <Text data-testid="logbook-total">
            {t('logbook.total', { count: logbook.data.total.flights, minutes: logbook.data.total.minutes })}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Totals title={t('logbook.byPilot')} rows={logbook.data.byPilot} testId="logbook-pilots" />
            <Totals title={t('logbook.byMachine')} rows={logbook.data.byMachine} testId="logbook-machines" />
          </SimpleGrid>
          <Title order={2} size="h4">
            {t('logbook.entries')}
          </Title>
          <Table striped withTableBorder data-testid="logbook-entries">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('logbook.date')}</Table.Th>
                <Table.Th>{t('logbook.mission')}</Table.Th>
                <Table.Th>{t('logbook.pilots')}</Table.Th>
                <Table.Th>{t('logbook.machines')}</Table.Th>
                <Table.Th ta="right">{t('logbook.minutes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {logbook.data.entries.map((entry) => (
                <Table.Tr key={entry.missionId}>
                  <Table.Td>{formatDate(entry.date)}</Table.Td>
                  <Table.Td>
                    <Link to={paths.postflight.getHref(entry.missionId)}>{entry.missionTitle}</Link>
                  </Table.Td>
                  <Table.Td>{entry.pilots.map((pilot) => pilot.name).join(', ')}</Table.Td>
                  <Table.Td>{entry.machines.map((machine) => machine.name).join(', ')}</Table.Td>
                  <Table.Td ta="right" title={t(`logbook.minutesFrom.${entry.minutesFrom}`)}>
                    {entry.minutes}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      ) : null}
    </Stack>
  );
}
