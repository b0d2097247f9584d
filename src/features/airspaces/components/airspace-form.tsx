import { useState } from 'react';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { MultiPolygon } from 'geojson';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AccountPicker } from '@/components/ui/account-picker';
import { applyServerFieldErrors, contractResolver, emptyToNull, useFieldErrorText } from '@/lib/forms';
import { showToast } from '@/lib/toast';
import {
  ACTIVATION_TRIGGERS,
  airspaceInputSchema,
  myAirspaceInputSchema,
  type AirspaceDetail,
  type AirspaceInput,
  type AirspaceManager,
  type MyAirspaceInput,
  VIOLATION_CHANNELS,
  type ViolationChannel,
} from '@/shared/contracts/airspaces';
import { useManagerCandidates } from '../api/get-manager-candidates';
import { AirspaceAreaField } from './airspace-area-field';

const TEXT_FIELDS = ['name', 'internalCode', 'authorityName', 'twrPhoneNumber'] as const;
const LONG_TEXT_FIELDS = ['description', 'news', 'generalConditions', 'permanentConditions'] as const;
const LIST_FIELDS = ['zoneCodes', 'mailingList', 'forwardingEmails'] as const;
const LIMIT_FIELDS = [
  'minNoticeDays',
  'maxNoticeDays',
  'maxDurationHours',
  'maxPolygons',
  'maxAreaKm2',
  'maxAreaPerPolygonKm2',
  'maxExtentKm',
  'autoRejectDelayHours',
] as const;
const ACTIVATION_FIELDS = [
  'activationMinDelayHours',
  'activationMaxDelayHours',
  'activationAutoRejectDelayHours',
  'activationMaxDurationHours',
] as const;
const DECIMAL_FIELDS = new Set<string>(['maxAreaKm2', 'maxAreaPerPolygonKm2', 'maxExtentKm']);
type NumberField = (typeof LIMIT_FIELDS)[number] | (typeof ACTIVATION_FIELDS)[number];

export type AirspaceFormValues = Record<(typeof TEXT_FIELDS)[number] | (typeof LONG_TEXT_FIELDS)[number], string> &
  Record<(typeof LIST_FIELDS)[number], string[]> &
  Record<NumberField, number | string> & {
    visibleToOperators: boolean;
    copyToManagers: boolean;
    violationChannels: ViolationChannel[];
    activationTrigger: string;
    geometry: MultiPolygon | null;
    managerIds: string[];
  };

function toFormValues(airspace: AirspaceDetail | undefined): AirspaceFormValues {
  const values = {} as AirspaceFormValues;
  for (const key of [...TEXT_FIELDS, ...LONG_TEXT_FIELDS]) values[key] = airspace?.[key] ?? '';
  for (const key of LIST_FIELDS) values[key] = airspace ? [...airspace[key]] : [];
  for (const key of [...LIMIT_FIELDS, ...ACTIVATION_FIELDS]) values[key] = airspace?.[key] ?? '';
  return {
    ...values,
    visibleToOperators: airspace?.visibleToOperators ?? true,
    copyToManagers: airspace?.copyToManagers ?? false,
    violationChannels: airspace?.violationChannels ?? ['email'],
    activationTrigger: airspace?.activationTrigger ?? 'never',
    geometry: airspace?.geometry ?? null,
    managerIds: airspace?.managers.map((manager) => manager.id) ?? [],
  };
}

const resolverFor = (mode: 'admin' | 'manager') =>
  contractResolver(mode === 'admin' ? airspaceInputSchema : myAirspaceInputSchema, { toInput: emptyToNull<AirspaceFormValues> });

/** The message of a list field: the list's own, or the first of its items. */
function listError(error: unknown): string | undefined {
  if (!error) return undefined;
  if (Array.isArray(error)) return (error.find(Boolean) as FieldError | undefined)?.message;
  return (error as FieldError).message;
}

export interface AirspaceFormProps {
  airspace?: AirspaceDetail;
  /** 'manager': "my airspace", the fields a manager may change only (docs/backoffice-admin.md). */
  mode: 'admin' | 'manager';
  saving: boolean;
  onSubmit: (values: AirspaceInput | MyAirspaceInput) => Promise<AirspaceDetail>;
  onSaved: (airspace: AirspaceDetail) => void;
}

