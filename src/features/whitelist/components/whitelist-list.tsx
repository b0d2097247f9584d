import { useState } from 'react';
import { Button, Group, Modal, Stack, Switch, Table, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FilterSelect, ListToolbar } from '@/components/ui/list-toolbar';
import { PagedTable } from '@/components/ui/paged-table';
import { SortHeader } from '@/components/ui/sort-header';
import { useListState } from '@/components/ui/use-list-state';
import { useFieldErrorText } from '@/lib/forms';
import { showToast } from '@/lib/toast';
import { whitelistAddSchema, WHITELIST_SORTS, type WhitelistMachine } from '@/shared/contracts/whitelist';
import { useSetWhitelisted, useWhitelist } from '../api/whitelist';

/** Every operator's machines; trusted ones are whitelisted (with a note why) so that their detections raise nothing. */
export function WhitelistList() {
  const { t } = useTranslation('whitelist');
  const errorText = useFieldErrorText();
  const list = useListState({
    sorts: WHITELIST_SORTS,
    sort: 'internalName',
    order: 'asc',
    filters: { whitelisted: '' as '' | 'true' | 'false' },
    choices: { whitelisted: ['true', 'false'] },
  });
  const { page, setPage, sort, order, onSort } = list;
  const [adding, setAdding] = useState<WhitelistMachine | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const change = useSetWhitelisted();
  const query = useWhitelist({ ...list.params, whitelisted: list.filters.whitelisted || undefined });

  const apply = async (machine: WhitelistMachine, whitelisted: boolean, text?: string) => {
    try {
      await change.mutateAsync({ machineId: machine.machineId, whitelisted, note: text });
      showToast({
        color: 'teal',
        message: t(whitelisted ? 'added' : 'removed', { name: machine.internalName }),
        'data-testid': 'whitelist-changed',
      });
      setAdding(null);
    } catch {
      // The api client has shown the error toast.
    }
  };

  const confirmAdd = () => {
    const parsed = whitelistAddSchema.safeParse({ note });
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message);
      return;
    }
    if (adding) void apply(adding, true, parsed.data.note ?? undefined);
  };

  return (
    <Stack>
      <ListToolbar list={list} searchLabel={t('search')}>
        <FilterSelect
          label={t('filter')}
          allLabel={t('filters.all')}
          options={[
            { value: 'true', label: t('filters.whitelisted') },
            { value: 'false', label: t('filters.notWhitelisted') },
          ]}
          {...list.filterProps('whitelisted')}
        />
      </ListToolbar>
      <PagedTable
        state={query}
        page={page}
        onPage={setPage}
        labels={{ loadFailed: t('loadFailed'), empty: t('empty'), caption: (count) => t('total', { count }), pagination: t('pagination') }}
        minWidth={800}
        testId="whitelist-table"
        head={
          <Table.Tr>
            <SortHeader field="internalName" label={t('fields.internalName')} sort={sort} order={order} onSort={onSort} />
            <SortHeader field="serialNumber" label={t('fields.serialNumber')} sort={sort} order={order} onSort={onSort} />
            <Table.Th>{t('fields.remoteIdentificationNumber')}</Table.Th>
            <Table.Th>{t('fields.owner')}</Table.Th>
            <Table.Th>{t('fields.note')}</Table.Th>
            <Table.Th>{t('fields.whitelisted')}</Table.Th>
          </Table.Tr>
        }
        renderRow={(machine) => (
          <Table.Tr key={machine.machineId} data-testid="whitelist-row">
            <Table.Td>{machine.internalName}</Table.Td>
            <Table.Td>{machine.serialNumber}</Table.Td>
            <Table.Td>{machine.remoteIdentificationNumber ?? '–'}</Table.Td>
            <Table.Td>{machine.owner.companyName ?? machine.owner.email}</Table.Td>
            <Table.Td>{machine.note ?? '–'}</Table.Td>
            <Table.Td>
              <Switch
                aria-label={t('toggle', { name: machine.internalName })}
                checked={machine.whitelisted}
                disabled={change.isPending}
                onChange={(event) => {
                  if (event.currentTarget.checked) {
                    setNote('');
                    setNoteError(undefined);
                    setAdding(machine);
                  } else void apply(machine, false);
                }}
              />
            </Table.Td>
          </Table.Tr>
        )}
      />
      <Modal opened={adding !== null} onClose={() => setAdding(null)} title={t('addTitle', { name: adding?.internalName ?? '' })}>
        <Stack>
          <TextInput
            label={t('fields.note')}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={errorText(noteError)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAdding(null)}>
              {t('cancel')}
            </Button>
            <Button onClick={confirmAdd} loading={change.isPending} data-testid="whitelist-confirm">
              {t('confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
