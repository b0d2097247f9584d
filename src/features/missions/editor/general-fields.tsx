import { Checkbox, Group, MultiSelect, NativeSelect, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dateTimeInputFormat } from '@/lib/format';
import { useFieldErrorText } from '@/lib/forms';
import { useMissionChoices } from '../api/get-resources';
import type { MissionFormValues, NumberField } from './form-values';
import { CountryField } from './country-field';
import { HeightFields } from './height-fields';
import { fromLocalDateTime, toLocalDateTime } from '@/lib/local-date-time';

const asNumber = (value: string | number): NumberField => (typeof value === 'number' ? value : value.trim() === '' ? '' : Number(value));

type NumberName = 'maximumDurationMin' | 'totalFlightTimeMin';

/** General information: title, country, who flies what, how high, how long, when. */
export function GeneralFields({
  missionId,
  startOptions,
  groundElevationM,
  altitudeNeeded = false,
  locked = false,
}: {
  /** The saved mission, whose owner's pilots and machines are offered; none for a new mission. */
  missionId?: string;
  startOptions?: React.ReactNode;
  groundElevationM?: number | null;
  /** The saved verdict needs the altitude to settle a zone (MISSION_ALTITUDE_REQUIRED). */
  altitudeNeeded?: boolean;
  /** A permission request was accepted: start, end, main machine and height are shown but cannot change. */
  locked?: boolean;
}) {
  const { t, i18n } = useTranslation('missions');
  const errorText = useFieldErrorText();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<MissionFormValues>();
  const choices = useMissionChoices(missionId);
  const [referentPilotId, mainMachineId] = useWatch({ control, name: ['referentPilotId', 'mainMachineId'] });

  const pilotChoices = (choices.data?.pilots ?? []).map((pilot) => ({ value: pilot.id, label: `${pilot.firstName} ${pilot.lastName}` }));
  const machineChoices = (choices.data?.machines ?? []).map((machine) => ({
    value: machine.id,
    label: `${machine.internalName} (${machine.serialNumber})`,
  }));

  const numberField = (name: NumberName) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={t(`fields.${name}`)}
          min={0}
          allowDecimal={false}
          value={field.value}
          name={field.name}
          onBlur={field.onBlur}
          onChange={(value) => field.onChange(asNumber(value))}
          error={errorText(errors[name]?.message)}
        />
      )}
    />
  );

  const dateField = (name: 'startAt' | 'endAt') => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateTimePicker
          label={t(`fields.${name}`)}
          clearable
          clearButtonProps={{ 'aria-label': t('clearDate', { field: t(`fields.${name}`) }) }}
          valueFormat={dateTimeInputFormat(i18n.language)}
          value={toLocalDateTime(field.value)}
          onChange={(value) => field.onChange(fromLocalDateTime(value))}
          disabled={locked}
          error={errorText(errors[name]?.message)}
          data-testid={`mission-${name}`}
          data-value={field.value ?? ''}
        />
      )}
    />
  );

  return (
    <Stack>
      <TextInput
        label={t('fields.title')}
        required
        {...register('title')}
        error={errorText(errors.title?.message)}
        data-testid="mission-title"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {/* Controlled: the choices load after the mission, and a registered select would stay on "— choose —". */}
        <Controller
          control={control}
          name="referentPilotId"
          render={({ field }) => (
            <NativeSelect
              label={t('fields.referentPilotId')}
              withAsterisk={!missionId}
              data={[{ value: '', label: t('choose') }, ...pilotChoices]}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              onBlur={field.onBlur}
              error={errorText(errors.referentPilotId?.message)}
              data-testid="mission-pilot"
            />
          )}
        />
        <Controller
          control={control}
          name="additionalPilotIds"
          render={({ field }) => (
            <MultiSelect
              label={t('fields.additionalPilotIds')}
              data={pilotChoices.filter((choice) => choice.value !== referentPilotId)}
              value={field.value}
              onChange={field.onChange}
              error={errorText(errors.additionalPilotIds?.message)}
              clearable
            />
          )}
        />
        {/* Controlled: the choices load after the mission, and a registered select would stay on "— choose —". */}
        <Controller
          control={control}
          name="mainMachineId"
          render={({ field }) => (
            <NativeSelect
              label={t('fields.mainMachineId')}
              withAsterisk={!missionId}
              data={[{ value: '', label: t('choose') }, ...machineChoices]}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              onBlur={field.onBlur}
              disabled={locked}
              error={errorText(errors.mainMachineId?.message)}
              data-testid="mission-machine"
            />
          )}
        />
        <Controller
          control={control}
          name="additionalMachineIds"
          render={({ field }) => (
            <MultiSelect
              label={t('fields.additionalMachineIds')}
              data={machineChoices.filter((choice) => choice.value !== mainMachineId)}
              value={field.value}
              onChange={field.onChange}
              error={errorText(errors.additionalMachineIds?.message)}
              clearable
            />
          )}
        />
      </SimpleGrid>
      <HeightFields groundElevationM={groundElevationM} altitudeNeeded={altitudeNeeded} locked={locked} />
      <Group grow align="flex-start">
        {numberField('maximumDurationMin')}
        {numberField('totalFlightTimeMin')}
      </Group>
      {locked ? null : startOptions}
      <Group grow align="flex-start">
        {dateField('startAt')}
        {dateField('endAt')}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CountryField />
        <TextInput
          label={t('fields.scenario')}
          description={t('scenarioHint')}
          {...register('scenario')}
          error={errorText(errors.scenario?.message)}
        />
      </SimpleGrid>
      <Textarea
        label={t('fields.description')}
        autosize
        minRows={2}
        {...register('description')}
        error={errorText(errors.description?.message)}
      />
      <Checkbox label={t('fields.camerawork')} {...register('camerawork')} />
    </Stack>
  );
}
