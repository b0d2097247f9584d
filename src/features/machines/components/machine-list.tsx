import { useState } from 'react';
import { Badge, Group, NativeSelect, Stack, Switch, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PagedTable } from '@/components/ui/paged-table';
import { RecordActions } from '@/components/ui/record-actions';
import { SortHeader, type SortOrder } from '@/components/ui/sort-header';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/authorization';
import { useSession } from '@/lib/session';
import { showToast } from '@/lib/toast';
import type { MACHINE_SORTS, MachineSummary } from '@/shared/contracts/machines';
import { MACHINE_CLASSES } from '@/shared/domain/enums';
import { PAGE_SIZE_DEFAULT } from '@/shared/domain/limits';
import { useDeleteMachine } from '../api/delete-machine';
import { useDroneModelChoices } from '../api/get-drone-model-choices';
import { useMachines } from '../api/get-machines';
import { useRestoreMachine } from '../api/restore-machine';

const SEARCH_DEBOUNCE_MS = 300;
type Sort = (typeof MACHINE_SORTS)[number];
type MachineClass = (typeof MACHINE_CLASSES)[number];

function isMachineClass(value: string): value is MachineClass {
  return (MACHINE_CLASSES as readonly string[]).includes(value);
}

/** The operator's machines (or a user's, for administrators), paginated, searched, sorted and filtered by the server. */
export function MachineList({ userId }: { userId?: string }) {
  const { t } = useTranslation('machines');
  const session = useSession();
  const canEdit = useCan(userId ? 'USER_EDIT_ADMIN' : 'MACHINE_EDIT');
  const canListDeleted = useCan('MACHINE_LIST_DELETED_ADMIN');
  const canRestore = useCan('MACHINE_EDIT_DELETED_ADMIN');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [machineClass, setMachineClass] = useState<MachineClass | undefined>();
  const [droneModelId, setDroneModelId] = useState('');
  const [deleted, setDeleted] = useState(false);
  const [sort, setSort] = useState<Sort>('internalName');
  const [order, setOrder] = useState<SortOrder>('asc');
  const [toDelete, setToDelete] = useState<MachineSummary | null>(null);
  const remove = useDeleteMachine();
  const restore = useRestoreMachine();
  const models = useDroneModelChoices();

  const query = useMachines({
    userId,
    page,
    pageSize: PAGE_SIZE_DEFAULT,
    search: debouncedSearch || undefined,
    sort,
    order,
    class: machineClass,
    droneModelId: droneModelId || undefined,
    deleted: deleted && canListDeleted,
  });
  const restoreOwner = userId ?? session?.userId ?? undefined;
  const onSort = (field: Sort, next: SortOrder) => {
    setSort(field);
    setOrder(next);
    setPage(1);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync({ userId, id: toDelete.id });
      showToast({ color: 'teal', message: t('deleted', { name: toDelete.internalName }), 'data-testid': 'machine-deleted' });
    } catch {
      // The api client has shown the error toast.
    } finally {
      setToDelete(null);
    }
  };

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
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('filters.search')}
          type="search"
          data-testid="machine-search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <NativeSelect
          label={t('fields.classes')}
          data-testid="machine-class"
          value={machineClass ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setMachineClass(isMachineClass(value) ? value : undefined);
            setPage(1);
          }}
          data={[
            { value: '', label: t('filters.allClasses') },
            ...MACHINE_CLASSES.map((value) => ({ value, label: t(`classes.${value}`) })),
          ]}
        />
        <NativeSelect
          label={t('fields.droneModelId')}
          data-testid="machine-drone-model"
          value={droneModelId}
          onChange={(event) => {
            setDroneModelId(event.currentTarget.value);
            setPage(1);
          }}
          data={[
            { value: '', label: t('filters.allModels') },
            ...(models.data ?? []).map((model) => ({ value: model.id, label: `${model.brand} ${model.name}` })),
          ]}
        />
        {canListDeleted && (
          <Switch
            label={t('filters.showDeleted')}
            data-testid="machine-show-deleted"
            checked={deleted}
            onChange={(event) => {
              setDeleted(event.currentTarget.checked);
              setPage(1);
            }}
          />
        )}
      </Group>

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
                onDelete={() => setToDelete(machine)}
                onRestore={() => void onRestore(machine)}
                restoreTestId="machine-restore"
              />
            </Table.Td>
          </Table.Tr>
        )}
      />

      <ConfirmDialog
        opened={toDelete !== null}
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { name: toDelete?.internalName ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
