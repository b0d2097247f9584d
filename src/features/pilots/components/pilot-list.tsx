import { useState } from 'react';
import { Badge, Group, NativeSelect, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
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
import type { PILOT_SORTS, PilotSummary } from '@/shared/contracts/pilots';
import { SUPERVISION_LEVEL_MAX } from '@/shared/domain/enums';
import { PAGE_SIZE_DEFAULT } from '@/shared/domain/limits';
import { useDeletePilot } from '../api/delete-pilot';
import { usePilots } from '../api/get-pilots';
import { useRestorePilot } from '../api/restore-pilot';

const SEARCH_DEBOUNCE_MS = 300;
const LEVELS = Array.from({ length: SUPERVISION_LEVEL_MAX + 1 }, (_, level) => level);
type Sort = (typeof PILOT_SORTS)[number];

/** The operator's pilots (or a user's, for administrators), paginated, searched, sorted and filtered by the server. */
export function PilotList({ userId }: { userId?: string }) {
  const { t } = useTranslation('pilots');
  const session = useSession();
  const canEdit = useCan(userId ? 'USER_EDIT_ADMIN' : 'PILOT_EDIT');
  const canListDeleted = useCan('PILOT_LIST_DELETED_ADMIN');
  const canRestore = useCan('PILOT_EDIT_DELETED_ADMIN');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [level, setLevel] = useState('');
  const [deleted, setDeleted] = useState(false);
  const [sort, setSort] = useState<Sort>('lastName');
  const [order, setOrder] = useState<SortOrder>('asc');
  const [toDelete, setToDelete] = useState<PilotSummary | null>(null);
  const remove = useDeletePilot();
  const restore = useRestorePilot();

  const query = usePilots({
    userId,
    page,
    pageSize: PAGE_SIZE_DEFAULT,
    search: debouncedSearch || undefined,
    sort,
    order,
    supervisionLevel: level === '' ? undefined : Number(level),
    deleted: deleted && canListDeleted,
  });
  const restoreOwner = userId ?? session?.userId ?? undefined;
  const nameOf = (pilot: PilotSummary) => `${pilot.firstName} ${pilot.lastName}`;
  const onSort = (field: Sort, next: SortOrder) => {
    setSort(field);
    setOrder(next);
    setPage(1);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync({ userId, id: toDelete.id });
      showToast({ color: 'teal', message: t('deleted', { name: nameOf(toDelete) }), 'data-testid': 'pilot-deleted' });
    } catch {
      // The api client has shown the error toast.
    } finally {
      setToDelete(null);
    }
  };

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
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('filters.search')}
          type="search"
          data-testid="pilot-search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <NativeSelect
          label={t('fields.supervisionLevel')}
          data-testid="pilot-level"
          value={level}
          onChange={(event) => {
            setLevel(event.currentTarget.value);
            setPage(1);
          }}
          data={[
            { value: '', label: t('filters.allLevels') },
            ...LEVELS.map((value) => ({ value: String(value), label: t(`levels.${value}`) })),
          ]}
        />
        {canListDeleted && (
          <Switch
            label={t('filters.showDeleted')}
            data-testid="pilot-show-deleted"
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
                onDelete={() => setToDelete(pilot)}
                onRestore={() => void onRestore(pilot)}
                restoreTestId="pilot-restore"
              />
            </Table.Td>
          </Table.Tr>
        )}
      />

      <ConfirmDialog
        opened={toDelete !== null}
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { name: toDelete ? nameOf(toDelete) : '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
