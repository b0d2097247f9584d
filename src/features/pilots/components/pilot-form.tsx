import { ActionIcon, Button, Checkbox, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors, contractResolver, useFieldErrorText } from '@/lib/forms';
import { showToast } from '@/lib/toast';
import { pilotCreateSchema, type PilotDetail } from '@/shared/contracts/pilots';
import { PILOT_RIGHTS, PILOT_SKILL_TYPES, SUPERVISION_LEVEL_MAX } from '@/shared/domain/enums';
import { useCreatePilot } from '../api/create-pilot';
import { useUpdatePilot } from '../api/update-pilot';
import { DayField } from '@/components/ui/date-fields';

type SkillType = (typeof PILOT_SKILL_TYPES)[number];

export interface PilotFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  birthDate: string;
  supervisionLevel: string;
  rights: string[];
  documents: { skillType: SkillType; reference: string; validFrom: string; validUntil: string; attachmentId: string }[];
}

const FIELDS = Object.keys(pilotCreateSchema.shape);
const LEVELS = Array.from({ length: SUPERVISION_LEVEL_MAX + 1 }, (_, level) => level);

function toFormValues(pilot: PilotDetail | undefined): PilotFormValues {
  return {
    firstName: pilot?.firstName ?? '',
    lastName: pilot?.lastName ?? '',
    email: pilot?.email ?? '',
    phone: pilot?.phone ?? '',
    birthDate: pilot?.birthDate?.slice(0, 10) ?? '',
    supervisionLevel: String(pilot?.supervisionLevel ?? 0),
    rights: [...(pilot?.rights ?? [])],
    documents: (pilot?.documents ?? []).map((document) => ({
      skillType: document.skillType,
      reference: document.reference,
      validFrom: document.validFrom?.slice(0, 10) ?? '',
      validUntil: document.validUntil?.slice(0, 10) ?? '',
      attachmentId: document.attachmentId ?? '',
    })),
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value);

function toInput(values: PilotFormValues): Record<string, unknown> {
  return {
    ...values,
    phone: orNull(values.phone),
    birthDate: orNull(values.birthDate),
    supervisionLevel: Number(values.supervisionLevel),
    documents: values.documents.map((document) => ({
      ...document,
      validFrom: orNull(document.validFrom),
      validUntil: orNull(document.validUntil),
      attachmentId: orNull(document.attachmentId),
    })),
  };
}

const resolver = contractResolver(pilotCreateSchema, { toInput });

export interface PilotFormProps {
  pilot?: PilotDetail;
  /** Set when an administrator edits a user's pilots (`/api/users/:userId/pilots`). */
  userId?: string;
  onSaved: (pilot: PilotDetail) => void;
  /** The pilot's uploaded files, which a document may point to; absent for a new pilot (files come after creation). */
  files?: { id: string; name: string }[];
}

export function PilotForm({ pilot, userId, onSaved, files }: PilotFormProps) {
  const { t } = useTranslation('pilots');
  const errorText = useFieldErrorText();
  const create = useCreatePilot();
  const update = useUpdatePilot();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({ resolver, defaultValues: toFormValues(pilot) });
  const documents = useFieldArray({ control, name: 'documents' });

  const submit = handleSubmit(async (values) => {
    try {
      const saved = pilot
        ? await update.mutateAsync({ userId, id: pilot.id, body: values })
        : await create.mutateAsync({ userId, body: values });
      showToast({ color: 'teal', message: t('saved'), 'data-testid': 'pilot-saved' });
      onSaved(saved);
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
    }
  });

  const text = (name: 'firstName' | 'lastName' | 'email' | 'phone', extra: Record<string, unknown> = {}) => ({
    label: t(`fields.${name}`),
    error: errorText(errors[name]?.message),
    ...extra,
    ...register(name),
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t(pilot ? 'editTitle' : 'addTitle')} data-testid="pilot-form">
      <Stack>
        <Fieldset legend={t('sections.identity')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...text('firstName', { required: true, autoComplete: 'off' })} />
            <TextInput {...text('lastName', { required: true, autoComplete: 'off' })} />
            <TextInput {...text('email', { required: true, type: 'email', autoComplete: 'off' })} />
            <TextInput {...text('phone', { type: 'tel', autoComplete: 'off' })} />
            <DayField control={control} name="birthDate" label={t('fields.birthDate')} clearable />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('sections.supervision')}>
          <Stack>
            <NativeSelect
              label={t('fields.supervisionLevel')}
              description={t('supervisionLevelHint')}
              error={errorText(errors.supervisionLevel?.message)}
              data={LEVELS.map((level) => ({ value: String(level), label: t(`levels.${level}`) }))}
              {...register('supervisionLevel')}
            />
            <Controller
              control={control}
              name="rights"
              render={({ field }) => (
                <Checkbox.Group label={t('fields.rights')} value={field.value} onChange={field.onChange}>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                    {PILOT_RIGHTS.map((right) => (
                      <Checkbox key={right} value={right} label={t(`rights.${right}`)} />
                    ))}
                  </SimpleGrid>
                </Checkbox.Group>
              )}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend={t('sections.documents')} data-testid="pilot-documents">
          <Stack>
            {documents.fields.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('documents.empty')}
              </Text>
            )}
            {documents.fields.map((field, index) => (
              <Group key={field.id} align="flex-start" wrap="wrap">
                <NativeSelect
                  label={t('documents.skillType')}
                  data={PILOT_SKILL_TYPES.map((value) => ({ value, label: t(`skillTypes.${value}`) }))}
                  {...register(`documents.${index}.skillType`)}
                />
                <TextInput
                  label={t('documents.reference')}
                  required
                  error={errorText(errors.documents?.[index]?.reference?.message)}
                  {...register(`documents.${index}.reference`)}
                />
                <DayField control={control} name={`documents.${index}.validFrom`} label={t('documents.validFrom')} clearable />
                <DayField control={control} name={`documents.${index}.validUntil`} label={t('documents.validUntil')} clearable />
                {files && (
                  // Controlled: the files arrive after the pilot, and a registered select would stay on "No file".
                  <Controller
                    control={control}
                    name={`documents.${index}.attachmentId`}
                    render={({ field }) => (
                      <NativeSelect
                        label={t('documents.file')}
                        data={[{ value: '', label: t('documents.noFile') }, ...files.map((file) => ({ value: file.id, label: file.name }))]}
                        error={errorText(errors.documents?.[index]?.attachmentId?.message)}
                        name={field.name}
                        ref={field.ref}
                        value={field.value ?? ''}
                        onChange={(event) => field.onChange(event.currentTarget.value)}
                        onBlur={field.onBlur}
                        data-testid={`pilot-document-file-${index}`}
                      />
                    )}
                  />
                )}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={26}
                  size="lg"
                  aria-label={t('documents.remove', { index: index + 1 })}
                  onClick={() => documents.remove(index)}
                >
                  <span aria-hidden>×</span>
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="light"
                size="xs"
                onClick={() =>
                  documents.append({ skillType: PILOT_SKILL_TYPES[0], reference: '', validFrom: '', validUntil: '', attachmentId: '' })
                }
              >
                {t('documents.add')}
              </Button>
            </Group>
          </Stack>
        </Fieldset>

        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending || update.isPending} data-testid="pilot-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
