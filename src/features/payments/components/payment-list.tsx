import { useState } from 'react';
import { Badge, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PagedTable } from '@/components/ui/paged-table';
import { RecordActions } from '@/components/ui/record-actions';
import { SortHeader, type SortOrder } from '@/components/ui/sort-header';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/authorization';
import { showToast } from '@/lib/toast';
import { PAYMENT_STATUSES, type PAYMENT_SORTS, type Payment, type PaymentStatus } from '@/shared/contracts/payments';
import { PAGE_SIZE_DEFAULT } from '@/shared/domain/limits';
import { useDeletePayment, usePayments } from '../api/payments';
import { formatEuros } from './money';

type Sort = (typeof PAYMENT_SORTS)[number];

/** A user's payments with what is still due; administrators edit them, the operator reads its own. */
export function PaymentList({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('payments');
  const canEdit = useCan('USER_EDIT_ADMIN');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState('');
  const [sort, setSort] = useState<Sort>('periodStart');
  const [order, setOrder] = useState<SortOrder>('desc');
  const [toDelete, setToDelete] = useState<Payment | null>(null);
  const remove = useDeletePayment();
  const query = usePayments(userId, {
    page,
    pageSize: PAGE_SIZE_DEFAULT,
    search: debouncedSearch || undefined,
    sort,
    order,
    status: (status || undefined) as PaymentStatus | undefined,
  });
  const date = (value: string) => new Date(`${value}T00:00:00Z`).toLocaleDateString(i18n.language, { timeZone: 'UTC' });
  const onSort = (field: Sort, next: SortOrder) => {
    setSort(field);
    setOrder(next);
    setPage(1);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync({ userId, id: toDelete.id });
      showToast({ color: 'teal', message: t('deleted', { reference: toDelete.reference }), 'data-testid': 'payment-deleted' });
    } catch {
      // The api client has shown the error toast.
    } finally {
      setToDelete(null);
    }
  };

  return (
    <Stack>
      {query.data && (
        <Group data-testid="payment-totals">
          <Text>
            {t('totals.unpaid')} <strong>{formatEuros(query.data.unpaidCents, i18n.language)}</strong>
          </Text>
          <Text c="dimmed">
            {t('totals.paid')} {formatEuros(query.data.paidCents, i18n.language)}
          </Text>
        </Group>
      )}
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('filters.search')}
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <NativeSelect
          label={t('fields.status')}
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value);
            setPage(1);
          }}
          data={[
            { value: '', label: t('filters.allStatuses') },
            ...PAYMENT_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
          ]}
        />
      </Group>
      <PagedTable
        state={query}
        page={page}
        onPage={setPage}
        labels={{ loadFailed: t('loadFailed'), empty: t('empty'), caption: (count) => t('total', { count }), pagination: t('pagination') }}
        minWidth={720}
        testId="payment-table"
        head={
          <Table.Tr>
            <SortHeader field="reference" label={t('fields.reference')} sort={sort} order={order} onSort={onSort} />
            <Table.Th>{t('fields.label')}</Table.Th>
            <SortHeader field="periodStart" label={t('columns.period')} sort={sort} order={order} onSort={onSort} />
            <SortHeader field="amountCents" label={t('fields.amount')} sort={sort} order={order} onSort={onSort} />
            <Table.Th>{t('fields.dueDate')}</Table.Th>
            <Table.Th>{t('fields.status')}</Table.Th>
            {canEdit && <Table.Th>{t('columns.actions')}</Table.Th>}
          </Table.Tr>
        }
        renderRow={(payment) => (
          <Table.Tr key={payment.id} data-testid="payment-row">
            <Table.Td>{payment.reference}</Table.Td>
            <Table.Td>{payment.label}</Table.Td>
            <Table.Td>
              {date(payment.periodStart)} – {date(payment.periodEnd)}
            </Table.Td>
            <Table.Td>{formatEuros(payment.amountCents, i18n.language)}</Table.Td>
            <Table.Td>{payment.dueDate ? date(payment.dueDate) : '–'}</Table.Td>
            <Table.Td>
              <Badge color={payment.status === 'paid' ? 'teal' : 'orange'} variant="light">
                {t(`statuses.${payment.status}`)}
              </Badge>
            </Table.Td>
            {canEdit && (
              <Table.Td>
                <RecordActions
                  editHref={paths.userPaymentEdit.getHref(userId, payment.id)}
                  labels={{ edit: t('edit'), delete: t('delete'), restore: t('delete') }}
                  canEdit
                  onDelete={() => setToDelete(payment)}
                />
              </Table.Td>
            )}
          </Table.Tr>
        )}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { reference: toDelete?.reference ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
