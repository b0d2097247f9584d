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
import { GROUP_KINDS, GROUP_LEVELS, GROUP_SORTS, type GroupSummary } from '@/shared/contracts/groups';
import { useDeleteGroup } from '../api/delete-group';
import { useGroups } from '../api/get-groups';

type Kind = (typeof GROUP_KINDS)[number];
type Level = (typeof GROUP_LEVELS)[number];

/** Groups with their member counts; system groups and groups with members offer no delete. */
export function GroupList() {
  const { t } = useTranslation('groups');
  const canEdit = useCan('GROUP_EDIT_ADMIN');
  const list = useListState({
    sorts: GROUP_SORTS,
    sort: 'name',
    order: 'asc',
    filters: { kind: '' as Kind | '', level: '' as Level | '' },
    choices: { kind: GROUP_KINDS, level: GROUP_LEVELS },
  });
  const { page, setPage, sort, order, onSort } = list;
  const remove = useDeleteGroup();
  // A refusal from the server (GROUP_HAS_MEMBERS if members joined meanwhile) is toasted by the api client.
  const deletion = useConfirmDelete({
    remove: (group: GroupSummary) => remove.mutateAsync(group.id),
    loading: remove.isPending,
    onDeleted: (group) => showToast({ color: 'teal', message: t('deleted', { name: group.name }), 'data-testid': 'group-deleted' }),
  });
  const query = useGroups({ ...list.params, kind: list.filters.kind || undefined, level: list.filters.level || undefined });

  // Spec domain §5: a group with members cannot be deleted; the message comes before any confirmation.
  const askDelete = (group: GroupSummary) => {
    const refusal = group.kind === 'system' ? 'GROUP_SYSTEM_LOCKED' : group.memberCount > 0 ? 'GROUP_HAS_MEMBERS' : null;
    if (refusal) showToast({ color: 'orange', message: t(`errors:${refusal}`), 'data-testid': 'group-delete-refused' });
    else deletion.ask(group);
  };

  return (
    <Stack>
      <ListToolbar list={list} searchLabel={t('filters.search')} searchTestId="group-search">
        <FilterSelect
          label={t('fields.kind')}
          allLabel={t('filters.all')}
          options={filterOptions(GROUP_KINDS, (value) => t(`kinds.${value}`))}
          {...list.filterProps('kind')}
        />
        <FilterSelect
          label={t('fields.level')}
          allLabel={t('filters.all')}
          options={filterOptions(GROUP_LEVELS, (value) => t(`levels.${value}`))}
          {...list.filterProps('level')}
        />
      </ListToolbar>

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
        {...deletion.dialogProps}
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { name: deletion.target?.name ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
      />
    </Stack>
  );
}
