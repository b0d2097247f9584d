import { Badge, Group, Stack, Switch, Table, Text } from '@mantine/core';
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
import { PILOT_SORTS, type PilotSummary } from '@/shared/contracts/pilots';
import { SUPERVISION_LEVEL_MAX } from '@/shared/domain/enums';
import { useDeletePilot } from '../api/delete-pilot';
import { usePilots } from '../api/get-pilots';
import { useRestorePilot } from '../api/restore-pilot';

const LEVELS = Array.from({ length: SUPERVISION_LEVEL_MAX + 1 }, (_, level) => String(level));

/** The operator's pilots (or a user's, for administrators), paginated, searched, sorted and filtered by the server. */
export function PilotList({ userId }: { userId?: string }) {
  const { t } = useTranslation('pilots');
  const session = useSession();
  const canEdit = useCan(userId ? 'USER_EDIT_ADMIN' : 'PILOT_EDIT');
  const canListDeleted = useCan('PILOT_LIST_DELETED_ADMIN');
  const canRestore = useCan('PILOT_EDIT_DELETED_ADMIN');
  const list = useListState({
    sorts: PILOT_SORTS,
    sort: 'lastName',
    order: 'asc',
    filters: { level: '', deleted: false },
    choices: { level: LEVELS },
  });
  const { page, setPage, sort, order, onSort } = list;
  const { level, deleted } = list.filters;
  const remove = useDeletePilot();
  const restore = useRestorePilot();

  const query = usePilots({
    ...list.params,
    userId,
    supervisionLevel: level === '' ? undefined : Number(level),
    deleted: deleted && canListDeleted,
  });
  const restoreOwner = userId ?? session?.userId ?? undefined;
  const nameOf = (pilot: PilotSummary) => `${pilot.firstName} ${pilot.lastName}`;
  const deletion = useConfirmDelete({
    remove: (pilot: PilotSummary) => remove.mutateAsync({ userId, id: pilot.id }),
    loading: remove.isPending,
    onDeleted: (pilot) => showToast({ color: 'teal', message: t('deleted', { name: nameOf(pilot) }), 'data-testid': 'pilot-deleted' }),
  });

  const onRestore = async (pilot: PilotSummary) => {
    if (!restoreOwner) return;
    try {
      await restore.mutateAsync({ userId: restoreOwner, id: pilot.id });
      showToast({ color: 'teal', message: t('restored', { name: nameOf(pilot) }), 'data-testid': 'pilot-restored' });
    } catch {
      // The api client has shown the error toast.
    }
  };

  return (
    <Stack>
      <ListToolbar list={list} searchLabel={t('filters.search')} searchTestId="pilot-search">
        <FilterSelect
          label={t('fields.supervisionLevel')}
          testId="pilot-level"
          allLabel={t('filters.allLevels')}
          options={filterOptions(LEVELS, (value) => t(`levels.${value}`))}
          {...list.filterProps('level')}
        />
        {canListDeleted && (
          <Switch
            label={t('filters.showDeleted')}
            data-testid="pilot-show-deleted"
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
        testId="pilot-table"
        head={
          <Table.Tr>
            <SortHeader field="lastName" label={t('fields.lastName')} sort={sort} order={order} onSort={onSort} />
            <Table.Th>{t('fields.firstName')}</Table.Th>
            <SortHeader field="email" label={t('fields.email')} sort={sort} order={order} onSort={onSort} />
            <Table.Th>{t('fields.phone')}</Table.Th>
            <Table.Th>{t('fields.supervisionLevel')}</Table.Th>
            <Table.Th>{t('columns.actions')}</Table.Th>
          </Table.Tr>
        }
        renderRow={(pilot) => (
          <Table.Tr key={pilot.id} data-testid="pilot-row">
            <Table.Td>{pilot.lastName}</Table.Td>
            <Table.Td>{pilot.firstName}</Table.Td>
            <Table.Td>{pilot.email}</Table.Td>
            <Table.Td>{pilot.phone ?? '–'}</Table.Td>
            <Table.Td>
              <Group gap={4}>
                <Text size="sm">{t(`levels.${pilot.supervisionLevel}`)}</Text>
                {pilot.supervised && (
                  <Badge size="sm" variant="light" color="teal">
                    {t('supervised')}
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td>
              <RecordActions
                editHref={userId ? paths.userPilotEdit.getHref(userId, pilot.id) : paths.pilotEdit.getHref(pilot.id)}
                labels={{ edit: t('edit'), delete: t('delete'), restore: t('restore') }}
                deleted={!!pilot.deletedAt}
                canEdit={canEdit}
                canRestore={canRestore && !!restoreOwner}
                onDelete={() => deletion.ask(pilot)}
                onRestore={() => void onRestore(pilot)}
                restoreTestId="pilot-restore"
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
