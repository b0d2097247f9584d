import { useState } from 'react';
import { Badge, Group, Modal, NativeSelect, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/components/ui/paged-table';
import { LinkifiedText } from '@/components/ui/linkified-text';
import { OUTBOX_CHANNELS, type OutboxMessage } from '@/shared/contracts/system';
import { PAGE_SIZE_DEFAULT } from '@/shared/domain/limits';
import { useOutbox, type OutboxQuery } from '../api/get-outbox';

const SEARCH_DEBOUNCE_MS = 300;
const STATUS_COLORS = { recorded: 'gray', sent: 'teal', failed: 'red' } as const;

type Channel = (typeof OUTBOX_CHANNELS)[number];

function isChannel(value: string): value is Channel {
  return (OUTBOX_CHANNELS as readonly string[]).includes(value);
}

/** Every e-mail, SMS and authority message the platform produced, to read and follow their links. */
export function OutboxBrowser() {
  const { t, i18n } = useTranslation('outbox');
  const [page, setPage] = useState(1);
  const [channel, setChannel] = useState<Channel | undefined>();
  const [recipient, setRecipient] = useState('');
  const [debouncedRecipient] = useDebouncedValue(recipient, SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<OutboxMessage | null>(null);

  const filters: OutboxQuery = { page, pageSize: PAGE_SIZE_DEFAULT, channel, recipient: debouncedRecipient || undefined };
  const messages = useOutbox(filters);
  const formatDate = (value: string) => new Date(value).toLocaleString(i18n.language);

  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('filters.channel')}
          data-testid="outbox-channel"
          value={channel ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setChannel(isChannel(value) ? value : undefined);
            setPage(1);
          }}
          data={[
            { value: '', label: t('filters.allChannels') },
            ...OUTBOX_CHANNELS.map((value) => ({ value, label: t(`channels.${value}`) })),
          ]}
        />
        <TextInput
          label={t('filters.recipient')}
          type="search"
          data-testid="outbox-recipient"
          value={recipient}
          onChange={(event) => {
            setRecipient(event.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>

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
