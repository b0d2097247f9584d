import { Anchor, NativeSelect, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ListToolbar } from '@/components/ui/list-toolbar';
import { PagedTable } from '@/components/ui/paged-table';
import { SortHeader } from '@/components/ui/sort-header';
import { useListState } from '@/components/ui/use-list-state';
import { paths } from '@/config/paths';
import { REQUEST_FILTERS, REQUEST_SORTS } from '@/shared/contracts/requests';
import { REQUEST_STATUSES, type RequestStatus } from '@/shared/domain/request-status';
import { useRequests } from '../api/requests';
import { RequestStatusBadge } from './request-status-badge';
import { formatLocale } from '@/lib/format';
import { DayInput } from '@/components/ui/date-fields';

type Group = (typeof REQUEST_FILTERS)[number];

/** A day typed in a date field ("YYYY-MM-DD") as the start or the end of that local day, in ISO form. */
const dayBound = (day: string, edge: 'start' | 'end') =>
  day ? new Date(`${day}T${edge === 'start' ? '00:00:00' : '23:59:59.999'}`).toISOString() : undefined;

export interface AirspaceChoice {
  id: string;
  name: string;
  internalCode: string;
}

/**
 * Requests of the manager's airspaces, or the operator's own: filtered, searched, sorted and paged by the server.
 * `airspaces` (the manager's, passed in by the route) adds the airspace filter.
 */
export function RequestList({ airspaces }: { airspaces?: readonly AirspaceChoice[] }) {
  const { t, i18n } = useTranslation('requests');
  const list = useListState({
    sorts: REQUEST_SORTS,
    sort: 'submittedAt',
    order: 'desc',
    filters: { status: '' as Group | RequestStatus | '', airspaceId: '', from: '', to: '' },
    choices: { status: [...REQUEST_FILTERS, ...REQUEST_STATUSES] },
  });
  const { page, setPage, sort, order, onSort } = list;
  const { status: filter, airspaceId, from, to } = list.filters;
  const rangeInverted = !!from && !!to && from > to;
  const group = filter === 'allAccepted' || filter === 'allRejected' ? filter : undefined;
  const status = !group && filter ? (filter as RequestStatus) : undefined;
  const query = useRequests({
    ...list.params,
    status,
    group,
    airspaceId: airspaceId || undefined,
    from: dayBound(from, 'start'),
    // An inverted range would be refused by the server: the list waits for a valid end instead.
    to: rangeInverted ? undefined : dayBound(to, 'end'),
  });
  const dateTime = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'short', timeStyle: 'short' });

  return (
    <Stack>
      <ListToolbar list={list} searchLabel={t('filters.search')} searchDescription={t('filters.searchHint')} searchTestId="request-search">
        <NativeSelect
          label={t('filters.status')}
          data-testid="request-filter"
          value={filter}
          onChange={(event) => list.setFilter('status', event.currentTarget.value as Group | RequestStatus | '')}
          data={[
            { value: '', label: t('filters.all') },
            { value: 'allAccepted', label: t('filters.allAccepted') },
            { value: 'allRejected', label: t('filters.allRejected') },
            ...REQUEST_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
          ]}
        />
        {airspaces && (
          <NativeSelect
            label={t('filters.airspace')}
            data-testid="request-airspace"
            value={airspaceId}
            onChange={(event) => list.setFilter('airspaceId', event.currentTarget.value)}
            data={[
              { value: '', label: t('filters.allAirspaces') },
              ...airspaces.map((airspace) => ({ value: airspace.id, label: `${airspace.name} (${airspace.internalCode})` })),
            ]}
          />
        )}
        <DayInput
          label={t('filters.from')}
          data-testid="request-from"
          clearable
          value={from}
          onChange={(day) => list.setFilter('from', day)}
        />
        <DayInput
          label={t('filters.to')}
          data-testid="request-to"
          clearable
          value={to}
          minDate={from}
          error={rangeInverted ? t('filters.rangeInverted') : undefined}
          onChange={(day) => list.setFilter('to', day)}
        />
      </ListToolbar>
      <PagedTable
        state={query}
        page={page}
        onPage={setPage}
        labels={{ loadFailed: t('loadFailed'), empty: t('empty'), caption: (count) => t('total', { count }), pagination: t('pagination') }}
        minWidth={880}
        testId="request-table"
        head={
          <Table.Tr>
            <SortHeader field="referenceNumber" label={t('fields.reference')} sort={sort} order={order} onSort={onSort} />
            <Table.Th>{t('fields.mission')}</Table.Th>
            <Table.Th>{t('fields.airspace')}</Table.Th>
            <Table.Th>{t('fields.operator')}</Table.Th>
            <Table.Th>{t('fields.flight')}</Table.Th>
            <SortHeader field="submittedAt" label={t('fields.submittedAt')} sort={sort} order={order} onSort={onSort} />
            <SortHeader field="status" label={t('fields.status')} sort={sort} order={order} onSort={onSort} />
          </Table.Tr>
        }
        renderRow={(request) => (
          <Table.Tr key={request.id} data-testid="request-row" data-reference={request.referenceNumber}>
            <Table.Td>
              <Anchor component={Link} to={paths.procedureEdit.getHref(request.id)}>
                {request.referenceNumber}
              </Anchor>
            </Table.Td>
            <Table.Td>{request.missionTitle}</Table.Td>
            <Table.Td>{request.airspace.name}</Table.Td>
            <Table.Td>{request.operator.companyName ?? `${request.operator.firstName} ${request.operator.lastName}`}</Table.Td>
            <Table.Td>
              {dateTime.format(new Date(request.startAt))} – {dateTime.format(new Date(request.endAt))}
            </Table.Td>
            <Table.Td>{dateTime.format(new Date(request.submittedAt))}</Table.Td>
            <Table.Td>
              <RequestStatusBadge status={request.status} />
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
