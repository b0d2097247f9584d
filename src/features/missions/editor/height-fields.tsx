import { Group, NumberInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '@/lib/forms';
import { feetFromMetres, metresFromFeet, type MissionFormValues, type NumberField } from './form-values';

const asNumber = (value: string | number): NumberField => (typeof value === 'number' ? value : value.trim() === '' ? '' : Number(value));

/** The maximum height in metres and the same limit in feet side by side: typing one converts the other. */
export function HeightFields() {
  const { t } = useTranslation('missions');
  const errorText = useFieldErrorText();
  const {
    control,
    setValue,
    formState: { errors },
  } = useFormContext<MissionFormValues>();
  return (
    <Group grow align="flex-start">
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
            error={errorText(errors.maxHeightM?.message)}
            data-testid="mission-height-m"
            onChange={(value) => {
              const metres = asNumber(value);
              field.onChange(metres);
              setValue('maxAltitudeFt', feetFromMetres(metres), { shouldDirty: true });
            }}
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
            onBlur={field.onBlur}
            error={errorText(errors.maxAltitudeFt?.message)}
            data-testid="mission-height-ft"
            onChange={(value) => {
              const feet = asNumber(value);
              field.onChange(feet);
              setValue('maxHeightM', metresFromFeet(feet), { shouldDirty: true });
            }}
          />
        )}
      />
    </Group>
  );
}
