import { Button, Checkbox, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors, contractResolver, emptyToNull, useFieldErrorText } from '@/lib/forms';
import { showToast } from '@/lib/toast';
import { DRONE_CLASS_MARKS, droneModelCreateSchema, REMOTE_ID_RULES, type DroneModelDetail } from '@/shared/contracts/drone-models';
import { DRONE_MATERIALS } from '@/shared/domain/enums';
import { useCreateDroneModel } from '../api/create-drone-model';
import { useUpdateDroneModel } from '../api/update-drone-model';
import { DayField } from '@/components/ui/date-fields';

const TEXT_FIELDS = [
  'brand',
  'name',
  'representation',
  'marketingDate',
  'expectedPerformances',
  'engineType',
  'propellerType',
  'remoteControlBrand',
  'frequencyMinGHz',
  'frequencyMaxGHz',
  'alphaTangoMachineNumber',
  'classMark',
  'remoteIdRule',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

export type DroneModelFormValues = Record<TextField, string> & {
  /** Grams, as typed. */
  massGrams: string;
  geoAwarenessSystem: boolean;
  personal: boolean;
  materials: string[];
};

const FIELDS = Object.keys(droneModelCreateSchema.shape);

function toFormValues(model: DroneModelDetail | undefined, personal: boolean): DroneModelFormValues {
  const values = {} as DroneModelFormValues;
  for (const key of TEXT_FIELDS) values[key] = '';
  if (!model) return { ...values, massGrams: '', geoAwarenessSystem: false, personal, materials: [] };
  for (const key of TEXT_FIELDS) values[key] = model[key] ?? '';
  values.marketingDate = model.marketingDate?.slice(0, 10) ?? '';
  return {
    ...values,
    massGrams: model.massGrams === null ? '' : String(model.massGrams),
    geoAwarenessSystem: model.geoAwarenessSystem,
    personal: model.personal,
    materials: [...model.materials],
  };
}

const resolver = contractResolver(droneModelCreateSchema, {
  toInput: (values: DroneModelFormValues) => {
    const input = emptyToNull(values);
    return { ...input, massGrams: input.massGrams === null ? null : Number(input.massGrams) };
  },
});

export interface DroneModelFormProps {
  model?: DroneModelDetail;
  /** Without DRONEMODEL_EDIT_ADMIN a new model can only be personal. */
  canEditCatalogue: boolean;
  onSaved: (model: DroneModelDetail) => void;
}

export function DroneModelForm({ model, canEditCatalogue, onSaved }: DroneModelFormProps) {
  const { t } = useTranslation('droneModels');
  const errorText = useFieldErrorText();
  const create = useCreateDroneModel();
  const update = useUpdateDroneModel();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({ resolver, defaultValues: toFormValues(model, !canEditCatalogue) });

  const submit = handleSubmit(async (values) => {
    try {
      const saved = model ? await update.mutateAsync({ id: model.id, body: values }) : await create.mutateAsync(values);
      showToast({ color: 'teal', message: t('saved'), 'data-testid': 'drone-model-saved' });
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

  return (
    <form onSubmit={submit} noValidate aria-label={t(model ? 'editTitle' : 'addTitle')} data-testid="drone-model-form">
      <Stack>
        <Fieldset legend={t('sections.identity')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...text('brand', { required: true })} />
            <TextInput {...text('name', { required: true })} />
            <TextInput {...text('representation')} />
            <DayField control={control} name="marketingDate" label={t('fields.marketingDate')} clearable />
            <TextInput {...text('alphaTangoMachineNumber')} />
            <TextInput
              label={t('fields.massGrams')}
              type="number"
              min={1}
              error={errorText(errors.massGrams?.message)}
              {...register('massGrams')}
            />
            <NativeSelect
              {...text('classMark')}
              data={[{ value: '', label: t('noClassMark') }, ...DRONE_CLASS_MARKS.map((mark) => ({ value: mark, label: mark }))]}
            />
            <NativeSelect
              {...text('remoteIdRule')}
              data={[
                { value: '', label: t('remoteIdRules.generic') },
                ...REMOTE_ID_RULES.map((rule) => ({ value: rule, label: t(`remoteIdRules.${rule}`) })),
              ]}
            />
          </SimpleGrid>
          <Checkbox
            mt="md"
            label={t('fields.personal')}
            description={t('personalHint')}
            disabled={!!model || !canEditCatalogue}
            {...register('personal')}
          />
        </Fieldset>
        <Fieldset legend={t('sections.technical')}>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...text('engineType')} />
              <TextInput {...text('propellerType')} />
              <TextInput {...text('remoteControlBrand')} />
              <TextInput {...text('frequencyMinGHz', { placeholder: '2.400', inputMode: 'decimal' })} />
              <TextInput {...text('frequencyMaxGHz', { placeholder: '2.483', inputMode: 'decimal' })} />
            </SimpleGrid>
            <Textarea {...text('expectedPerformances', { rows: 3 })} />
            <Controller
              control={control}
              name="materials"
              render={({ field }) => (
                <Checkbox.Group label={t('fields.materials')} value={field.value} onChange={field.onChange}>
                  <Group mt="xs">
                    {DRONE_MATERIALS.map((material) => (
                      <Checkbox key={material} value={material} label={t(`materials.${material}`)} />
                    ))}
                  </Group>
                </Checkbox.Group>
              )}
            />
            <Checkbox label={t('fields.geoAwarenessSystem')} {...register('geoAwarenessSystem')} />
          </Stack>
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending || update.isPending} data-testid="drone-model-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
