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
import { USER_SORTS, type UserSummary } from '@/shared/contracts/users';
import { ACCOUNT_STATUSES, AGREEMENT_STATUSES } from '@/shared/domain/enums';
import { useDeleteUser } from '../api/delete-user';
import { useGroupOptions } from '../api/get-group-options';
import { useUsers } from '../api/get-users';
import { formatLocale } from '@/lib/format';

type Status = (typeof ACCOUNT_STATUSES)[number];
type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

const STATUS_COLORS: Record<Status, string> = { active: 'teal', pending: 'yellow', deactivated: 'gray' };

/** Every account, searched, filtered, sorted and paginated by the server. */
export function UserList() {
  const { t, i18n } = useTranslation('users');
  const canEdit = useCan('USER_EDIT_ADMIN');
  const groups = useGroupOptions();
  const list = useListState({
    sorts: USER_SORTS,
    sort: 'lastName',
    order: 'asc',
    filters: { status: '' as Status | '', agreementStatus: '' as AgreementStatus | '', groupId: '' },
    choices: { status: ACCOUNT_STATUSES, agreementStatus: AGREEMENT_STATUSES },
  });
  const { page, setPage, sort, order, onSort } = list;
  const remove = useDeleteUser();
  // A refusal from the server (USER_HAS_RECORDS tells to deactivate instead) is toasted by the api client.
  const deletion = useConfirmDelete({
    remove: (user: UserSummary) => remove.mutateAsync(user.id),
    loading: remove.isPending,
    onDeleted: (user) => showToast({ color: 'teal', message: t('deleted', { name: user.email }), 'data-testid': 'user-deleted' }),
  });
  const { status, agreementStatus, groupId } = list.filters;
  const query = useUsers({
    ...list.params,
    status: status || undefined,
    agreementStatus: agreementStatus || undefined,
    groupId: groupId || undefined,
  });

  return (
    <Stack>
      <ListToolbar list={list} searchLabel={t('filters.search')} searchTestId="user-search">
        <FilterSelect
          label={t('fields.status')}
          testId="user-filter-status"
          allLabel={t('filters.all')}
          options={filterOptions(ACCOUNT_STATUSES, (value) => t(`statuses.${value}`))}
          {...list.filterProps('status')}
        />
        <FilterSelect
          label={t('fields.agreementStatus')}
          testId="user-filter-agreement"
          allLabel={t('filters.all')}
          options={filterOptions(AGREEMENT_STATUSES, (value) => t(`agreementStatuses.${value}`))}
          {...list.filterProps('agreementStatus')}
        />
        <FilterSelect
          label={t('fields.groups')}
          testId="user-filter-group"
          allLabel={t('filters.all')}
          options={(groups.data ?? []).map((group) => ({ value: group.id, label: group.name }))}
          {...list.filterProps('groupId')}
        />
      </ListToolbar>

      <PagedTable
        state={query}
        page={page}
        onPage={setPage}
        labels={{ loadFailed: t('loadFailed'), empty: t('empty'), caption: (count) => t('total', { count }), pagination: t('pagination') }}
        minWidth={900}
        testId="user-table"
        head={
          <Table.Tr>
            <SortHeader field="lastName" label={t('columns.name')} sort={sort} order={order} onSort={onSort} />
            <SortHeader field="email" label={t('fields.email')} sort={sort} order={order} onSort={onSort} />
            <Table.Th>{t('fields.companyName')}</Table.Th>
            <Table.Th>{t('fields.groups')}</Table.Th>
            <Table.Th>{t('fields.status')}</Table.Th>
            <SortHeader field="agreementStatus" label={t('fields.agreementStatus')} sort={sort} order={order} onSort={onSort} />
            <SortHeader field="createdAt" label={t('columns.createdAt')} sort={sort} order={order} onSort={onSort} />
            <Table.Th>{t('columns.actions')}</Table.Th>
          </Table.Tr>
        }
        renderRow={(user) => (
          <Table.Tr key={user.id} data-testid="user-row">
            <Table.Td>
              {user.lastName} {user.firstName}
            </Table.Td>
            <Table.Td>{user.email}</Table.Td>
            <Table.Td>{user.companyName ?? '–'}</Table.Td>
            <Table.Td>{user.groups.join(', ') || '–'}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={STATUS_COLORS[user.status]}>
                {t(`statuses.${user.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td>{t(`agreementStatuses.${user.agreementStatus}`)}</Table.Td>
            <Table.Td>{new Date(user.createdAt).toLocaleDateString(formatLocale(i18n.language))}</Table.Td>
            <Table.Td>
              <RecordActions
                editHref={paths.userEdit.getHref(user.id)}
                labels={{ edit: t('edit'), delete: t('delete'), restore: t('delete') }}
                canEdit={canEdit}
                onDelete={() => deletion.ask(user)}
              />
            </Table.Td>
          </Table.Tr>
        )}
      />

      <ConfirmDialog
        {...deletion.dialogProps}
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { name: deletion.target?.email ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
      />
    </Stack>
  );
}
