import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { FilterSelect, filterOptions, ListToolbar } from '@/components/ui/list-toolbar';
import { PagedTable } from '@/components/ui/paged-table';
import { SortHeader } from '@/components/ui/sort-header';
import { useListState } from '@/components/ui/use-list-state';
import {
  ALERT_TYPES,
  TRAFFIC_SOURCE_CODES,
  type AlertType,
  type TrafficSourceCode,
  type Violation,
  VIOLATION_SORTS,
  VIOLATION_STATES,
} from '@/shared/contracts/alerts';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/authorization';
import { downloadViolationsCsv, useAlerts, useViolations, useViolationTrack, type ViolationState } from '../api/alerts';
import { ViolationMap } from './violation-map';
import { formatLocale } from '@/lib/format';
import { DayInput } from '@/components/ui/date-fields';

/** A date input (YYYY-MM-DD) as the start or the end of that UTC day. */
export function dayBound(value: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  return `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`;
}

/** Alerts offered by the alert filter: the first page by name is enough for a select. */
const ALERT_CHOICES = { page: 1, pageSize: 100, sort: 'name', order: 'asc' } as const;

/**
 * Violation episodes, read only: newest first, filtered by alert, type, source, state, period and ident, drawn on a
 * map and exported as CSV. An administrator reads every episode; a manager those of his airspaces' flights.
 */
