import { useRef, useState } from 'react';
import { Button, Checkbox, Fieldset, Group, MultiSelect, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { FormSwitch } from '@/components/ui/form-switch';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/lib/authorization';
import { applyServerFieldErrors, contractResolver, useFieldErrorText } from '@/lib/forms';
import { showToast } from '@/lib/toast';
import { ALERT_TYPES, alertCreateSchema, TRAFFIC_SOURCE_CODES, type AlertDetail } from '@/shared/contracts/alerts';
import { useSaveAlert, useUserChoices } from '../api/alerts';
import { keptFromAlert, mergeGeometry, type KeptGeometry, type PolygonRings } from './alert-geometry';
import { AlertMap } from './alert-map';

const NUMBER_FIELDS = ['lowerLimitM', 'upperLimitM', 'proximityHorizontalM', 'proximityVerticalM'] as const;
const FLAGS = ['isDisplayed', 'permanent', 'showForUsersOnly'] as const;
const CHANNELS = ['notifyEmail', 'notifySms', 'notifyPush'] as const;
const FIELDS = Object.keys(alertCreateSchema.shape);

export type AlertFormValues = {
  name: string;
  type: string;
  linkedUserIds: string[];
  proximitySources: string[];
  proximityTargetSources: string[];
} & Record<(typeof NUMBER_FIELDS)[number], string> &
  Record<(typeof FLAGS)[number] | (typeof CHANNELS)[number], boolean>;

function toFormValues(alert: AlertDetail | undefined): AlertFormValues {
  const number = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    name: alert?.name ?? '',
    type: alert?.type ?? 'doNotEnter',
    isDisplayed: alert?.isDisplayed ?? true,
    permanent: alert?.permanent ?? true,
    showForUsersOnly: alert?.showForUsersOnly ?? false,
    linkedUserIds: alert?.linkedUsers.map((user) => user.id) ?? [],
    lowerLimitM: number(alert?.lowerLimitM),
    upperLimitM: number(alert?.upperLimitM),
    proximityHorizontalM: number(alert?.proximityHorizontalM),
    proximityVerticalM: number(alert?.proximityVerticalM),
    proximitySources: alert?.proximitySources ?? [],
    proximityTargetSources: alert?.proximityTargetSources ?? [],
    notifyEmail: alert?.notifyEmail ?? false,
    notifySms: alert?.notifySms ?? false,
    notifyPush: alert?.notifyPush ?? false,
  };
}

/** Text inputs hold numbers as typed: blank is "no value", anything else must parse (the schema says what is wrong). */
export function toAlertInput(values: AlertFormValues, geometry: ReturnType<typeof mergeGeometry>): Record<string, unknown> {
  const input: Record<string, unknown> = { ...values, ...geometry };
  for (const field of NUMBER_FIELDS) {
    const text = values[field].trim().replace(',', '.');
    input[field] = text === '' ? null : Number(text);
  }
  return input;
}

function firstMessage(errors: FieldErrors | undefined): string | undefined {
  if (!errors) return undefined;
  if (typeof errors.message === 'string') return errors.message;
  for (const value of Object.values(errors)) {
    const found = firstMessage(value as FieldErrors);
    if (found) return found;
  }
  return undefined;
}

export interface AlertFormProps {
  alert?: AlertDetail;
  onSaved: (alert: AlertDetail) => void;
}

