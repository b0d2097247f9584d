import { Button, Checkbox, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors, contractResolver, emptyToNull, useFieldErrorText } from '@/lib/forms';
import { showToast } from '@/lib/toast';
import {
  machineCreateSchema,
  machineEquipmentsSchema,
  remoteIdentificationIssue,
  type MachineDetail,
  type MachineEquipments,
} from '@/shared/contracts/machines';
import { MACHINE_CLASSES } from '@/shared/domain/enums';
import { useCreateMachine } from '../api/create-machine';
import { useDroneModelChoices } from '../api/get-drone-model-choices';
import { useUpdateMachine } from '../api/update-machine';

type TextField =
  | 'serialNumber'
  | 'remoteIdentificationNumber'
  | 'registrationNumber'
  | 'internalName'
  | 'parachute'
  | 'security'
  | 'droneModelId'
  | 'massGrams';

const EQUIPMENTS = Object.keys(machineEquipmentsSchema.shape) as (keyof MachineEquipments)[];

export type MachineFormValues = Record<TextField, string> & { classes: string[]; equipments: MachineEquipments };

const FIELDS = Object.keys(machineCreateSchema.shape);

function toFormValues(machine: MachineDetail | undefined): MachineFormValues {
  return {
    serialNumber: machine?.serialNumber ?? '',
    remoteIdentificationNumber: machine?.remoteIdentificationNumber ?? '',
    registrationNumber: machine?.registrationNumber ?? '',
    internalName: machine?.internalName ?? '',
    parachute: machine?.parachute ?? '',
    security: machine?.security ?? '',
    droneModelId: machine?.droneModel?.id ?? '',
    massGrams: machine?.massGrams?.toString() ?? '',
    classes: [...(machine?.classes ?? [])],
    equipments: machine ? { ...machine.equipments } : machineEquipmentsSchema.parse({}),
  };
}

function toInput(values: MachineFormValues): Record<string, unknown> {
  const input: Record<string, unknown> = emptyToNull(values);
  const mass = values.massGrams.trim();
  input.massGrams = mass === '' ? null : Number(mass);
  return input;
}

const resolver = contractResolver(machineCreateSchema, { toInput });

export interface MachineFormProps {
  machine?: MachineDetail;
  /** Set when an administrator edits a user's machines (`/api/users/:userId/machines`). */
  userId?: string;
  onSaved: (machine: MachineDetail) => void;
}

export function MachineForm({ machine, userId, onSaved }: MachineFormProps) {
  const { t } = useTranslation('machines');
  const errorText = useFieldErrorText();
  const create = useCreateMachine();
  const update = useUpdateMachine();
  const models = useDroneModelChoices();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({ resolver, defaultValues: toFormValues(machine) });

  const [remoteId, droneModelId] = useWatch({ control, name: ['remoteIdentificationNumber', 'droneModelId'] });
  const brandOf = (id: string | null | undefined) =>
    models.data?.find((model) => model.id === id)?.brand ?? (machine?.droneModel?.id === id ? machine?.droneModel?.brand : undefined);
  // Spec domain §5: the DJI rule follows the selected model's brand, checked as the user types.
  const liveRemoteIdIssue = remoteIdentificationIssue(remoteId.trim(), brandOf(droneModelId));

  const submit = handleSubmit(async (values) => {
    const issue = remoteIdentificationIssue(values.remoteIdentificationNumber, brandOf(values.droneModelId));
    if (issue) {
      setError('remoteIdentificationNumber', { type: 'dji', message: issue });
      return;
    }
    try {
      const saved = machine
        ? await update.mutateAsync({ userId, id: machine.id, body: values })
        : await create.mutateAsync({ userId, body: values });
      showToast({ color: 'teal', message: t('saved'), 'data-testid': 'machine-saved' });
      onSaved(saved);
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
    }
  });

  const text = (name: Exclude<TextField, 'droneModelId'>, extra: Record<string, unknown> = {}) => ({
    label: t(`fields.${name}`),
    error: errorText(errors[name]?.message),
    ...extra,
    ...register(name),
  });

  const modelChoices = (models.data ?? []).map((model) => ({ value: model.id, label: `${model.brand} ${model.name}` }));
  if (machine?.droneModel && !modelChoices.some((choice) => choice.value === machine.droneModel?.id)) {
    modelChoices.push({ value: machine.droneModel.id, label: `${machine.droneModel.brand} ${machine.droneModel.name}` });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t(machine ? 'editTitle' : 'addTitle')} data-testid="machine-form">
      <Stack>
        <Fieldset legend={t('sections.identity')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...text('internalName', { required: true })} />
            <NativeSelect
              label={t('fields.droneModelId')}
              error={errorText(errors.droneModelId?.message)}
              data={[{ value: '', label: t('noModel') }, ...modelChoices]}
              {...register('droneModelId')}
            />
            <TextInput {...text('serialNumber', { required: true })} />
            <TextInput
              {...text('remoteIdentificationNumber', { description: t('remoteIdHint') })}
              error={errorText(errors.remoteIdentificationNumber?.message ?? liveRemoteIdIssue ?? undefined)}
            />
            <TextInput {...text('registrationNumber')} />
            <TextInput {...text('massGrams', { inputMode: 'numeric' })} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('sections.classes')}>
          <Controller
            control={control}
            name="classes"
            render={({ field }) => (
              <Checkbox.Group label={t('fields.classes')} value={field.value} onChange={field.onChange}>
                <Group mt="xs">
                  {MACHINE_CLASSES.map((value) => (
                    <Checkbox key={value} value={value} label={t(`classes.${value}`)} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          />
        </Fieldset>
        <Fieldset legend={t('sections.safety')}>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...text('parachute')} />
              <Textarea {...text('security', { rows: 3 })} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} role="group" aria-label={t('fields.equipments')}>
              {EQUIPMENTS.map((name) => (
                <Checkbox key={name} label={t(`equipments.${name}`)} {...register(`equipments.${name}`)} />
              ))}
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending || update.isPending} data-testid="machine-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
