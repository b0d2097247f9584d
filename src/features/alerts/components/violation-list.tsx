import type { ChangeEvent } from 'react';
import { Stack, Table, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FilterSelect, filterOptions, ListToolbar } from '@/components/ui/list-toolbar';
import { PagedTable } from '@/components/ui/paged-table';
import { SortHeader } from '@/components/ui/sort-header';
import { useListState } from '@/components/ui/use-list-state';
import { ALERT_TYPES, TRAFFIC_SOURCE_CODES, type AlertType, type TrafficSourceCode, VIOLATION_SORTS } from '@/shared/contracts/alerts';
import { useViolations } from '../api/alerts';

/** A date input (YYYY-MM-DD) as the start or the end of that UTC day. */
export function dayBound(value: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  return `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`;
}

/** Violations, read only: newest first, filtered by type, source, period and ident. */
export function ViolationList() {
  const { t, i18n } = useTranslation('alerts');
  const list = useListState({
    sorts: VIOLATION_SORTS,
    sort: 'occurredAt',
    order: 'desc',
    filters: { type: '' as AlertType | '', source: '' as TrafficSourceCode | '', from: '', to: '' },
    choices: { type: ALERT_TYPES, source: TRAFFIC_SOURCE_CODES },
  });
  const { page, setPage, sort, order, onSort } = list;
  const { type, source, from, to } = list.filters;
  const query = useViolations({
    ...list.params,
    type: type || undefined,
    source: source || undefined,
    from: dayBound(from, false),
    to: dayBound(to, true),
  });
  const onDay = (bound: 'from' | 'to') => (event: ChangeEvent<HTMLInputElement>) => list.setFilter(bound, event.currentTarget.value);
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium', timeZone: 'UTC' });

  return (
    <Stack>
      <ListToolbar list={list} searchLabel={t('violations.search')} searchTestId="violation-search">
        <FilterSelect
          label={t('fields.type')}
          allLabel={t('filters.allTypes')}
          options={filterOptions(ALERT_TYPES, (value) => t(`types.${value}`))}
          {...list.filterProps('type')}
        />
        <FilterSelect
          label={t('violations.source')}
          allLabel={t('filters.allSources')}
          options={filterOptions(TRAFFIC_SOURCE_CODES, (value) => t(`sources.${value}`))}
          {...list.filterProps('source')}
        />
        <TextInput label={t('violations.from')} type="date" value={from} onChange={onDay('from')} />
        <TextInput label={t('violations.to')} type="date" value={to} onChange={onDay('to')} />
      </ListToolbar>
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
            <SortHeader field="occurredAt" label={t('violations.occurredAt')} sort={sort} order={order} onSort={onSort} />
            <SortHeader field="ident" label={t('violations.ident')} sort={sort} order={order} onSort={onSort} />
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
