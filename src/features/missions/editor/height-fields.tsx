import { Group, NumberInput, Text } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '@/lib/forms';
import { METRES_PER_FOOT } from '@/shared/contracts/missions';
import type { MissionFormValues, NumberField } from './form-values';

const asNumber = (value: string | number): NumberField => (typeof value === 'number' ? value : value.trim() === '' ? '' : Number(value));

export interface HeightFieldsProps {
  /** The saved mission's ground under the area (m AMSL), when known: it links the two figures. */
  groundElevationM?: number | null;
  /** The saved verdict needs the altitude to settle a zone whose floor is above sea level. */
  altitudeNeeded?: boolean;
  /** A permission request was accepted: the height it was granted for cannot change. */
  locked?: boolean;
}

/**
 * Two figures, not one in two units: the maximum height above the ground (m AGL) and the maximum altitude above mean
 * sea level (ft AMSL). With the ground known, each is shown next to the other's equivalent. The lowest height (m AGL,
 * empty from the ground) closes the band that strategic deconfliction compares.
 */
export function HeightFields({ groundElevationM = null, altitudeNeeded = false, locked = false }: HeightFieldsProps) {
  const { t } = useTranslation('missions');
  const { watch } = useFormContext<MissionFormValues>();
  const height = watch('maxHeightM');
  const altitude = watch('maxAltitudeFt');
  const ground = groundElevationM;
  return (
    <Group grow align="flex-start">
      <FigureField
        name="minHeightM"
        label={t('fields.minHeightM')}
        description={t('heights.fromGround')}
        max={10_000}
        decimalScale={1}
        disabled={locked}
        testId="mission-min-height-m"
      />
      <FigureField
        name="maxHeightM"
        label={t('fields.maxHeightM')}
        description={
          ground !== null && altitude !== ''
            ? t('heights.altitudeAsHeight', { metres: Math.round(altitude * METRES_PER_FOOT - ground) })
            : undefined
        }
        max={10_000}
        decimalScale={1}
        disabled={locked}
        testId="mission-height-m"
      />
      <FigureField
        name="maxAltitudeFt"
        label={t('fields.maxAltitudeFt')}
        description={
          ground !== null && height !== ''
            ? t('heights.heightAsAltitude', { feet: Math.round((ground + height) / METRES_PER_FOOT) })
            : altitudeNeeded && altitude === ''
              ? t('heights.altitudeNeeded')
              : undefined
        }
        max={40_000}
        withAsterisk={altitudeNeeded && altitude === ''}
        testId="mission-height-ft"
      />
      {ground !== null ? (
        <Text size="xs" c="dimmed" data-testid="mission-ground" data-value={ground}>
          {t('heights.ground', { metres: ground })}
        </Text>
      ) : null}
    </Group>
  );
}

interface FigureFieldProps {
  name: 'minHeightM' | 'maxHeightM' | 'maxAltitudeFt';
  label: string;
  description: string | undefined;
  max: number;
  /** Decimals allowed; whole numbers when absent. */
  decimalScale?: number;
  disabled?: boolean;
  withAsterisk?: boolean;
  testId: string;
}

/** One of the mission's height figures: a number, empty when not given, with its validation message. */
function FigureField({ name, label, description, max, decimalScale, disabled, withAsterisk, testId }: FigureFieldProps) {
  const errorText = useFieldErrorText();
  const {
    control,
    formState: { errors },
  } = useFormContext<MissionFormValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={label}
          description={description}
          min={0}
          max={max}
          decimalScale={decimalScale}
          allowDecimal={decimalScale !== undefined}
          value={field.value}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          disabled={disabled}
          withAsterisk={withAsterisk}
          error={errorText(errors[name]?.message)}
          data-testid={testId}
          onChange={(value) => field.onChange(asNumber(value))}
        />
      )}
    />
  );
}
