import { useState } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { Link } from 'react-router-dom';
import { accountLabel, SEARCH_DEBOUNCE_MS } from '@/components/ui/account-picker';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/authorization';
import { useSession } from '@/lib/session';
import type { Logbook, LogbookAccount, LogbookQuery } from '@/shared/contracts/logbook';
import { downloadLogbookCsv, useLogbook, useLogbookAccounts } from '../api/logbook';
import { formatLocale } from '@/lib/format';
import { DayInput } from '@/components/ui/date-fields';

/**
 * An administrator's choice of whose logbook to read: their own account first, any account with missions found by
 * name or e-mail, or, cleared, every account.
 */
function AccountChoice({ userId, onChange }: { userId: string | undefined; onChange: (userId: string | undefined) => void }) {
  const { t } = useTranslation('postFlights');
  const session = useSession();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<LogbookAccount | null>(null);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const labels = new Map<string, string>();
  if (session?.userId) labels.set(session.userId, t('logbook.ownAccount', { name: session.name }));
  if (chosen) labels.set(chosen.id, accountLabel(chosen));
  // The box shows the chosen account's label: that text is no search.
  const found = useLogbookAccounts(userId && debounced === labels.get(userId) ? '' : debounced);
  for (const account of found.data ?? []) if (!labels.has(account.id)) labels.set(account.id, accountLabel(account));
  return (
    <Select
      label={t('logbook.account')}
      placeholder={t('logbook.allAccounts')}
      searchable
      clearable
      value={userId ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={t('logbook.noAccount')}
      data={[...labels].map(([value, label]) => ({ value, label }))}
      onChange={(id) => {
        setChosen(found.data?.find((account) => account.id === id) ?? (chosen?.id === id ? chosen : null));
        onChange(id ?? undefined);
      }}
      w={360}
      data-testid="logbook-account"
    />
  );
}

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

/**
 * The operator's logbook: flown missions of a period, totals per pilot and per machine, and the CSV. An administrator
 * (JOURNEY_LIST_ADMIN) chooses the account, their own at first.
 */
export function LogbookView() {
  const { t, i18n } = useTranslation('postFlights');
  const isAdmin = useCan('JOURNEY_LIST_ADMIN');
  const ownId = useSession()?.userId;
  const [query, setQuery] = useState<LogbookQuery>(() => (isAdmin && ownId ? { userId: ownId } : {}));
  const logbook = useLogbook(query);
  const formatDate = (iso: string) =>
    iso ? new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'medium' }).format(new Date(iso)) : '';

  return (
    <Stack>
      <Group align="flex-end">
        {isAdmin ? <AccountChoice userId={query.userId} onChange={(userId) => setQuery({ ...query, userId })} /> : null}
        <DayInput
          label={t('logbook.from')}
          clearable
          value={query.from ?? ''}
          onChange={(day) => setQuery({ ...query, from: day || undefined })}
          data-testid="logbook-from"
        />
        <DayInput
          label={t('logbook.to')}
          clearable
          value={query.to ?? ''}
          minDate={query.from}
          onChange={(day) => setQuery({ ...query, to: day || undefined })}
          data-testid="logbook-to"
        />
        <Button variant="light" onClick={() => void downloadLogbookCsv(query)} data-testid="logbook-csv">
          {t('logbook.csv')}
        </Button>
      </Group>
      {logbook.isPending ? <LoadingIndicator size="sm" label={t('logbook.loading')} /> : null}
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
