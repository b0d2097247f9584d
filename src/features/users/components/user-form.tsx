import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Code,
  Fieldset,
  Group,
  MultiSelect,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { applyServerFieldErrors, contractResolver, emptyToNull, useFieldErrorText } from '@/lib/forms';
import { showToast } from '@/lib/toast';
import { EXTERNAL_IDENTIFIER_TYPES, userInputSchema, type UserDetail } from '@/shared/contracts/users';
import { ACCOUNT_STATUSES, AGREEMENT_STATUSES, CIVILITIES, HOMEPAGES, LANGUAGES } from '@/shared/domain/enums';
import { useCreateUser } from '../api/create-user';
import { useGroupOptions } from '../api/get-group-options';
import { useRegenerateApiKey } from '../api/regenerate-api-key';
import { useUnlockUser } from '../api/unlock-user';
import { useUpdateUser } from '../api/update-user';
import { DayField } from '@/components/ui/date-fields';

const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'dateOfBirth',
  'companyName',
  'adminZone',
  'subscription',
  'addressLine1',
  'addressLine2',
  'addressLine3',
  'postalCode',
  'city',
  'country',
  'agreementExpiresAt',
  'adminMessage',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

export type UserFormValues = Record<TextField, string> & {
  civility: string;
  groupIds: string[];
  homepage: string;
  newsletter: boolean;
  lang: string;
  status: string;
  agreementStatus: string;
  externalIdentifiers: { type: string; value: string }[];
};

const FIELDS = Object.keys(userInputSchema.shape);

function toFormValues(user: UserDetail | undefined): UserFormValues {
  const values = {} as UserFormValues;
  for (const key of TEXT_FIELDS) values[key] = user?.[key] ?? '';
  return {
    ...values,
    civility: user?.civility ?? '',
    groupIds: user?.groups.map((group) => group.id) ?? [],
    homepage: user?.homepage ?? 'dashboard',
    newsletter: user?.newsletter ?? false,
    lang: user?.lang ?? 'en',
    status: user?.status ?? 'active',
    agreementStatus: user?.agreementStatus ?? 'notValidated',
    externalIdentifiers: user?.externalIdentifiers.map(({ type, value }) => ({ type, value })) ?? [],
  };
}

const resolver = contractResolver(userInputSchema, { toInput: emptyToNull<UserFormValues> });

