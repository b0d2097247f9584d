import { useState } from 'react';
import { Group, NativeSelect, Stack, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PagedTable } from '@/components/ui/paged-table';
import { RecordActions } from '@/components/ui/record-actions';
import { SortHeader, type SortOrder } from '@/components/ui/sort-header';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/authorization';
import { showToast } from '@/lib/toast';
import { TRAFFIC_SOURCE_CODES, type TrafficSourceCode } from '@/shared/contracts/alerts';
import type { TRACKER_SORTS, Tracker } from '@/shared/contracts/trackers';
import { VEHICLE_TYPES } from '@/shared/domain/enums';
import { PAGE_SIZE_DEFAULT } from '@/shared/domain/limits';
import { useDeleteTracker, useTrackers } from '../api/trackers';

type Sort = (typeof TRACKER_SORTS)[number];
type Vehicle = (typeof VEHICLE_TYPES)[number];

export function TrackerList() {
  const { t } = useTranslation('trackers');
  const canEdit = useCan('TRACKER_EDIT_ADMIN');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [vehicle, setVehicle] = useState('');
  const [source, setSource] = useState('');
  const [sort, setSort] = useState<Sort>('ident');
  const [order, setOrder] = useState<SortOrder>('asc');
  const [toDelete, setToDelete] = useState<Tracker | null>(null);
  const remove = useDeleteTracker();
  const query = useTrackers({
    page,
    pageSize: PAGE_SIZE_DEFAULT,
    search: debouncedSearch || undefined,
    sort,
    order,
    vehicle: (vehicle || undefined) as Vehicle | undefined,
    source: (source || undefined) as TrafficSourceCode | undefined,
  });
  const onSort = (field: Sort, next: SortOrder) => {
    setSort(field);
    setOrder(next);
    setPage(1);
  };
  const filter = (setter: (value: string) => void) => (event: { currentTarget: { value: string } }) => {
    setter(event.currentTarget.value);
    setPage(1);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      showToast({ color: 'teal', message: t('deleted', { ident: toDelete.ident }), 'data-testid': 'tracker-deleted' });
    } catch {
      // The api client has shown the error toast.
    } finally {
      setToDelete(null);
    }
  };

  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <TextInput label={t('filters.search')} type="search" value={search} onChange={filter(setSearch)} data-testid="tracker-search" />
        <NativeSelect
          label={t('fields.vehicle')}
          value={vehicle}
          onChange={filter(setVehicle)}
          data={[
            { value: '', label: t('filters.allVehicles') },
            ...VEHICLE_TYPES.map((value) => ({ value, label: t(`vehicles.${value}`) })),
          ]}
        />
        <NativeSelect
          label={t('fields.source')}
          value={source}
          onChange={filter(setSource)}
          data={[
            { value: '', label: t('filters.allSources') },
            ...TRAFFIC_SOURCE_CODES.map((value) => ({ value, label: t(`sources.${value}`) })),
          ]}
        />
      </Group>
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
                onDelete={() => setToDelete(tracker)}
              />
            </Table.Td>
          </Table.Tr>
        )}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { ident: toDelete?.ident ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
