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
import { GROUP_KINDS, GROUP_LEVELS, type GROUP_SORTS, type GroupSummary } from '@/shared/contracts/groups';
import { PAGE_SIZE_DEFAULT } from '@/shared/domain/limits';
import { useDeleteGroup } from '../api/delete-group';
import { useGroups } from '../api/get-groups';

const SEARCH_DEBOUNCE_MS = 300;
type Sort = (typeof GROUP_SORTS)[number];
type Kind = (typeof GROUP_KINDS)[number];
type Level = (typeof GROUP_LEVELS)[number];

/** Groups with their member counts; system groups and groups with members offer no delete. */
export function GroupList() {
  const { t } = useTranslation('groups');
  const canEdit = useCan('GROUP_EDIT_ADMIN');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [kind, setKind] = useState<Kind | ''>('');
  const [level, setLevel] = useState<Level | ''>('');
  const [sort, setSort] = useState<Sort>('name');
  const [order, setOrder] = useState<SortOrder>('asc');
  const [toDelete, setToDelete] = useState<GroupSummary | null>(null);
  const remove = useDeleteGroup();

  const query = useGroups({
    page,
    pageSize: PAGE_SIZE_DEFAULT,
    search: debouncedSearch || undefined,
    kind: kind || undefined,
    level: level || undefined,
    sort,
    order,
  });
  const onSort = (field: Sort, next: SortOrder) => {
    setSort(field);
    setOrder(next);
    setPage(1);
  };

  // Spec domain §5: a group with members cannot be deleted; the message comes before any confirmation.
  const askDelete = (group: GroupSummary) => {
    const refusal = group.kind === 'system' ? 'GROUP_SYSTEM_LOCKED' : group.memberCount > 0 ? 'GROUP_HAS_MEMBERS' : null;
    if (refusal) showToast({ color: 'orange', message: t(`errors:${refusal}`), 'data-testid': 'group-delete-refused' });
    else setToDelete(group);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      showToast({ color: 'teal', message: t('deleted', { name: toDelete.name }), 'data-testid': 'group-deleted' });
    } catch {
      // The api client has shown the error toast (GROUP_HAS_MEMBERS if members joined meanwhile).
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
          data-testid="group-search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <NativeSelect
          label={t('fields.kind')}
          value={kind}
          onChange={(event) => {
            setKind(event.currentTarget.value as Kind | '');
            setPage(1);
          }}
          data={[{ value: '', label: t('filters.all') }, ...GROUP_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))]}
        />
        <NativeSelect
          label={t('fields.level')}
          value={level}
          onChange={(event) => {
            setLevel(event.currentTarget.value as Level | '');
            setPage(1);
          }}
          data={[{ value: '', label: t('filters.all') }, ...GROUP_LEVELS.map((value) => ({ value, label: t(`levels.${value}`) }))]}
        />
      </Group>

      <PagedTable
        state={query}
        page={page}
        onPage={setPage}
        labels={{ loadFailed: t('loadFailed'), empty: t('empty'), caption: (count) => t('total', { count }), pagination: t('pagination') }}
        minWidth={720}
        testId="group-table"
        head={
          <Table.Tr>
            <SortHeader field="name" label={t('fields.name')} sort={sort} order={order} onSort={onSort} />
            <Table.Th>{t('fields.kind')}</Table.Th>
            <Table.Th>{t('fields.level')}</Table.Th>
            <Table.Th>{t('columns.rights')}</Table.Th>
            <SortHeader field="memberCount" label={t('columns.members')} sort={sort} order={order} onSort={onSort} />
            <Table.Th>{t('columns.actions')}</Table.Th>
          </Table.Tr>
        }
        renderRow={(group) => (
          <Table.Tr key={group.id} data-testid="group-row">
            <Table.Td>{group.name}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={group.kind === 'system' ? 'grape' : 'blue'}>
                {t(`kinds.${group.kind}`)}
              </Badge>
            </Table.Td>
            <Table.Td>{t(`levels.${group.level}`)}</Table.Td>
            <Table.Td>{group.rights.length}</Table.Td>
            <Table.Td>{group.memberCount}</Table.Td>
            <Table.Td>
              <RecordActions
                editHref={paths.groupEdit.getHref(group.id)}
                labels={{ edit: t('edit'), delete: t('delete'), restore: t('delete') }}
                canEdit={canEdit}
                onDelete={() => askDelete(group)}
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
