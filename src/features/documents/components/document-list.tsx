import { Anchor, Badge, Group, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useConfirmDelete } from '@/components/ui/confirm-dialog';
import { FilterSelect, ListToolbar } from '@/components/ui/list-toolbar';
import { PagedTable } from '@/components/ui/paged-table';
import { RecordActions } from '@/components/ui/record-actions';
import { SortHeader } from '@/components/ui/sort-header';
import { useListState } from '@/components/ui/use-list-state';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/authorization';
import { showToast } from '@/lib/toast';
import { DOCUMENT_SORTS, type DocumentRecord } from '@/shared/contracts/documents';
import { openDocumentFile, useDeleteDocument, useDocuments, useGroupChoices } from '../api/documents';
import { formatLocale } from '@/lib/format';

/** The documentation the user may read; editors also see who each document is restricted to, and edit it. */
export function DocumentList() {
  const { t, i18n } = useTranslation('documents');
  const canEdit = useCan('DOCUMENTATION_EDIT_ADMIN');
  const list = useListState({ sorts: DOCUMENT_SORTS, sort: 'title', order: 'asc', filters: { groupId: '' } });
  const { page, setPage, sort, order, onSort } = list;
  const groups = useGroupChoices(canEdit);
  const remove = useDeleteDocument();
  const deletion = useConfirmDelete({
    remove: (document: DocumentRecord) => remove.mutateAsync(document.id),
    loading: remove.isPending,
    onDeleted: (document) =>
      showToast({ color: 'teal', message: t('deleted', { title: document.title }), 'data-testid': 'document-deleted' }),
  });
  const query = useDocuments({ ...list.params, groupId: list.filters.groupId || undefined });
  const size = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });

  return (
    <Stack>
      <ListToolbar list={list} searchLabel={t('filters.search')} searchTestId="document-search">
        {canEdit && (
          <FilterSelect
            label={t('fields.restrictToGroups')}
            allLabel={t('filters.allGroups')}
            options={(groups.data ?? []).map((group) => ({ value: group.id, label: group.name }))}
            {...list.filterProps('groupId')}
          />
        )}
      </ListToolbar>
      <PagedTable
        state={query}
        page={page}
        onPage={setPage}
        labels={{ loadFailed: t('loadFailed'), empty: t('empty'), caption: (count) => t('total', { count }), pagination: t('pagination') }}
        minWidth={640}
        testId="document-table"
        head={
          <Table.Tr>
            <SortHeader field="title" label={t('fields.title')} sort={sort} order={order} onSort={onSort} />
            <Table.Th>{t('fields.file')}</Table.Th>
            <Table.Th>{t('fields.restrictToGroups')}</Table.Th>
            <SortHeader field="createdAt" label={t('columns.createdAt')} sort={sort} order={order} onSort={onSort} />
            {canEdit && <Table.Th>{t('columns.actions')}</Table.Th>}
          </Table.Tr>
        }
        renderRow={(document) => (
          <Table.Tr key={document.id} data-testid="document-row">
            <Table.Td>{document.title}</Table.Td>
            <Table.Td>
              <Anchor component="button" type="button" size="sm" onClick={() => void openDocumentFile(document.id).catch(() => undefined)}>
                {document.fileName}
              </Anchor>{' '}
              ({t('sizeKb', { size: size.format(document.fileSize / 1024) })})
            </Table.Td>
            <Table.Td>
              {document.restrictToGroups.length === 0 ? (
                t('everyone')
              ) : (
                <Group gap={4}>
                  {document.restrictToGroups.map((group) => (
                    <Badge key={group.id} size="sm" variant="light">
                      {group.name}
                    </Badge>
                  ))}
                </Group>
              )}
            </Table.Td>
            <Table.Td>{new Date(document.createdAt).toLocaleDateString(formatLocale(i18n.language))}</Table.Td>
            {canEdit && (
              <Table.Td>
                <RecordActions
                  editHref={paths.documentEdit.getHref(document.id)}
                  labels={{ edit: t('edit'), delete: t('delete'), restore: t('delete') }}
                  canEdit
                  onDelete={() => deletion.ask(document)}
                />
              </Table.Td>
            )}
          </Table.Tr>
        )}
      />
      <ConfirmDialog
        {...deletion.dialogProps}
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { title: deletion.target?.title ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
      />
    </Stack>
  );
}
