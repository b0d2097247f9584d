import { Badge, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useConfirmDelete } from '@/components/ui/confirm-dialog';
import { FilterSelect, ListToolbar } from '@/components/ui/list-toolbar';
import { PagedTable } from '@/components/ui/paged-table';
import { RecordActions } from '@/components/ui/record-actions';
import { SortHeader } from '@/components/ui/sort-header';
import { useListState } from '@/components/ui/use-list-state';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/authorization';
import { showToast } from '@/lib/toast';
import { DRONE_MODEL_SORTS, type DroneModelSummary } from '@/shared/contracts/drone-models';
import { useDeleteDroneModel } from '../api/delete-drone-model';
import { useDroneModels } from '../api/get-drone-models';

/** The shared catalogue and the operator's personal models, paginated and sorted by the server. */
export function DroneModelList() {
  const { t } = useTranslation('droneModels');
  const isAdmin = useCan('DRONEMODEL_EDIT_ADMIN');
  const canEditPersonal = useCan('MACHINE_EDIT');
  const list = useListState({
    sorts: DRONE_MODEL_SORTS,
    sort: 'brand',
    order: 'asc',
    filters: { personal: '' as '' | 'true' | 'false' },
    choices: { personal: ['true', 'false'] },
  });
  const { page, setPage, sort, order, onSort } = list;
  const remove = useDeleteDroneModel();
  const nameOf = (model: DroneModelSummary) => `${model.brand} ${model.name}`;
  const deletion = useConfirmDelete({
    remove: (model: DroneModelSummary) => remove.mutateAsync(model.id),
    loading: remove.isPending,
    onDeleted: (model) =>
      showToast({ color: 'teal', message: t('deleted', { name: nameOf(model) }), 'data-testid': 'drone-model-deleted' }),
  });
  const { personal } = list.filters;
  const query = useDroneModels({ ...list.params, personal: personal === '' ? undefined : personal === 'true' });
  const canEdit = (model: DroneModelSummary) => isAdmin || (model.personal && canEditPersonal);

  return (
    <Stack>
      <ListToolbar list={list} searchLabel={t('filters.search')} searchTestId="drone-model-search">
        <FilterSelect
          label={t('filters.catalogue')}
          testId="drone-model-personal"
          allLabel={t('filters.allModels')}
          options={[
            { value: 'false', label: t('filters.shared') },
            { value: 'true', label: t('filters.personal') },
          ]}
          {...list.filterProps('personal')}
        />
      </ListToolbar>

      <PagedTable
        state={query}
        page={page}
        onPage={setPage}
        labels={{ loadFailed: t('loadFailed'), empty: t('empty'), caption: (count) => t('total', { count }), pagination: t('pagination') }}
        minWidth={640}
        testId="drone-model-table"
        head={
          <Table.Tr>
            <SortHeader field="brand" label={t('fields.brand')} sort={sort} order={order} onSort={onSort} />
            <SortHeader field="name" label={t('fields.name')} sort={sort} order={order} onSort={onSort} />
            <Table.Th>{t('columns.catalogue')}</Table.Th>
            <Table.Th>{t('columns.frequencies')}</Table.Th>
            <Table.Th>{t('columns.actions')}</Table.Th>
          </Table.Tr>
        }
        renderRow={(model) => (
          <Table.Tr key={model.id} data-testid="drone-model-row">
            <Table.Td>{model.brand}</Table.Td>
            <Table.Td>{model.name}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={model.personal ? 'grape' : 'blue'}>
                {model.personal ? t('filters.personal') : t('filters.shared')}
              </Badge>
            </Table.Td>
            <Table.Td>
              {model.frequencyMinGHz || model.frequencyMaxGHz
                ? t('frequencyRange', { min: model.frequencyMinGHz ?? '–', max: model.frequencyMaxGHz ?? '–' })
                : '–'}
            </Table.Td>
            <Table.Td>
              <RecordActions
                editHref={paths.droneModelEdit.getHref(model.id)}
                labels={{ edit: t('edit'), delete: t('delete'), restore: t('restore') }}
                canEdit={canEdit(model)}
                onDelete={() => deletion.ask(model)}
              />
            </Table.Td>
          </Table.Tr>
        )}
      />

      <ConfirmDialog
        {...deletion.dialogProps}
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { name: deletion.target ? nameOf(deletion.target) : '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
      />
    </Stack>
  );
}
