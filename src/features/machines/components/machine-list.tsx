import { Badge, Group, Stack, Switch, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useConfirmDelete } from '@/components/ui/confirm-dialog';
import { FilterSelect, filterOptions, ListToolbar } from '@/components/ui/list-toolbar';
import { PagedTable } from '@/components/ui/paged-table';
import { RecordActions } from '@/components/ui/record-actions';
import { SortHeader } from '@/components/ui/sort-header';
import { useListState } from '@/components/ui/use-list-state';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/authorization';
import { useSession } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { MACHINE_SORTS, type MachineSummary } from '@/shared/contracts/machines';
import { MACHINE_CLASSES } from '@/shared/domain/enums';
import { useDeleteMachine } from '../api/delete-machine';
import { useDroneModelChoices } from '../api/get-drone-model-choices';
import { useMachines } from '../api/get-machines';
import { useRestoreMachine } from '../api/restore-machine';

type MachineClass = (typeof MACHINE_CLASSES)[number];

/** The operator's machines (or a user's, for administrators), paginated, searched, sorted and filtered by the server. */
export function MachineList({ userId }: { userId?: string }) {
  const { t } = useTranslation('machines');
  const session = useSession();
  const canEdit = useCan(userId ? 'USER_EDIT_ADMIN' : 'MACHINE_EDIT');
  const canListDeleted = useCan('MACHINE_LIST_DELETED_ADMIN');
  const canRestore = useCan('MACHINE_EDIT_DELETED_ADMIN');
  const list = useListState({
    sorts: MACHINE_SORTS,
    sort: 'internalName',
    order: 'asc',
    filters: { machineClass: '' as MachineClass | '', droneModelId: '', deleted: false },
    choices: { machineClass: MACHINE_CLASSES },
  });
  const { page, setPage, sort, order, onSort } = list;
  const { machineClass, droneModelId, deleted } = list.filters;
  const remove = useDeleteMachine();
  const restore = useRestoreMachine();
  const models = useDroneModelChoices();

  const query = useMachines({
    ...list.params,
    userId,
    class: machineClass || undefined,
    droneModelId: droneModelId || undefined,
    deleted: deleted && canListDeleted,
  });
  const restoreOwner = userId ?? session?.userId ?? undefined;
  const deletion = useConfirmDelete({
    remove: (machine: MachineSummary) => remove.mutateAsync({ userId, id: machine.id }),
    loading: remove.isPending,
    onDeleted: (machine) =>
      showToast({ color: 'teal', message: t('deleted', { name: machine.internalName }), 'data-testid': 'machine-deleted' }),
  });

  const onRestore = async (machine: MachineSummary) => {
    if (!restoreOwner) return;
    try {
      await restore.mutateAsync({ userId: restoreOwner, id: machine.id });
      showToast({ color: 'teal', message: t('restored', { name: machine.internalName }), 'data-testid': 'machine-restored' });
    } catch {
      // The api client has shown the error toast.
    }
  };

  return (
    <Stack>
      <ListToolbar list={list} searchLabel={t('filters.search')} searchTestId="machine-search">
        <FilterSelect
          label={t('fields.classes')}
          testId="machine-class"
          allLabel={t('filters.allClasses')}
          options={filterOptions(MACHINE_CLASSES, (value) => t(`classes.${value}`))}
          {...list.filterProps('machineClass')}
        />
        <FilterSelect
          label={t('fields.droneModelId')}
          testId="machine-drone-model"
          allLabel={t('filters.allModels')}
          options={(models.data ?? []).map((model) => ({ value: model.id, label: `${model.brand} ${model.name}` }))}
          {...list.filterProps('droneModelId')}
        />
        {canListDeleted && (
          <Switch
            label={t('filters.showDeleted')}
            data-testid="machine-show-deleted"
            checked={deleted}
            onChange={(event) => list.setFilter('deleted', event.currentTarget.checked)}
          />
        )}
      </ListToolbar>

      <PagedTable
        state={query}
        page={page}
        onPage={setPage}
        labels={{ loadFailed: t('loadFailed'), empty: t('empty'), caption: (count) => t('total', { count }), pagination: t('pagination') }}
        minWidth={720}
        testId="machine-table"
        head={
          <Table.Tr>
            <SortHeader field="internalName" label={t('fields.internalName')} sort={sort} order={order} onSort={onSort} />
            <SortHeader field="serialNumber" label={t('fields.serialNumber')} sort={sort} order={order} onSort={onSort} />
            <Table.Th>{t('fields.remoteIdentificationNumber')}</Table.Th>
            <Table.Th>{t('fields.droneModelId')}</Table.Th>
            <Table.Th>{t('fields.classes')}</Table.Th>
            <Table.Th>{t('columns.actions')}</Table.Th>
          </Table.Tr>
        }
        renderRow={(machine) => (
          <Table.Tr key={machine.id} data-testid="machine-row">
            <Table.Td>{machine.internalName}</Table.Td>
            <Table.Td>{machine.serialNumber}</Table.Td>
            <Table.Td>{machine.remoteIdentificationNumber ?? '–'}</Table.Td>
            <Table.Td>{machine.droneModel ? `${machine.droneModel.brand} ${machine.droneModel.name}` : '–'}</Table.Td>
            <Table.Td>
              <Group gap={4}>
                {machine.classes.map((value) => (
                  <Badge key={value} variant="light" size="sm">
                    {t(`classes.${value}`)}
                  </Badge>
                ))}
              </Group>
            </Table.Td>
            <Table.Td>
              <RecordActions
                editHref={userId ? paths.userMachineEdit.getHref(userId, machine.id) : paths.machineEdit.getHref(machine.id)}
                labels={{ edit: t('edit'), delete: t('delete'), restore: t('restore') }}
                deleted={!!machine.deletedAt}
                canEdit={canEdit}
                canRestore={canRestore && !!restoreOwner}
                onDelete={() => deletion.ask(machine)}
                onRestore={() => void onRestore(machine)}
                restoreTestId="machine-restore"
              />
            </Table.Td>
          </Table.Tr>
        )}
      />

      <ConfirmDialog
        {...deletion.dialogProps}
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { name: deletion.target?.internalName ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
      />
    </Stack>
  );
}