export function AlertForm({ alert, onSaved }: AlertFormProps) {
  const { t } = useTranslation('alerts');
  const errorText = useFieldErrorText();
  const save = useSaveAlert();
  const canListUsers = useCan('USER_LIST_ADMIN');
  const [kept, setKept] = useState<KeptGeometry>(() => keptFromAlert(alert));
  const drawn = useRef<PolygonRings[]>([]);
  const geometry = useRef(() => mergeGeometry(kept, drawn.current));
  geometry.current = () => mergeGeometry(kept, drawn.current);

  const resolver = contractResolver(alertCreateSchema, { toInput: (values: AlertFormValues) => toAlertInput(values, geometry.current()) });

  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({ resolver, defaultValues: toFormValues(alert) });
  const [type, showForUsersOnly] = useWatch({ control, name: ['type', 'showForUsersOnly'] });

  const [userSearch, setUserSearch] = useState('');
  const [debouncedUserSearch] = useDebouncedValue(userSearch, 300);
  const users = useUserChoices(debouncedUserSearch, canListUsers && showForUsersOnly);
  const knownUsers = new Map((alert?.linkedUsers ?? []).map((user) => [user.id, user]));
  for (const user of users.data ?? []) knownUsers.set(user.id, user);
  const userOptions = [...knownUsers.values()].map((user) => ({
    value: user.id,
    label: `${user.firstName} ${user.lastName} <${user.email}>`,
  }));
  const sourceOptions = TRAFFIC_SOURCE_CODES.map((value) => ({ value, label: t(`sources.${value}`) }));

  const submit = handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync({ id: alert?.id, body: input });
      showToast({ color: 'teal', message: t('saved'), 'data-testid': 'alert-saved' });
      onSaved(saved);
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
    }
  });

  const numberInput = (name: (typeof NUMBER_FIELDS)[number], required = false) => ({
    label: t(`fields.${name}`),
    inputMode: 'numeric' as const,
    required,
    error: errorText(errors[name]?.message),
    ...register(name),
  });
  // Geometry is not a form field: its errors come back under the schema's names.
  const schemaErrors = errors as FieldErrors;
  const geometryError = errorText(
    firstMessage(schemaErrors.geometry as FieldErrors | undefined) ?? firstMessage(schemaErrors.geometrySources as FieldErrors | undefined),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t(alert ? 'editTitle' : 'addTitle')} data-testid="alert-form">
      <Stack>
        <Fieldset legend={t('sections.general')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('fields.name')} required error={errorText(errors.name?.message)} {...register('name')} />
            <NativeSelect
              label={t('fields.type')}
              error={errorText(errors.type?.message)}
              data={ALERT_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
              {...register('type')}
            />
            <TextInput {...numberInput('lowerLimitM')} description={t('metresAboveSurface')} />
            <TextInput {...numberInput('upperLimitM')} description={t('metresAboveSurface')} />
          </SimpleGrid>
          <Group mt="md">
            {FLAGS.map((name) => (
              <FormSwitch key={name} control={control} name={name} label={t(`fields.${name}`)} data-testid={`alert-${name}`} />
            ))}
          </Group>
          {showForUsersOnly && (
            <Controller
              control={control}
              name="linkedUserIds"
              render={({ field }) => (
                <MultiSelect
                  mt="md"
                  label={t('fields.linkedUserIds')}
                  description={canListUsers ? undefined : t('linkedUsersNeedRight')}
                  searchable
                  searchValue={userSearch}
                  onSearchChange={setUserSearch}
                  filter={({ options }) => options}
                  data={userOptions}
                  value={field.value}
                  onChange={field.onChange}
                  error={errorText(errors.linkedUserIds?.message ?? errors.linkedUserIds?.root?.message)}
                  data-testid="alert-linked-users"
                />
              )}
            />
          )}
        </Fieldset>

        <Fieldset legend={t('sections.proximity')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...numberInput('proximityHorizontalM', type === 'proximities')} />
            <TextInput {...numberInput('proximityVerticalM', type === 'proximities')} />
            {(['proximitySources', 'proximityTargetSources'] as const).map((name) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field }) => (
                  <MultiSelect
                    label={t(`fields.${name}`)}
                    required={type === 'proximities'}
                    data={sourceOptions}
                    value={field.value}
                    onChange={field.onChange}
                    error={errorText(errors[name]?.message ?? errors[name]?.root?.message)}
                  />
                )}
              />
            ))}
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('sections.notifications')}>
          <Group role="group" aria-label={t('sections.notifications')}>
            {CHANNELS.map((name) => (
              <Checkbox key={name} label={t(`fields.${name}`)} {...register(name)} />
            ))}
          </Group>
        </Fieldset>

        <Fieldset legend={t('sections.geometry')}>
          <AlertMap kept={kept} onKept={setKept} onDrawn={(polygons) => (drawn.current = polygons)} error={geometryError} />
        </Fieldset>

        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="alert-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
