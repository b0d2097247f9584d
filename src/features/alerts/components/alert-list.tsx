import { Badge, Group, Stack, Table } from '@mantine/core';
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
import { ALERT_TYPES, ALERT_SORTS, type AlertSummary, type AlertType } from '@/shared/contracts/alerts';
import { useAlerts, useDeleteAlert } from '../api/alerts';

/** Alerts, paginated, searched and filtered by the server; deleting one says how many violations go with it. */
export function AlertList() {
  const { t } = useTranslation('alerts');
  const canEdit = useCan('ALERT_EDIT_ADMIN');
  const list = useListState({
    sorts: ALERT_SORTS,
    sort: 'name',
    order: 'asc',
    filters: { type: '' as AlertType | '' },
    choices: { type: ALERT_TYPES },
  });
  const { page, setPage, sort, order, onSort } = list;
  const remove = useDeleteAlert();
  const deletion = useConfirmDelete({
    remove: (alert: AlertSummary) => remove.mutateAsync(alert.id),
    loading: remove.isPending,
    onDeleted: (alert) => showToast({ color: 'teal', message: t('deleted', { name: alert.name }), 'data-testid': 'alert-deleted' }),
  });
  const query = useAlerts({ ...list.params, type: list.filters.type || undefined });

  return (
    <Stack>
      <ListToolbar list={list} searchLabel={t('filters.search')} searchTestId="alert-search">
        <FilterSelect
          label={t('fields.type')}
          testId="alert-type-filter"
          allLabel={t('filters.allTypes')}
          options={filterOptions(ALERT_TYPES, (value) => t(`types.${value}`))}
          {...list.filterProps('type')}
        />
      </ListToolbar>
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
                onDelete={() => deletion.ask(alert)}
              />
            </Table.Td>
          </Table.Tr>
        )}
      />
      <ConfirmDialog
        {...deletion.dialogProps}
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { name: deletion.target?.name ?? '', count: deletion.target?.violationCount ?? 0 })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
      />
    </Stack>
  );
}
