import { Badge, Stack, Table } from '@mantine/core';
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
import { ACTIVATION_TRIGGERS, AIRSPACE_SORTS, type AirspaceSummary } from '@/shared/contracts/airspaces';
import { useDeleteAirspace } from '../api/delete-airspace';
import { useAirspaces } from '../api/get-airspaces';

type Trigger = (typeof ACTIVATION_TRIGGERS)[number];

/** Airspaces with their managers, searched, filtered and sorted by the server. */
export function AirspaceList() {
  const { t } = useTranslation('airspaces');
  const canEdit = useCan('AIRSPACE_EDIT_ADMIN');
  const list = useListState({
    sorts: AIRSPACE_SORTS,
    sort: 'name',
    order: 'asc',
    filters: { visible: '' as '' | 'true' | 'false', trigger: '' as Trigger | '' },
    choices: { visible: ['true', 'false'], trigger: ACTIVATION_TRIGGERS },
  });
  const { page, setPage, sort, order, onSort } = list;
  const remove = useDeleteAirspace();
  const deletion = useConfirmDelete({
    remove: (airspace: AirspaceSummary) => remove.mutateAsync(airspace.id),
    loading: remove.isPending,
    onDeleted: (airspace) =>
      showToast({ color: 'teal', message: t('deleted', { name: airspace.name }), 'data-testid': 'airspace-deleted' }),
  });
  const { visible, trigger } = list.filters;
  const query = useAirspaces({
    ...list.params,
    visibleToOperators: visible === '' ? undefined : visible === 'true',
    activationTrigger: trigger || undefined,
  });

  return (
    <Stack>
      <ListToolbar list={list} searchLabel={t('filters.search')} searchTestId="airspace-search">
        <FilterSelect
          label={t('fields.visibleToOperators')}
          allLabel={t('filters.all')}
          options={[
            { value: 'true', label: t('filters.visible') },
            { value: 'false', label: t('filters.hidden') },
          ]}
          {...list.filterProps('visible')}
        />
        <FilterSelect
          label={t('fields.activationTrigger')}
          allLabel={t('filters.all')}
          options={filterOptions(ACTIVATION_TRIGGERS, (value) => t(`triggers.${value}`))}
          {...list.filterProps('trigger')}
        />
      </ListToolbar>

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
                onDelete={() => deletion.ask(airspace)}
              />
            </Table.Td>
          </Table.Tr>
        )}
      />

      <ConfirmDialog
        {...deletion.dialogProps}
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { name: deletion.target?.name ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
      />
    </Stack>
  );
}
