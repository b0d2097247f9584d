import { useState } from 'react';
import { Badge, Modal, NativeSelect, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListToolbar } from '@/components/ui/list-toolbar';
import { PagedTable } from '@/components/ui/paged-table';
import { LinkifiedText } from '@/components/ui/linkified-text';
import { useListState } from '@/components/ui/use-list-state';
import { OUTBOX_CHANNELS, type OutboxMessage } from '@/shared/contracts/system';
import { useOutbox } from '../api/get-outbox';
import { formatLocale } from '@/lib/format';

const STATUS_COLORS = { queued: 'yellow', recorded: 'gray', sent: 'teal', failed: 'red' } as const;

type Channel = (typeof OUTBOX_CHANNELS)[number];

/** Every e-mail, SMS and authority message the platform produced, to read and follow their links. */
export function OutboxBrowser() {
  const { t, i18n } = useTranslation('outbox');
  // The recipient is the list's search: it is kept in the address as `search`.
  const list = useListState({ filters: { channel: '' as Channel | '' }, choices: { channel: OUTBOX_CHANNELS } });
  const { page, setPage } = list;
  const [selected, setSelected] = useState<OutboxMessage | null>(null);

  const messages = useOutbox({
    page,
    pageSize: list.params.pageSize,
    channel: list.filters.channel || undefined,
    recipient: list.params.search,
  });
  const formatDate = (value: string) => new Date(value).toLocaleString(formatLocale(i18n.language));

  return (
    <Stack>
      <ListToolbar list={list} searchLabel={t('filters.recipient')} searchTestId="outbox-recipient">
        <NativeSelect
          label={t('filters.channel')}
          data-testid="outbox-channel"
          value={list.filters.channel}
          onChange={(event) => list.setFilter('channel', event.currentTarget.value as Channel | '')}
          data={[
            { value: '', label: t('filters.allChannels') },
            ...OUTBOX_CHANNELS.map((value) => ({ value, label: t(`channels.${value}`) })),
          ]}
        />
      </ListToolbar>

      <PagedTable
        state={messages}
        page={page}
        onPage={setPage}
        labels={{ loadFailed: t('loadFailed'), empty: t('empty'), caption: (count) => t('total', { count }), pagination: t('pagination') }}
        minWidth={640}
        testId="outbox-table"
        head={
          <Table.Tr>
            <Table.Th>{t('columns.createdAt')}</Table.Th>
            <Table.Th>{t('columns.channel')}</Table.Th>
            <Table.Th>{t('columns.recipient')}</Table.Th>
            <Table.Th>{t('columns.subject')}</Table.Th>
            <Table.Th>{t('columns.status')}</Table.Th>
          </Table.Tr>
        }
        renderRow={(message) => (
          <Table.Tr key={message.id} data-testid="outbox-row">
            <Table.Td>{formatDate(message.createdAt)}</Table.Td>
            <Table.Td>{t(`channels.${message.channel}`)}</Table.Td>
            <Table.Td>{message.recipient}</Table.Td>
            <Table.Td>
              <UnstyledButton
                onClick={() => setSelected(message)}
                c="blue"
                td="underline"
                data-testid="outbox-open"
                aria-label={t('open', { subject: message.subject ?? t('noSubject') })}
              >
                {message.subject ?? t('noSubject')}
              </UnstyledButton>
            </Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLORS[message.status]} variant="light">
                {t(`statuses.${message.status}`)}
              </Badge>
            </Table.Td>
          </Table.Tr>
        )}
      />

      <Modal
        opened={selected !== null}
        onClose={() => setSelected(null)}
        title={selected?.subject ?? t('noSubject')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        {selected && (
          <Stack data-testid="outbox-message">
            <Text size="sm" c="dimmed">
              {t('messageMeta', {
                channel: t(`channels.${selected.channel}`),
                recipient: selected.recipient,
                date: formatDate(selected.createdAt),
              })}
            </Text>
            {selected.error && (
              <Text size="sm" c="red">
                {selected.error}
              </Text>
            )}
            <Text component="div" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              <LinkifiedText text={selected.text} />
            </Text>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