export function ViolationList() {
  const { t, i18n } = useTranslation('alerts');
  const [searchParams, setSearchParams] = useSearchParams();
  const episodeId = searchParams.get('id') ?? undefined;
  const list = useListState({
    sorts: VIOLATION_SORTS,
    sort: 'startedAt',
    order: 'desc',
    filters: {
      alertId: '',
      type: '' as AlertType | '',
      source: '' as TrafficSourceCode | '',
      state: '' as ViolationState | '',
      from: '',
      to: '',
    },
    choices: { type: ALERT_TYPES, source: TRAFFIC_SOURCE_CODES, state: VIOLATION_STATES },
  });
  const { page, setPage, sort, order, onSort } = list;
  const { alertId, type, source, state, from, to } = list.filters;
  const readsAlerts = useCan('ALERT_LIST_ADMIN');
  const alerts = useAlerts(ALERT_CHOICES, readsAlerts);
  const filters = {
    sort,
    order,
    search: list.params.search,
    id: episodeId,
    alertId: alertId || undefined,
    type: type || undefined,
    source: source || undefined,
    state: state || undefined,
    from: dayBound(from, false),
    to: dayBound(to, true),
  };
  const query = useViolations({ ...list.params, ...filters });
  // The episode drawn on the map: the one chosen in the table ('' once the choice is cleared), else the e-mail's.
  const [chosenId, setChosenId] = useState<string | null>(null);
  const items = query.data?.items ?? [];
  const selected = items.find((violation) => violation.id === (chosenId ?? episodeId)) ?? null;
  const track = useViolationTrack(selected?.id ?? null);
  const dateTime = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'short', timeStyle: 'medium', timeZone: 'UTC' });
  const metres = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const worst = (violation: Violation) => {
    if (violation.worstValue === null) return '—';
    const key = violation.alert ? `violations.worstOf.${violation.alert.type}` : `violations.worstOfRule.${violation.rule ?? 'area'}`;
    return t(key, { value: metres.format(violation.worstValue) });
  };

  return (
    <Stack>
      {episodeId ? (
        <Group>
          <Text size="sm">{t('violations.oneEpisode')}</Text>
          <Button variant="subtle" size="xs" onClick={() => setSearchParams({})}>
            {t('violations.showAll')}
          </Button>
        </Group>
      ) : null}
      <ListToolbar list={list} searchLabel={t('violations.search')} searchTestId="violation-search">
        {readsAlerts && (
          <FilterSelect
            label={t('violations.alert')}
            allLabel={t('filters.allAlerts')}
            options={(alerts.data?.items ?? []).map((alert) => ({ value: alert.id, label: alert.name }))}
            testId="violation-alert-filter"
            {...list.filterProps('alertId')}
          />
        )}
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
        <FilterSelect
          label={t('violations.state')}
          allLabel={t('filters.allStates')}
          options={filterOptions(VIOLATION_STATES, (value) => t(`violations.states.${value}`))}
          testId="violation-state-filter"
          {...list.filterProps('state')}
        />
        <DayInput label={t('violations.from')} clearable value={from} onChange={(day) => list.setFilter('from', day)} />
        <DayInput label={t('violations.to')} clearable value={to} minDate={from} onChange={(day) => list.setFilter('to', day)} />
        <Button
          variant="light"
          style={{ alignSelf: 'flex-end' }}
          onClick={() => void downloadViolationsCsv({ ...filters, page: 1, pageSize: 20 })}
          data-testid="violation-csv"
        >
          {t('violations.csv')}
        </Button>
      </ListToolbar>
      <ViolationMap violations={items} selected={selected} track={track.data} />
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
        minWidth={1100}
        testId="violation-table"
        head={
          <Table.Tr>
            <SortHeader field="startedAt" label={t('violations.startedAt')} sort={sort} order={order} onSort={onSort} />
            <Table.Th>{t('violations.endedAt')}</Table.Th>
            <SortHeader field="ident" label={t('violations.ident')} sort={sort} order={order} onSort={onSort} />
            <Table.Th>{t('violations.source')}</Table.Th>
            <Table.Th>{t('violations.alert')}</Table.Th>
            <Table.Th>{t('violations.mission')}</Table.Th>
            <Table.Th>{t('violations.worst')}</Table.Th>
            <Table.Th>{t('violations.positions')}</Table.Th>
            <Table.Th>{t('violations.lastPosition')}</Table.Th>
            <Table.Th>{t('violations.onMap')}</Table.Th>
          </Table.Tr>
        }
        renderRow={(violation) => (
          <Table.Tr
            key={violation.id}
            data-testid="violation-row"
            bg={violation.id === selected?.id ? 'var(--mantine-color-blue-light)' : undefined}
          >
            <Table.Td>{dateTime.format(new Date(violation.startedAt))} UTC</Table.Td>
            <Table.Td>
              {violation.endedAt ? (
                `${dateTime.format(new Date(violation.endedAt))} UTC`
              ) : (
                // Its whole word, even when a long identifier narrows the column.
                <Badge color="red" variant="light" miw="max-content">
                  {t('violations.states.open')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{violation.ident}</Table.Td>
            <Table.Td>{t(`sources.${violation.source}`)}</Table.Td>
            <Table.Td>
              {violation.alert
                ? `${violation.alert.name} (${t(`types.${violation.alert.type}`)})`
                : t(`violations.rules.${violation.rule ?? 'area'}`)}
            </Table.Td>
            <Table.Td>
              {violation.mission ? (
                <>
                  {violation.mission.title}
                  {violation.mission.references.map((reference) => (
                    <Anchor key={reference} component={Link} to={`${paths.procedures.getHref()}?search=${reference}`} ml="xs">
                      {reference}
                    </Anchor>
                  ))}
                </>
              ) : (
                '—'
              )}
            </Table.Td>
            <Table.Td>{worst(violation)}</Table.Td>
            <Table.Td>{violation.positionCount}</Table.Td>
            <Table.Td>
              {violation.latitude.toFixed(5)}, {violation.longitude.toFixed(5)}
              {violation.heightM !== null ? ` · ${Math.round(violation.heightM)} m` : ''}
            </Table.Td>
            <Table.Td>
              <Button
                size="compact-sm"
                variant={violation.id === selected?.id ? 'filled' : 'light'}
                aria-pressed={violation.id === selected?.id}
                onClick={() => setChosenId(violation.id === selected?.id ? '' : violation.id)}
                data-testid="violation-show-on-map"
              >
                {t('violations.showOnMap')}
              </Button>
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
