import { Badge, Group, Stack, Table, Text } from '@mantine/core';
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
import { PAYMENT_STATUSES, PAYMENT_SORTS, type Payment, type PaymentStatus } from '@/shared/contracts/payments';
import { useDeletePayment, usePayments } from '../api/payments';
import { formatEuros } from './money';
import { formatLocale } from '@/lib/format';

/** A user's payments with what is still due; administrators edit them, the operator reads its own. */
export function PaymentList({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('payments');
  const canEdit = useCan('USER_EDIT_ADMIN');
  const list = useListState({
    sorts: PAYMENT_SORTS,
    sort: 'periodStart',
    order: 'desc',
    filters: { status: '' as PaymentStatus | '' },
    choices: { status: PAYMENT_STATUSES },
  });
  const { page, setPage, sort, order, onSort } = list;
  const remove = useDeletePayment();
  const deletion = useConfirmDelete({
    remove: (payment: Payment) => remove.mutateAsync({ userId, id: payment.id }),
    loading: remove.isPending,
    onDeleted: (payment) =>
      showToast({ color: 'teal', message: t('deleted', { reference: payment.reference }), 'data-testid': 'payment-deleted' }),
  });
  const query = usePayments(userId, { ...list.params, status: list.filters.status || undefined });
  const date = (value: string) => new Date(`${value}T00:00:00Z`).toLocaleDateString(formatLocale(i18n.language), { timeZone: 'UTC' });

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
      <ListToolbar list={list} searchLabel={t('filters.search')}>
        <FilterSelect
          label={t('fields.status')}
          allLabel={t('filters.allStatuses')}
          options={filterOptions(PAYMENT_STATUSES, (value) => t(`statuses.${value}`))}
          {...list.filterProps('status')}
        />
      </ListToolbar>
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
                  onDelete={() => deletion.ask(payment)}
                />
              </Table.Td>
            )}
          </Table.Tr>
        )}
      />
      <ConfirmDialog
        {...deletion.dialogProps}
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { reference: deletion.target?.reference ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
      />
    </Stack>
  );
}