/** The key exists once in clear: right after it is generated. Afterwards the form shows its last characters. */
function ApiKeySection({ user }: { user: UserDetail }) {
  const { t } = useTranslation('users');
  const regenerate = useRegenerateApiKey();
  const [asking, setAsking] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const generate = async () => {
    try {
      setShown((await regenerate.mutateAsync(user.id)).apiKey);
    } catch {
      // The api client has shown the error toast.
    } finally {
      setAsking(false);
    }
  };
  return (
    <Fieldset legend={t('sections.apiKey')}>
      <Stack gap="xs">
        {shown ? (
          <Alert color="teal" data-testid="api-key-shown">
            <Text size="sm">{t('apiKey.shownOnce')}</Text>
            <Code block>{shown}</Code>
          </Alert>
        ) : (
          <Text size="sm" data-testid="api-key-end">
            {user.apiKeyEnd ? t('apiKey.masked', { end: user.apiKeyEnd }) : t('apiKey.none')}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            onClick={() => (user.apiKeyEnd || shown ? setAsking(true) : void generate())}
            data-testid="api-key-generate"
          >
            {t(user.apiKeyEnd || shown ? 'apiKey.regenerate' : 'apiKey.generate')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={asking}
        title={t('apiKey.confirmTitle')}
        message={t('apiKey.confirmMessage')}
        confirmLabel={t('apiKey.regenerate')}
        cancelLabel={t('cancel')}
        loading={regenerate.isPending}
        onConfirm={() => void generate()}
        onCancel={() => setAsking(false)}
      />
    </Fieldset>
  );
}

/** Failed sign-ins pause an account for a while; an administrator lifts the pause at once. */
function UnlockSection({ user }: { user: UserDetail }) {
  const { t } = useTranslation('users');
  const unlock = useUnlockUser();
  const run = async () => {
    try {
      await unlock.mutateAsync(user.id);
      showToast({ color: 'teal', message: t('unlock.done'), 'data-testid': 'user-unlocked' });
    } catch {
      // The api client has shown the error toast.
    }
  };
  return (
    <Fieldset legend={t('sections.signIn')}>
      <Stack gap="xs">
        <Text size="sm">{t('unlock.hint')}</Text>
        <Group>
          <Button variant="light" loading={unlock.isPending} onClick={() => void run()} data-testid="user-unlock">
            {t('unlock.action')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

export interface UserFormProps {
  user?: UserDetail;
  onSaved: (user: UserDetail) => void;
}

/** Every field of spec domain §3 User, in sections; the agreement fields are the administrator's override. */
export function UserForm({ user, onSaved }: UserFormProps) {
  const { t } = useTranslation('users');
  const errorText = useFieldErrorText();
  const create = useCreateUser();
  const update = useUpdateUser();
  const groups = useGroupOptions();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({ resolver, defaultValues: toFormValues(user) });
  const identifiers = useFieldArray({ control, name: 'externalIdentifiers' });
  const agreementStatus = useWatch({ control, name: 'agreementStatus' });

  const submit = handleSubmit(async (values) => {
    try {
      const saved = user ? await update.mutateAsync({ id: user.id, body: values }) : await create.mutateAsync(values);
      showToast({ color: 'teal', message: t(user ? 'saved' : 'created'), 'data-testid': 'user-saved' });
      onSaved(saved);
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
    }
  });

  const text = (name: TextField, extra: Record<string, unknown> = {}) => ({
    label: t(`fields.${name}`),
    error: errorText(errors[name]?.message),
    ...extra,
    ...register(name),
  });
  const select = (name: 'civility' | 'homepage' | 'lang' | 'status' | 'agreementStatus', options: readonly string[], labels: string) => (
    <NativeSelect
      label={t(`fields.${name}`)}
      error={errorText(errors[name]?.message)}
      data={[
        ...(name === 'civility' ? [{ value: '', label: '–' }] : []),
        ...options.map((value) => ({ value, label: t(`${labels}.${value}`) })),
      ]}
      {...register(name)}
    />
  );

  return (
    <Stack>
      <form onSubmit={submit} noValidate aria-label={t(user ? 'editTitle' : 'addTitle')} data-testid="user-form">
        <Stack>
          <Fieldset legend={t('sections.identity')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {select('civility', CIVILITIES, 'civilities')}
              <DayField control={control} name="dateOfBirth" label={t('fields.dateOfBirth')} clearable />
              <TextInput {...text('firstName', { required: true })} />
              <TextInput {...text('lastName', { required: true })} />
              <TextInput {...text('email', { required: true, type: 'email' })} />
              <TextInput {...text('phoneNumber', { type: 'tel' })} />
              <TextInput {...text('companyName')} />
            </SimpleGrid>
          </Fieldset>

          <Fieldset legend={t('sections.account')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller
                control={control}
                name="groupIds"
                render={({ field }) => (
                  <MultiSelect
                    label={t('fields.groups')}
                    required
                    searchable
                    value={field.value}
                    onChange={field.onChange}
                    error={errorText(errors.groupIds?.message ?? errors.groupIds?.find?.(Boolean)?.message)}
                    data={(groups.data ?? []).map((group) => ({ value: group.id, label: group.name }))}
                    data-testid="user-groups"
                  />
                )}
              />
              {select('status', ACCOUNT_STATUSES, 'statuses')}
              <TextInput {...text('adminZone')} />
              <TextInput {...text('subscription')} />
              {select('homepage', HOMEPAGES, 'homepages')}
              {select('lang', LANGUAGES, 'languages')}
            </SimpleGrid>
            <Checkbox mt="md" label={t('fields.newsletter')} {...register('newsletter')} />
          </Fieldset>

          <Fieldset legend={t('sections.address')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...text('addressLine1')} />
              <TextInput {...text('addressLine2')} />
              <TextInput {...text('addressLine3')} />
              <TextInput {...text('postalCode')} />
              <TextInput {...text('city')} />
              <TextInput {...text('country')} />
            </SimpleGrid>
          </Fieldset>

          <Fieldset legend={t('sections.externalIdentifiers')}>
            <Stack gap="xs">
              <Text size="sm" c="dimmed" data-testid="alpha-tango-hint">
                {t('externalIdentifiers.alphaTangoHint')}
              </Text>
              <Text size="sm" c="dimmed" data-testid="delegation-hint">
                {t('externalIdentifiers.delegationHint')}
              </Text>
              {identifiers.fields.map((item, index) => (
                <Group key={item.id} align="flex-end" wrap="nowrap" data-testid="external-identifier">
                  <NativeSelect
                    label={t('externalIdentifiers.type')}
                    error={errorText(errors.externalIdentifiers?.[index]?.type?.message)}
                    data={EXTERNAL_IDENTIFIER_TYPES.map((value) => ({ value, label: t(`externalIdentifiers.types.${value}`) }))}
                    {...register(`externalIdentifiers.${index}.type`)}
                  />
                  <TextInput
                    style={{ flex: 1 }}
                    label={t('externalIdentifiers.value')}
                    error={errorText(errors.externalIdentifiers?.[index]?.value?.message)}
                    {...register(`externalIdentifiers.${index}.value`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('externalIdentifiers.remove')}
                    onClick={() => identifiers.remove(index)}
                  >
                    ×
                  </ActionIcon>
                </Group>
              ))}
              <Group>
                <Button
                  variant="light"
                  size="xs"
                  onClick={() => identifiers.append({ type: EXTERNAL_IDENTIFIER_TYPES[0], value: '' })}
                  data-testid="external-identifier-add"
                >
                  {t('externalIdentifiers.add')}
                </Button>
              </Group>
            </Stack>
          </Fieldset>

          <Fieldset legend={t('sections.agreement')} disabled data-testid="user-agreement">
            <Text size="sm" c="dimmed" mb="xs">
              {t('agreementOverrideHint')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {select('agreementStatus', AGREEMENT_STATUSES, 'agreementStatuses')}
              <DayField control={control} name="agreementExpiresAt" label={t('fields.agreementExpiresAt')} clearable />
            </SimpleGrid>
            <Textarea mt="md" rows={3} {...text('adminMessage', { required: agreementStatus === 'rejected' })} />
          </Fieldset>

          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending || update.isPending} data-testid="user-save">
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {user ? <ApiKeySection user={user} /> : null}
      {user ? <UnlockSection user={user} /> : null}
    </Stack>
  );
}