/** Every field of spec domain §3 Airspace in sections; the administrator also sets identity, area and managers. */
export function AirspaceForm({ airspace, mode, saving, onSubmit, onSaved }: AirspaceFormProps) {
  const { t } = useTranslation('airspaces');
  const errorText = useFieldErrorText();
  const isAdmin = mode === 'admin';
  const [managers, setManagers] = useState<AirspaceManager[]>(airspace?.managers ?? []);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors },
  } = useForm({
    resolver: resolverFor(mode),
    defaultValues: toFormValues(airspace),
  });
  const fields = Object.keys(isAdmin ? airspaceInputSchema.shape : myAirspaceInputSchema.shape);

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await onSubmit(values);
      showToast({ color: 'teal', message: t('saved'), 'data-testid': 'airspace-saved' });
      onSaved(saved);
    } catch (error) {
      applyServerFieldErrors(error, setError, fields);
    }
  });

  const text = (name: (typeof TEXT_FIELDS)[number] | (typeof LONG_TEXT_FIELDS)[number], extra: Record<string, unknown> = {}) => ({
    label: t(`fields.${name}`),
    error: errorText(errors[name]?.message),
    ...extra,
    ...register(name),
  });
  const number = (name: NumberField) => (
    <Controller
      key={name}
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={t(`fields.${name}`)}
          min={0}
          allowDecimal={DECIMAL_FIELDS.has(name)}
          decimalScale={DECIMAL_FIELDS.has(name) ? 3 : 0}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          error={errorText(errors[name]?.message)}
        />
      )}
    />
  );
  const list = (name: (typeof LIST_FIELDS)[number], extra: Record<string, unknown> = {}) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TagsInput
          label={t(`fields.${name}`)}
          description={t('listHint')}
          value={field.value}
          onChange={field.onChange}
          splitChars={[',', ' ', ';']}
          error={errorText(listError(errors[name]))}
          data-testid={`airspace-${name}`}
          {...extra}
        />
      )}
    />
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t(isAdmin ? (airspace ? 'editTitle' : 'addTitle') : 'mine.title')}
      data-testid="airspace-form"
    >
      <Stack>
        {isAdmin ? (
          <>
            <Fieldset legend={t('sections.general')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput {...text('name', { required: true })} />
                <TextInput {...text('internalCode', { required: true })} />
                <TextInput {...text('authorityName')} />
                {list('zoneCodes')}
              </SimpleGrid>
              <Checkbox mt="md" label={t('fields.visibleToOperators')} {...register('visibleToOperators')} />
            </Fieldset>
            <Fieldset legend={t('sections.area')}>
              <Controller
                control={control}
                name="geometry"
                render={({ field }) => (
                  <AirspaceAreaField value={field.value} onChange={field.onChange} error={errorText(listError(errors.geometry))} />
                )}
              />
            </Fieldset>
            <Fieldset legend={t('sections.managers')}>
              <AccountPicker
                accounts={managers}
                useCandidates={useManagerCandidates}
                labels={{
                  add: t('managers.add'),
                  hint: t('managers.hint'),
                  placeholder: t('managers.searchPlaceholder'),
                  noneFound: t('managers.noneFound'),
                  none: t('managers.none'),
                  remove: (email) => t('managers.remove', { name: email }),
                }}
                testIds={{ search: 'airspace-manager-search', table: 'airspace-managers', row: 'airspace-manager' }}
                onChange={(next) => {
                  setManagers(next);
                  setValue(
                    'managerIds',
                    next.map((manager) => manager.id),
                  );
                }}
              />
            </Fieldset>
          </>
        ) : null}

        <Fieldset legend={t('sections.conditions')}>
          <Stack>
            <Textarea rows={4} {...text('generalConditions')} />
            <Textarea rows={3} {...text('permanentConditions')} />
            <Textarea rows={3} {...text('news')} />
            <Textarea rows={3} {...text('description')} />
          </Stack>
        </Fieldset>

        <Fieldset legend={t('sections.contacts')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...text('twrPhoneNumber', { type: 'tel' })} />
            {list('mailingList')}
            {list('forwardingEmails')}
          </SimpleGrid>
          <Checkbox mt="md" label={t('fields.copyToManagers')} {...register('copyToManagers')} />
          <Controller
            control={control}
            name="violationChannels"
            render={({ field }) => (
              <Checkbox.Group
                mt="md"
                label={t('fields.violationChannels')}
                description={t('fields.violationChannelsHint')}
                value={field.value}
                onChange={(value) => field.onChange(value as ViolationChannel[])}
                data-testid="airspace-violation-channels"
              >
                <Group mt="xs">
                  {VIOLATION_CHANNELS.map((channel) => (
                    <Checkbox key={channel} value={channel} label={t(`violationChannels.${channel}`)} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          />
        </Fieldset>

        <Fieldset legend={t('sections.limits')}>
          <Text size="xs" c="dimmed" mb="xs">
            {t('limitsHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>{LIMIT_FIELDS.map(number)}</SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('sections.activation')}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <Controller
              control={control}
              name="activationTrigger"
              render={({ field }) => (
                <Select
                  label={t('fields.activationTrigger')}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? 'never')}
                  allowDeselect={false}
                  error={errorText(errors.activationTrigger?.message)}
                  data={ACTIVATION_TRIGGERS.map((value) => ({ value, label: t(`triggers.${value}`) }))}
                />
              )}
            />
            {ACTIVATION_FIELDS.map(number)}
          </SimpleGrid>
        </Fieldset>

        <Group justify="flex-end">
          <Button type="submit" loading={saving} data-testid="airspace-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
