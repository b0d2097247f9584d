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
import type { USER_SORTS, UserSummary } from '@/shared/contracts/users';
import { ACCOUNT_STATUSES, AGREEMENT_STATUSES } from '@/shared/domain/enums';
import { PAGE_SIZE_DEFAULT } from '@/shared/domain/limits';
import { useDeleteUser } from '../api/delete-user';
import { useGroupOptions } from '../api/get-group-options';
import { useUsers } from '../api/get-users';

const SEARCH_DEBOUNCE_MS = 300;
type Sort = (typeof USER_SORTS)[number];
type Status = (typeof ACCOUNT_STATUSES)[number];
type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

const STATUS_COLORS: Record<Status, string> = { active: 'teal', pending: 'yellow', deactivated: 'gray' };

/** Every account, searched, filtered, sorted and paginated by the server. */
export function UserList() {
  const { t, i18n } = useTranslation('users');
  const canEdit = useCan('USER_EDIT_ADMIN');
  const groups = useGroupOptions();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<Status | ''>('');
  const [agreementStatus, setAgreementStatus] = useState<AgreementStatus | ''>('');
  const [groupId, setGroupId] = useState('');
  const [sort, setSort] = useState<Sort>('lastName');
  const [order, setOrder] = useState<SortOrder>('asc');
  const [toDelete, setToDelete] = useState<UserSummary | null>(null);
  const remove = useDeleteUser();

  const query = useUsers({
    page,
    pageSize: PAGE_SIZE_DEFAULT,
    search: debouncedSearch || undefined,
    status: status || undefined,
    agreementStatus: agreementStatus || undefined,
    groupId: groupId || undefined,
    sort,
    order,
  });
  const onSort = (field: Sort, next: SortOrder) => {
    setSort(field);
    setOrder(next);
    setPage(1);
  };
  const filter =
    <T extends string>(set: (value: T) => void) =>
    (event: React.ChangeEvent<HTMLSelectElement>) => {
      set(event.currentTarget.value as T);
      setPage(1);
    };
  const onStatus = filter<Status | ''>(setStatus);
  const onAgreementStatus = filter<AgreementStatus | ''>(setAgreementStatus);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      showToast({ color: 'teal', message: t('deleted', { name: toDelete.email }), 'data-testid': 'user-deleted' });
    } catch {
      // The api client has shown the error toast (USER_HAS_RECORDS tells to deactivate instead).
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
          data-testid="user-search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <NativeSelect
          label={t('fields.status')}
          data-testid="user-filter-status"
          value={status}
          onChange={onStatus}
          data={[{ value: '', label: t('filters.all') }, ...ACCOUNT_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))]}
        />
        <NativeSelect
          label={t('fields.agreementStatus')}
          data-testid="user-filter-agreement"
          value={agreementStatus}
          onChange={onAgreementStatus}
          data={[
            { value: '', label: t('filters.all') },
            ...AGREEMENT_STATUSES.map((value) => ({ value, label: t(`agreementStatuses.${value}`) })),
          ]}
        />
        <NativeSelect
          label={t('fields.groups')}
          data-testid="user-filter-group"
          value={groupId}
          onChange={filter(setGroupId)}
          data={[{ value: '', label: t('filters.all') }, ...(groups.data ?? []).map((group) => ({ value: group.id, label: group.name }))]}
        />
      </Group>

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
            <Table.Td>{new Date(user.createdAt).toLocaleDateString(i18n.language)}</Table.Td>
            <Table.Td>
              <RecordActions
                editHref={paths.userEdit.getHref(user.id)}
                labels={{ edit: t('edit'), delete: t('delete'), restore: t('delete') }}
                canEdit={canEdit}
                onDelete={() => setToDelete(user)}
              />
            </Table.Td>
          </Table.Tr>
        )}
      />

      <ConfirmDialog
        opened={toDelete !== null}
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { name: toDelete?.email ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
