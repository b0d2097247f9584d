import { Alert, Badge, Button, Group, MultiSelect, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useConfirmDelete } from '@/components/ui/confirm-dialog';
import { EmptyListState, LoadingState } from '@/components/ui/list-states';
import { apiErrorCode } from '@/lib/api-client';
import { formatLocale } from '@/lib/format';
import { applyServerFieldErrors, useFieldErrorText } from '@/lib/forms';
import { showToast } from '@/lib/toast';
import { webhookEndpointCreateSchema, type WebhookEndpoint, type WebhookEndpointCreate } from '@/shared/contracts/webhooks';
import { WEBHOOK_EVENTS } from '@/shared/domain/webhook-events';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useResendDelivery,
  useUpdateWebhookEndpoint,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/webhooks';
import { SecretOnce } from './secret-once';

const STATUS_COLOURS = { pending: 'yellow', delivered: 'teal', failed: 'red' } as const;

/** The user's webhook endpoints (registered, enabled or not, deleted after a confirmation) and their latest deliveries. */
export function WebhookEndpoints() {
  const { t, i18n } = useTranslation('integrations');
  const errorText = useFieldErrorText();
  const endpoints = useWebhookEndpoints();
  const deliveries = useWebhookDeliveries();
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const resend = useResendDelivery();
  const [secret, setSecret] = useState<string | null>(null);
  const deletion = useConfirmDelete({
    remove: (endpoint: WebhookEndpoint) => remove.mutateAsync(endpoint.id),
    loading: remove.isPending,
    onDeleted: () => showToast({ color: 'teal', message: t('webhooks.deleted'), 'data-testid': 'webhook-deleted' }),
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<WebhookEndpointCreate>({
    resolver: zodResolver(webhookEndpointCreateSchema),
    defaultValues: { url: '', description: '', events: [] },
  });
  const submit = handleSubmit(async (values) => {
    try {
      setSecret((await create.mutateAsync(values)).secret);
      reset();
    } catch (error) {
      if (apiErrorCode(error) === 'WEBHOOK_ENDPOINT_NOT_PUBLIC')
        setError('url', { type: 'server', message: 'errors:WEBHOOK_ENDPOINT_NOT_PUBLIC' });
      else applyServerFieldErrors(error, setError, ['url', 'description', 'events']);
    }
  });
  const eventOptions = WEBHOOK_EVENTS.map((event) => ({ value: event, label: t(`events.${event}`) }));
  const date = (value: string) => new Date(value).toLocaleString(formatLocale(i18n.language));

  return (
    <Stack data-testid="webhooks">
      <Title order={2} size="h4">
        {t('webhooks.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('webhooks.intro')}
      </Text>
      {secret && <SecretOnce label={t('webhooks.created')} value={secret} onDone={() => setSecret(null)} />}
      <form onSubmit={submit} noValidate aria-label={t('webhooks.create')}>
        <Stack>
          <Group grow align="flex-start">
            <TextInput label={t('webhooks.url')} type="url" required error={errorText(errors.url?.message)} {...register('url')} />
            <TextInput label={t('webhooks.description')} error={errorText(errors.description?.message)} {...register('description')} />
          </Group>
          <Controller
            control={control}
            name="events"
            render={({ field }) => (
              <MultiSelect
                label={t('webhooks.events')}
                required
                data={eventOptions}
                value={field.value}
                onChange={field.onChange}
                error={errorText(errors.events?.message)}
                data-testid="webhook-events"
              />
            )}
          />
          <Button type="submit" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('webhooks.create')}
          </Button>
        </Stack>
      </form>
      {endpoints.isPending ? (
        <LoadingState />
      ) : endpoints.isError ? (
        <Alert color="red" role="alert">
          {t('webhooks.loadFailed')}
        </Alert>
      ) : endpoints.data.length === 0 ? (
        <EmptyListState label={t('webhooks.empty')} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('webhooks.url')}</Table.Th>
                <Table.Th>{t('webhooks.events')}</Table.Th>
                <Table.Th>{t('webhooks.enabled')}</Table.Th>
                <Table.Th>{t('actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {endpoints.data.map((endpoint) => (
                <Table.Tr key={endpoint.id} data-testid="webhook-row">
                  <Table.Td style={{ wordBreak: 'break-all' }}>
                    {endpoint.url}
                    {endpoint.description && (
                      <Text size="xs" c="dimmed">
                        {endpoint.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{endpoint.events.map((event) => t(`events.${event}`)).join(', ')}</Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={t('webhooks.enabled')}
                      checked={endpoint.enabled}
                      onChange={(event) => update.mutate({ id: endpoint.id, enabled: event.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Button size="compact-xs" color="red" variant="subtle" onClick={() => deletion.ask(endpoint)}>
                      {t('webhooks.delete')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Title order={3} size="h5">
        {t('deliveries.title')}
      </Title>
      {deliveries.isPending ? (
        <LoadingState />
      ) : deliveries.isError ? (
        <Alert color="red" role="alert">
          {t('deliveries.loadFailed')}
        </Alert>
      ) : deliveries.data.length === 0 ? (
        <EmptyListState label={t('deliveries.empty')} />
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table data-testid="delivery-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('deliveries.at')}</Table.Th>
                <Table.Th>{t('deliveries.event')}</Table.Th>
                <Table.Th>{t('deliveries.status')}</Table.Th>
                <Table.Th>{t('deliveries.attempts')}</Table.Th>
                <Table.Th>{t('deliveries.outcome')}</Table.Th>
                <Table.Th>{t('actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.data.map((delivery) => (
                <Table.Tr key={delivery.id} data-testid="delivery-row">
                  <Table.Td>{date(delivery.createdAt)}</Table.Td>
                  <Table.Td>
                    {t(`events.${delivery.eventType}`)}
                    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {delivery.url}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOURS[delivery.status]} variant="light" data-testid="delivery-status">
                      {t(`deliveries.statuses.${delivery.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{delivery.attempts}</Table.Td>
                  <Table.Td>
                    {delivery.lastStatus !== null && `HTTP ${delivery.lastStatus} · `}
                    {delivery.durationMs !== null && t('deliveries.duration', { ms: delivery.durationMs })}
                    {delivery.lastError && (
                      <Text size="xs" c="red" style={{ wordBreak: 'break-all' }}>
                        {delivery.lastError}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      loading={resend.isPending && resend.variables === delivery.id}
                      disabled={delivery.status === 'pending'}
                      onClick={() => resend.mutate(delivery.id)}
                    >
                      {t('deliveries.resend')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDialog
        {...deletion.dialogProps}
        title={t('webhooks.confirmDelete.title')}
        message={t('webhooks.confirmDelete.message', { url: deletion.target?.url ?? '' })}
        confirmLabel={t('webhooks.delete')}
        cancelLabel={t('cancel')}
      />
    </Stack>
  );
}
