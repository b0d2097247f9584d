import { useState } from 'react';
import { Anchor, Badge, Group, NativeSelect, Stack, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PagedTable } from '@/components/ui/paged-table';
import { RecordActions } from '@/components/ui/record-actions';
import { SortHeader, type SortOrder } from '@/components/ui/sort-header';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/authorization';
import { showToast } from '@/lib/toast';
import type { DOCUMENT_SORTS, DocumentRecord } from '@/shared/contracts/documents';
import { PAGE_SIZE_DEFAULT } from '@/shared/domain/limits';
import { openDocumentFile, useDeleteDocument, useDocuments, useGroupChoices } from '../api/documents';

type Sort = (typeof DOCUMENT_SORTS)[number];

/** The documentation the user may read; editors also see who each document is restricted to, and edit it. */
export function DocumentList() {
  const { t, i18n } = useTranslation('documents');
  const canEdit = useCan('DOCUMENTATION_EDIT_ADMIN');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [groupId, setGroupId] = useState('');
  const [sort, setSort] = useState<Sort>('title');
  const [order, setOrder] = useState<SortOrder>('asc');
  const [toDelete, setToDelete] = useState<DocumentRecord | null>(null);
  const groups = useGroupChoices(canEdit);
  const remove = useDeleteDocument();
  const query = useDocuments({
    page,
    pageSize: PAGE_SIZE_DEFAULT,
    search: debouncedSearch || undefined,
    sort,
    order,
    groupId: groupId || undefined,
  });
  const size = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const onSort = (field: Sort, next: SortOrder) => {
    setSort(field);
    setOrder(next);
    setPage(1);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      showToast({ color: 'teal', message: t('deleted', { title: toDelete.title }), 'data-testid': 'document-deleted' });
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
          value={search}
          data-testid="document-search"
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        {canEdit && (
          <NativeSelect
            label={t('fields.restrictToGroups')}
            value={groupId}
            onChange={(event) => {
              setGroupId(event.currentTarget.value);
              setPage(1);
            }}
            data={[
              { value: '', label: t('filters.allGroups') },
              ...(groups.data ?? []).map((group) => ({ value: group.id, label: group.name })),
            ]}
          />
        )}
      </Group>
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
            <Table.Td>{new Date(document.createdAt).toLocaleDateString(i18n.language)}</Table.Td>
            {canEdit && (
              <Table.Td>
                <RecordActions
                  editHref={paths.documentEdit.getHref(document.id)}
                  labels={{ edit: t('edit'), delete: t('delete'), restore: t('delete') }}
                  canEdit
                  onDelete={() => setToDelete(document)}
                />
              </Table.Td>
            )}
          </Table.Tr>
        )}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { title: toDelete?.title ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
