import { useState } from 'react';
import { Button, Stack, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PagedTable } from '@/components/ui/paged-table';
import { SortHeader, type SortOrder } from '@/components/ui/sort-header';
import { showToast } from '@/lib/toast';
import type { DEVICE_SORTS, Device } from '@/shared/contracts/devices';
import { PAGE_SIZE_DEFAULT } from '@/shared/domain/limits';
import { useDeleteDevice, useDevices } from '../api/devices';

type Sort = (typeof DEVICE_SORTS)[number];

/** The mobile terminals registered by users (for push messages); the company's staff forget those no longer used. */
export function DeviceList() {
  const { t, i18n } = useTranslation('devices');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [sort, setSort] = useState<Sort>('createdAt');
  const [order, setOrder] = useState<SortOrder>('desc');
  const [toDelete, setToDelete] = useState<Device | null>(null);
  const remove = useDeleteDevice();
  const query = useDevices({ page, pageSize: PAGE_SIZE_DEFAULT, search: debouncedSearch || undefined, sort, order });
  const onSort = (field: Sort, next: SortOrder) => {
    setSort(field);
    setOrder(next);
    setPage(1);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      showToast({ color: 'teal', message: t('deleted'), 'data-testid': 'device-deleted' });
    } catch {
      // The api client has shown the error toast.
    } finally {
      setToDelete(null);
    }
  };

  return (
    <Stack>
      <TextInput
        label={t('search')}
        type="search"
        maw={360}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      <PagedTable
        state={query}
        page={page}
        onPage={setPage}
        labels={{ loadFailed: t('loadFailed'), empty: t('empty'), caption: (count) => t('total', { count }), pagination: t('pagination') }}
        minWidth={640}
        testId="device-table"
        head={
          <Table.Tr>
            <SortHeader field="appIdentifier" label={t('fields.appIdentifier')} sort={sort} order={order} onSort={onSort} />
            <Table.Th>{t('fields.owner')}</Table.Th>
            <SortHeader field="createdAt" label={t('fields.createdAt')} sort={sort} order={order} onSort={onSort} />
            <Table.Th>{t('actions')}</Table.Th>
          </Table.Tr>
        }
        renderRow={(device) => (
          <Table.Tr key={device.id} data-testid="device-row">
            <Table.Td style={{ wordBreak: 'break-all' }}>{device.appIdentifier}</Table.Td>
            <Table.Td>
              {device.owner.firstName} {device.owner.lastName} ({device.owner.email})
            </Table.Td>
            <Table.Td>{new Date(device.createdAt).toLocaleString(i18n.language)}</Table.Td>
            <Table.Td>
              <Button size="compact-xs" color="red" variant="subtle" onClick={() => setToDelete(device)}>
                {t('delete')}
              </Button>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { identifier: toDelete?.appIdentifier ?? '', email: toDelete?.owner.email ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
