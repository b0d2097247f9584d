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
import { ALERT_TYPES, type ALERT_SORTS, type AlertSummary, type AlertType } from '@/shared/contracts/alerts';
import { PAGE_SIZE_DEFAULT } from '@/shared/domain/limits';
import { useAlerts, useDeleteAlert } from '../api/alerts';

type Sort = (typeof ALERT_SORTS)[number];
const isAlertType = (value: string): value is AlertType => (ALERT_TYPES as readonly string[]).includes(value);

/** Alerts, paginated, searched and filtered by the server; deleting one says how many violations go with it. */
export function AlertList() {
  const { t } = useTranslation('alerts');
  const canEdit = useCan('ALERT_EDIT_ADMIN');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [type, setType] = useState<AlertType | undefined>();
  const [sort, setSort] = useState<Sort>('name');
  const [order, setOrder] = useState<SortOrder>('asc');
  const [toDelete, setToDelete] = useState<AlertSummary | null>(null);
  const remove = useDeleteAlert();
  const query = useAlerts({ page, pageSize: PAGE_SIZE_DEFAULT, search: debouncedSearch || undefined, sort, order, type });

  const onSort = (field: Sort, next: SortOrder) => {
    setSort(field);
    setOrder(next);
    setPage(1);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      showToast({ color: 'teal', message: t('deleted', { name: toDelete.name }), 'data-testid': 'alert-deleted' });
    } catch {
      // The api client has shown the error toast.
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
          data-testid="alert-search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <NativeSelect
          label={t('fields.type')}
          data-testid="alert-type-filter"
          value={type ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setType(isAlertType(value) ? value : undefined);
            setPage(1);
          }}
          data={[{ value: '', label: t('filters.allTypes') }, ...ALERT_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))]}
        />
      </Group>
      <PagedTable
        state={query}
        page={page}
        onPage={setPage}
        labels={{ loadFailed: t('loadFailed'), empty: t('empty'), caption: (count) => t('total', { count }), pagination: t('pagination') }}
        minWidth={720}
        testId="alert-table"
        head={
          <Table.Tr>
            <SortHeader field="name" label={t('fields.name')} sort={sort} order={order} onSort={onSort} />
            <SortHeader field="type" label={t('fields.type')} sort={sort} order={order} onSort={onSort} />
            <Table.Th>{t('columns.limits')}</Table.Th>
            <Table.Th>{t('columns.flags')}</Table.Th>
            <Table.Th>{t('columns.violations')}</Table.Th>
            <Table.Th>{t('columns.actions')}</Table.Th>
          </Table.Tr>
        }
        renderRow={(alert) => (
          <Table.Tr key={alert.id} data-testid="alert-row">
            <Table.Td>{alert.name}</Table.Td>
            <Table.Td>{t(`types.${alert.type}`)}</Table.Td>
            <Table.Td>{t('limits', { lower: alert.lowerLimitM ?? '–', upper: alert.upperLimitM ?? '–' })}</Table.Td>
            <Table.Td>
              <Group gap={4}>
                {alert.isDisplayed && <Badge size="sm">{t('fields.isDisplayed')}</Badge>}
                {alert.permanent && (
                  <Badge size="sm" variant="light">
                    {t('fields.permanent')}
                  </Badge>
                )}
                {alert.showForUsersOnly && (
                  <Badge size="sm" variant="outline">
                    {t('fields.showForUsersOnly')}
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td>{alert.violationCount}</Table.Td>
            <Table.Td>
              <RecordActions
                editHref={paths.alertEdit.getHref(alert.id)}
                labels={{ edit: t('edit'), delete: t('delete'), restore: t('delete') }}
                canEdit={canEdit}
                onDelete={() => setToDelete(alert)}
              />
            </Table.Td>
          </Table.Tr>
        )}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { name: toDelete?.name ?? '', count: toDelete?.violationCount ?? 0 })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
