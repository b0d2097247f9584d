import { useState } from 'react';
import { Group, NativeSelect, Stack, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/components/ui/paged-table';
import { SortHeader, type SortOrder } from '@/components/ui/sort-header';
import { ALERT_TYPES, TRAFFIC_SOURCE_CODES, type AlertType, type TrafficSourceCode, type VIOLATION_SORTS } from '@/shared/contracts/alerts';
import { PAGE_SIZE_DEFAULT } from '@/shared/domain/limits';
import { useViolations } from '../api/alerts';

type Sort = (typeof VIOLATION_SORTS)[number];

/** A date input (YYYY-MM-DD) as the start or the end of that UTC day. */
export function dayBound(value: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  return `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`;
}

/** Violations, read only: newest first, filtered by type, source, period and ident. */
export function ViolationList() {
  const { t, i18n } = useTranslation('alerts');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [type, setType] = useState('');
  const [source, setSource] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sort, setSort] = useState<Sort>('occurredAt');
  const [order, setOrder] = useState<SortOrder>('desc');
  const query = useViolations({
    page,
    pageSize: PAGE_SIZE_DEFAULT,
    search: debouncedSearch || undefined,
    sort,
    order,
    type: (type || undefined) as AlertType | undefined,
    source: (source || undefined) as TrafficSourceCode | undefined,
    from: dayBound(from, false),
    to: dayBound(to, true),
  });
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium', timeZone: 'UTC' });
  const filter = (setter: (value: string) => void) => (event: { currentTarget: { value: string } }) => {
    setter(event.currentTarget.value);
    setPage(1);
  };

  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('violations.search')}
          type="search"
          value={search}
          onChange={filter(setSearch)}
          data-testid="violation-search"
        />
        <NativeSelect
          label={t('fields.type')}
          value={type}
          onChange={filter(setType)}
          data={[{ value: '', label: t('filters.allTypes') }, ...ALERT_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))]}
        />
        <NativeSelect
          label={t('violations.source')}
          value={source}
          onChange={filter(setSource)}
          data={[
            { value: '', label: t('filters.allSources') },
            ...TRAFFIC_SOURCE_CODES.map((value) => ({ value, label: t(`sources.${value}`) })),
          ]}
        />
        <TextInput label={t('violations.from')} type="date" value={from} onChange={filter(setFrom)} />
        <TextInput label={t('violations.to')} type="date" value={to} onChange={filter(setTo)} />
      </Group>
      <PagedTable
        state={query}
        page={page}
        onPage={setPage}
        labels={{
          loadFailed: t('violations.loadFailed'),
          empty: t('violations.empty'),
          caption: (count) => t('violations.total', { count }),
          pagination: t('pagination'),
        }}
        minWidth={720}
        testId="violation-table"
        head={
          <Table.Tr>
            <SortHeader
              field="occurredAt"
              label={t('violations.occurredAt')}
              sort={sort}
              order={order}
              onSort={(field: Sort, next) => {
                setSort(field);
                setOrder(next);
              }}
            />
            <SortHeader
              field="ident"
              label={t('violations.ident')}
              sort={sort}
              order={order}
              onSort={(field: Sort, next) => {
                setSort(field);
                setOrder(next);
              }}
            />
            <Table.Th>{t('violations.source')}</Table.Th>
            <Table.Th>{t('violations.alert')}</Table.Th>
            <Table.Th>{t('violations.position')}</Table.Th>
          </Table.Tr>
        }
        renderRow={(violation) => (
          <Table.Tr key={violation.id} data-testid="violation-row">
            <Table.Td>{dateTime.format(new Date(violation.occurredAt))} UTC</Table.Td>
            <Table.Td>{violation.ident}</Table.Td>
            <Table.Td>{t(`sources.${violation.source}`)}</Table.Td>
            <Table.Td>
              {violation.alert.name} ({t(`types.${violation.alert.type}`)})
            </Table.Td>
            <Table.Td>
              {violation.latitude.toFixed(5)}, {violation.longitude.toFixed(5)}
              {violation.altitudeM !== null ? ` · ${Math.round(violation.altitudeM)} m` : ''}
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
