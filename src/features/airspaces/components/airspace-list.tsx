import { useState } from 'react';
import { Badge, Group, NativeSelect, Stack, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PagedTable } from '@/components/ui/paged-table';
import { RecordActions } from '@/components/ui/record-actions';
import { SortHeader, type SortOrder } from '@/components/ui/sort-header';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/authorization';
import { showToast } from '@/lib/toast';
import { ACTIVATION_TRIGGERS, type AIRSPACE_SORTS, type AirspaceSummary } from '@/shared/contracts/airspaces';
import { PAGE_SIZE_DEFAULT } from '@/shared/domain/limits';
import { useDeleteAirspace } from '../api/delete-airspace';
import { useAirspaces } from '../api/get-airspaces';

const SEARCH_DEBOUNCE_MS = 300;
type Sort = (typeof AIRSPACE_SORTS)[number];
type Trigger = (typeof ACTIVATION_TRIGGERS)[number];

/** Airspaces with their managers, searched, filtered and sorted by the server. */
export function AirspaceList() {
  const { t } = useTranslation('airspaces');
  const canEdit = useCan('AIRSPACE_EDIT_ADMIN');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [visible, setVisible] = useState<'' | 'true' | 'false'>('');
  const [trigger, setTrigger] = useState<Trigger | ''>('');
  const [sort, setSort] = useState<Sort>('name');
  const [order, setOrder] = useState<SortOrder>('asc');
  const [toDelete, setToDelete] = useState<AirspaceSummary | null>(null);
  const remove = useDeleteAirspace();

  const query = useAirspaces({
    page,
    pageSize: PAGE_SIZE_DEFAULT,
    search: debouncedSearch || undefined,
    visibleToOperators: visible === '' ? undefined : visible === 'true',
    activationTrigger: trigger || undefined,
    sort,
    order,
  });
  const onSort = (field: Sort, next: SortOrder) => {
    setSort(field);
    setOrder(next);
    setPage(1);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      showToast({ color: 'teal', message: t('deleted', { name: toDelete.name }), 'data-testid': 'airspace-deleted' });
    } catch {
      // The api client has shown the error toast.
    } finally {
      setToDelete(null);
    }
  };

  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('filters.search')}
          type="search"
          data-testid="airspace-search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <NativeSelect
          label={t('fields.visibleToOperators')}
          value={visible}
          onChange={(event) => {
            setVisible(event.currentTarget.value as '' | 'true' | 'false');
            setPage(1);
          }}
          data={[
            { value: '', label: t('filters.all') },
            { value: 'true', label: t('filters.visible') },
            { value: 'false', label: t('filters.hidden') },
          ]}
        />
        <NativeSelect
          label={t('fields.activationTrigger')}
          value={trigger}
          onChange={(event) => {
            setTrigger(event.currentTarget.value as Trigger | '');
            setPage(1);
          }}
          data={[{ value: '', label: t('filters.all') }, ...ACTIVATION_TRIGGERS.map((value) => ({ value, label: t(`triggers.${value}`) }))]}
        />
      </Group>

      <PagedTable
        state={query}
        page={page}
        onPage={setPage}
        labels={{ loadFailed: t('loadFailed'), empty: t('empty'), caption: (count) => t('total', { count }), pagination: t('pagination') }}
        minWidth={820}
        testId="airspace-table"
        head={
          <Table.Tr>
            <SortHeader field="name" label={t('fields.name')} sort={sort} order={order} onSort={onSort} />
            <SortHeader field="internalCode" label={t('fields.internalCode')} sort={sort} order={order} onSort={onSort} />
            <Table.Th>{t('fields.authorityName')}</Table.Th>
            <Table.Th>{t('columns.managers')}</Table.Th>
            <Table.Th>{t('columns.area')}</Table.Th>
            <Table.Th>{t('fields.visibleToOperators')}</Table.Th>
            <Table.Th>{t('columns.actions')}</Table.Th>
          </Table.Tr>
        }
        renderRow={(airspace) => (
          <Table.Tr key={airspace.id} data-testid="airspace-row">
            <Table.Td>{airspace.name}</Table.Td>
            <Table.Td>{airspace.internalCode}</Table.Td>
            <Table.Td>{airspace.authorityName ?? '–'}</Table.Td>
            <Table.Td>{airspace.managers.map((manager) => `${manager.firstName} ${manager.lastName}`).join(', ') || '–'}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={airspace.hasGeometry ? 'teal' : 'orange'}>
                {t(airspace.hasGeometry ? 'columns.areaSet' : 'columns.areaMissing')}
              </Badge>
            </Table.Td>
            <Table.Td>{t(airspace.visibleToOperators ? 'filters.visible' : 'filters.hidden')}</Table.Td>
            <Table.Td>
              <RecordActions
                editHref={paths.airspaceEdit.getHref(airspace.id)}
                labels={{ edit: t('edit'), delete: t('delete'), restore: t('delete') }}
                canEdit={canEdit}
                onDelete={() => setToDelete(airspace)}
              />
            </Table.Td>
          </Table.Tr>
        )}
      />

      <ConfirmDialog
        opened={toDelete !== null}
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { name: toDelete?.name ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
