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
  const errorText = useFieldErrorText();
  const {
    control,
    watch,
    formState: { errors },
  } = useFormContext<MissionFormValues>();
  const height = watch('maxHeightM');
  const altitude = watch('maxAltitudeFt');
  const ground = groundElevationM;
  return (
    <Group grow align="flex-start">
      <Controller
        control={control}
        name="minHeightM"
        render={({ field }) => (
          <NumberInput
            label={t('fields.minHeightM')}
            description={t('heights.fromGround')}
            min={0}
            max={10_000}
            decimalScale={1}
            value={field.value}
            name={field.name}
            onBlur={field.onBlur}
            disabled={locked}
            error={errorText(errors.minHeightM?.message)}
            data-testid="mission-min-height-m"
            onChange={(value) => field.onChange(asNumber(value))}
          />
        )}
      />
      <Controller
        control={control}
        name="maxHeightM"
        render={({ field }) => (
          <NumberInput
            label={t('fields.maxHeightM')}
            min={0}
            max={10_000}
            decimalScale={1}
            value={field.value}
            name={field.name}
            onBlur={field.onBlur}
            disabled={locked}
            error={errorText(errors.maxHeightM?.message)}
            description={
              ground !== null && altitude !== ''
                ? t('heights.altitudeAsHeight', { metres: Math.round(altitude * METRES_PER_FOOT - ground) })
                : undefined
            }
            data-testid="mission-height-m"
            onChange={(value) => field.onChange(asNumber(value))}
          />
        )}
      />
      <Controller
        control={control}
        name="maxAltitudeFt"
        render={({ field }) => (
          <NumberInput
            label={t('fields.maxAltitudeFt')}
            min={0}
            max={40_000}
            allowDecimal={false}
            value={field.value}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            error={errorText(errors.maxAltitudeFt?.message)}
            description={
              ground !== null && height !== ''
                ? t('heights.heightAsAltitude', { feet: Math.round((ground + height) / METRES_PER_FOOT) })
                : altitudeNeeded && altitude === ''
                  ? t('heights.altitudeNeeded')
                  : undefined
            }
            withAsterisk={altitudeNeeded && altitude === ''}
            data-testid="mission-height-ft"
            onChange={(value) => field.onChange(asNumber(value))}
          />
        )}
      />
      {ground !== null ? (
        <Text size="xs" c="dimmed" data-testid="mission-ground" data-value={ground}>
          {t('heights.ground', { metres: ground })}
        </Text>
      ) : null}
    </Group>
  );
}
