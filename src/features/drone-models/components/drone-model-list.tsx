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
import type { DRONE_MODEL_SORTS, DroneModelSummary } from '@/shared/contracts/drone-models';
import { PAGE_SIZE_DEFAULT } from '@/shared/domain/limits';
import { useDeleteDroneModel } from '../api/delete-drone-model';
import { useDroneModels } from '../api/get-drone-models';

const SEARCH_DEBOUNCE_MS = 300;
type Sort = (typeof DRONE_MODEL_SORTS)[number];

/** The shared catalogue and the operator's personal models, paginated and sorted by the server. */
export function DroneModelList() {
  const { t } = useTranslation('droneModels');
  const isAdmin = useCan('DRONEMODEL_EDIT_ADMIN');
  const canEditPersonal = useCan('MACHINE_EDIT');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [personal, setPersonal] = useState<'' | 'true' | 'false'>('');
  const [sort, setSort] = useState<Sort>('brand');
  const [order, setOrder] = useState<SortOrder>('asc');
  const [toDelete, setToDelete] = useState<DroneModelSummary | null>(null);
  const remove = useDeleteDroneModel();

  const query = useDroneModels({
    page,
    pageSize: PAGE_SIZE_DEFAULT,
    search: debouncedSearch || undefined,
    sort,
    order,
    personal: personal === '' ? undefined : personal === 'true',
  });
  const canEdit = (model: DroneModelSummary) => isAdmin || (model.personal && canEditPersonal);
  const onSort = (field: Sort, next: SortOrder) => {
    setSort(field);
    setOrder(next);
    setPage(1);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      showToast({
        color: 'teal',
        message: t('deleted', { name: `${toDelete.brand} ${toDelete.name}` }),
        'data-testid': 'drone-model-deleted',
      });
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
          data-testid="drone-model-search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <NativeSelect
          label={t('filters.catalogue')}
          data-testid="drone-model-personal"
          value={personal}
          onChange={(event) => {
            setPersonal(event.currentTarget.value as '' | 'true' | 'false');
            setPage(1);
          }}
          data={[
            { value: '', label: t('filters.allModels') },
            { value: 'false', label: t('filters.shared') },
            { value: 'true', label: t('filters.personal') },
          ]}
        />
      </Group>

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
                onDelete={() => setToDelete(model)}
              />
            </Table.Td>
          </Table.Tr>
        )}
      />

      <ConfirmDialog
        opened={toDelete !== null}
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { name: toDelete ? `${toDelete.brand} ${toDelete.name}` : '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
