import { Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useConfirmDelete } from '@/components/ui/confirm-dialog';
import { FilterSelect, filterOptions, ListToolbar } from '@/components/ui/list-toolbar';
import { PagedTable } from '@/components/ui/paged-table';
import { RecordActions } from '@/components/ui/record-actions';
import { SortHeader } from '@/components/ui/sort-header';
import { useListState } from '@/components/ui/use-list-state';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/authorization';
import { showToast } from '@/lib/toast';
import { TRAFFIC_SOURCE_CODES, type TrafficSourceCode } from '@/shared/contracts/alerts';
import { TRACKER_SORTS, type Tracker } from '@/shared/contracts/trackers';
import { VEHICLE_TYPES } from '@/shared/domain/enums';
import { useDeleteTracker, useTrackers } from '../api/trackers';

type Vehicle = (typeof VEHICLE_TYPES)[number];

export function TrackerList() {
  const { t } = useTranslation('trackers');
  const canEdit = useCan('TRACKER_EDIT_ADMIN');
  const list = useListState({
    sorts: TRACKER_SORTS,
    sort: 'ident',
    order: 'asc',
    filters: { vehicle: '' as Vehicle | '', source: '' as TrafficSourceCode | '' },
    choices: { vehicle: VEHICLE_TYPES, source: TRAFFIC_SOURCE_CODES },
  });
  const { page, setPage, sort, order, onSort } = list;
  const remove = useDeleteTracker();
  const deletion = useConfirmDelete({
    remove: (tracker: Tracker) => remove.mutateAsync(tracker.id),
    loading: remove.isPending,
    onDeleted: (tracker) => showToast({ color: 'teal', message: t('deleted', { ident: tracker.ident }), 'data-testid': 'tracker-deleted' }),
  });
  const query = useTrackers({ ...list.params, vehicle: list.filters.vehicle || undefined, source: list.filters.source || undefined });

  return (
    <Stack>
      <ListToolbar list={list} searchLabel={t('filters.search')} searchTestId="tracker-search">
        <FilterSelect
          label={t('fields.vehicle')}
          allLabel={t('filters.allVehicles')}
          options={filterOptions(VEHICLE_TYPES, (value) => t(`vehicles.${value}`))}
          {...list.filterProps('vehicle')}
        />
        <FilterSelect
          label={t('fields.source')}
          allLabel={t('filters.allSources')}
          options={filterOptions(TRAFFIC_SOURCE_CODES, (value) => t(`sources.${value}`))}
          {...list.filterProps('source')}
        />
      </ListToolbar>
      <PagedTable
        state={query}
        page={page}
        onPage={setPage}
        labels={{ loadFailed: t('loadFailed'), empty: t('empty'), caption: (count) => t('total', { count }), pagination: t('pagination') }}
        minWidth={720}
        testId="tracker-table"
        head={
          <Table.Tr>
            <SortHeader field="ident" label={t('fields.ident')} sort={sort} order={order} onSort={onSort} />
            <SortHeader field="alias" label={t('fields.alias')} sort={sort} order={order} onSort={onSort} />
            <Table.Th>{t('fields.vehicle')}</Table.Th>
            <Table.Th>{t('fields.source')}</Table.Th>
            <Table.Th>{t('fields.relatedUserId')}</Table.Th>
            <Table.Th>{t('fields.recorded')}</Table.Th>
            <Table.Th>{t('columns.actions')}</Table.Th>
          </Table.Tr>
        }
        renderRow={(tracker) => (
          <Table.Tr key={tracker.id} data-testid="tracker-row">
            <Table.Td>{tracker.ident}</Table.Td>
            <Table.Td>{tracker.alias ?? '–'}</Table.Td>
            <Table.Td>{t(`vehicles.${tracker.vehicle}`)}</Table.Td>
            <Table.Td>{t(`sources.${tracker.source}`)}</Table.Td>
            <Table.Td>{tracker.relatedUser ? tracker.relatedUser.email : '–'}</Table.Td>
            <Table.Td>{t(tracker.recorded ? 'yes' : 'no')}</Table.Td>
            <Table.Td>
              <RecordActions
                editHref={paths.trackerEdit.getHref(tracker.id)}
                labels={{ edit: t('edit'), delete: t('delete'), restore: t('delete') }}
                canEdit={canEdit}
                onDelete={() => deletion.ask(tracker)}
              />
            </Table.Td>
          </Table.Tr>
        )}
      />
      <ConfirmDialog
        {...deletion.dialogProps}
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { ident: deletion.target?.ident ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
      />
    </Stack>
  );
}
