import { Alert, Badge, Button, Group, Select, Stack, Table, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useConfirmDelete } from '@/components/ui/confirm-dialog';
import { EmptyListState, LoadingState } from '@/components/ui/list-states';
import { formatLocale } from '@/lib/format';
import { applyServerFieldErrors, useFieldErrorText } from '@/lib/forms';
import { showToast } from '@/lib/toast';
import { apiCredentialCreateSchema, type ApiCredential, type ApiCredentialCreate } from '@/shared/contracts/webhooks';
import { API_CREDENTIAL_SCOPES } from '@/shared/domain/webhook-events';
import { useApiCredentials, useCreateApiCredential, useRevokeApiCredential } from '../api/credentials';
import { SecretOnce } from './secret-once';

/** The user's personal API credentials: created with a scope, shown once, revoked after a confirmation. */
export function ApiCredentials() {
  const { t, i18n } = useTranslation('integrations');
  const errorText = useFieldErrorText();
  const credentials = useApiCredentials();
  const create = useCreateApiCredential();
  const revoke = useRevokeApiCredential();
  const [created, setCreated] = useState<string | null>(null);
  const revocation = useConfirmDelete({
    remove: (credential: ApiCredential) => revoke.mutateAsync(credential.id),
    loading: revoke.isPending,
    onDeleted: () => showToast({ color: 'teal', message: t('credentials.revoked'), 'data-testid': 'credential-revoked' }),
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ApiCredentialCreate>({ resolver: zodResolver(apiCredentialCreateSchema), defaultValues: { name: '', scope: 'read' } });
  const submit = handleSubmit(async (values) => {
    try {
      setCreated((await create.mutateAsync(values)).token);
      reset();
    } catch (error) {
      applyServerFieldErrors(error, setError, ['name', 'scope']);
    }
  });
  const date = (value: string | null) => (value ? new Date(value).toLocaleString(formatLocale(i18n.language)) : t('never'));

  return (
    <Stack data-testid="api-credentials">
      <Title order={2} size="h4">
        {t('credentials.title')}
      </Title>
      {created && <SecretOnce label={t('credentials.created')} value={created} onDone={() => setCreated(null)} />}
      <form onSubmit={submit} noValidate aria-label={t('credentials.create')}>
        <Group align="flex-end">
          <TextInput label={t('credentials.name')} required error={errorText(errors.name?.message)} {...register('name')} />
          <Controller
            control={control}
            name="scope"
            render={({ field }) => (
              <Select
                label={t('credentials.scope')}
                data={API_CREDENTIAL_SCOPES.map((scope) => ({ value: scope, label: t(`credentials.scopes.${scope}`) }))}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'read')}
                allowDeselect={false}
              />
            )}
          />
          <Button type="submit" loading={create.isPending}>
            {t('credentials.create')}
          </Button>
        </Group>
      </form>
      {credentials.isPending ? (
        <LoadingState />
      ) : credentials.isError ? (
        <Alert color="red" role="alert">
          {t('credentials.loadFailed')}
        </Alert>
      ) : credentials.data.length === 0 ? (
        <EmptyListState label={t('credentials.empty')} />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('credentials.name')}</Table.Th>
                <Table.Th>{t('credentials.prefix')}</Table.Th>
                <Table.Th>{t('credentials.scope')}</Table.Th>
                <Table.Th>{t('credentials.lastUsed')}</Table.Th>
                <Table.Th>{t('actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {credentials.data.map((credential) => (
                <Table.Tr key={credential.id} data-testid="credential-row">
                  <Table.Td>{credential.name}</Table.Td>
                  <Table.Td>{credential.prefix}…</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{t(`credentials.scopes.${credential.scope}`)}</Badge>
                  </Table.Td>
                  <Table.Td>{date(credential.lastUsedAt)}</Table.Td>
                  <Table.Td>
                    <Button size="compact-xs" color="red" variant="subtle" onClick={() => revocation.ask(credential)}>
                      {t('credentials.revoke')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDialog
        {...revocation.dialogProps}
        title={t('credentials.confirmRevoke.title')}
        message={t('credentials.confirmRevoke.message', { name: revocation.target?.name ?? '' })}
        confirmLabel={t('credentials.revoke')}
        cancelLabel={t('cancel')}
      />
    </Stack>
  );
}
