import { Button, Group, Stack, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useConfirmDelete } from '@/components/ui/confirm-dialog';
import { PagedTable } from '@/components/ui/paged-table';
import { SortHeader } from '@/components/ui/sort-header';
import { useListState } from '@/components/ui/use-list-state';
import { showToast } from '@/lib/toast';
import { DEVICE_SORTS, type Device } from '@/shared/contracts/devices';
import { useDeleteDevice, useDevices } from '../api/devices';
import { formatLocale } from '@/lib/format';
import { DeviceForm } from './device-form';

/** The mobile terminals registered by users (for push messages); the company's staff forget those no longer used. */
export function DeviceList() {
  const { t, i18n } = useTranslation('devices');
  const list = useListState({ sorts: DEVICE_SORTS, sort: 'createdAt', order: 'desc' });
  const { page, setPage, sort, order, onSort } = list;
  const remove = useDeleteDevice();
  const deletion = useConfirmDelete({
    remove: (device: Device) => remove.mutateAsync(device.id),
    loading: remove.isPending,
    onDeleted: () => showToast({ color: 'teal', message: t('deleted'), 'data-testid': 'device-deleted' }),
  });
  const query = useDevices(list.params);
  // The form: null closed, 'new' to add, a device to edit.
  const [editing, setEditing] = useState<Device | 'new' | null>(null);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('search')}
          type="search"
          maw={360}
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
        />
        <Button onClick={() => setEditing('new')} data-testid="device-add">
          {t('add')}
        </Button>
      </Group>
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
            <Table.Td>{new Date(device.createdAt).toLocaleString(formatLocale(i18n.language))}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => setEditing(device)}
                  aria-label={t('editOf', { identifier: device.appIdentifier })}
                  data-testid="device-edit"
                >
                  {t('edit')}
                </Button>
                <Button size="compact-xs" color="red" variant="subtle" onClick={() => deletion.ask(device)}>
                  {t('delete')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      {editing && <DeviceForm device={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        {...deletion.dialogProps}
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', {
          identifier: deletion.target?.appIdentifier ?? '',
          email: deletion.target?.owner.email ?? '',
        })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
      />
    </Stack>
  );
}
