import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RequestDetail } from '@/shared/contracts/requests';
import { usePostMessage } from '../api/requests';
import { formatLocale } from '@/lib/format';

/** The chat between the operator and the airspace's managers; each message e-mails the other side. */
export function RequestChat({ request, canWrite }: { request: RequestDetail; canWrite: boolean }) {
  const { t, i18n } = useTranslation('requests');
  const [body, setBody] = useState('');
  const post = usePostMessage();
  const dateTime = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'short', timeStyle: 'short' });
  const send = async () => {
    if (!body.trim()) return;
    try {
      await post.mutateAsync({ id: request.id, body: body.trim() });
      setBody('');
    } catch {
      // The api client has shown the error toast.
    }
  };
  const mine = (fromOperator: boolean) => fromOperator === (request.viewer === 'operator');
  return (
    <Stack gap="xs" data-testid="request-chat">
      {request.messages.length === 0 && <Text c="dimmed">{t('chat.empty')}</Text>}
      {request.messages.map((message) => (
        <Paper
          key={message.id}
          withBorder
          p="xs"
          maw="80%"
          ml={mine(message.fromOperator) ? 'auto' : 0}
          bg={mine(message.fromOperator) ? 'blue.0' : undefined}
          data-testid="chat-message"
        >
          <Text size="xs" c="dimmed">
            {message.author ? `${message.author.firstName} ${message.author.lastName}` : t('chat.platform')} ·{' '}
            {dateTime.format(new Date(message.at))}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{message.body}</Text>
        </Paper>
      ))}
      {canWrite && (
        <Group align="flex-end">
          <Textarea
            style={{ flex: 1 }}
            label={t('chat.label')}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            data-testid="chat-input"
            autosize
            minRows={2}
          />
          <Button onClick={() => void send()} loading={post.isPending} disabled={!body.trim()} data-testid="chat-send">
            {t('chat.send')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
