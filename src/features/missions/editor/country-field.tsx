import { NativeSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '@/lib/forms';
import type { Country } from '@/shared/regulation/codes';
import { useAreaCountries } from '../api/regulation';
import type { MissionFormValues } from './form-values';

const AREA_DEBOUNCE_MS = 400;

/**
 * The regulation the mission is classified under: only those of the countries its area lies in are offered (the
 * server refuses another with COUNTRY_NOT_IN_AREA). Empty: the one holding most of the area.
 */
export function CountryField() {
  const { t } = useTranslation('missions');
  const errorText = useFieldErrorText();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<MissionFormValues>();
  const areas = useWatch({ control, name: 'areas' });
  const current = useWatch({ control, name: 'country' });
  const [settled] = useDebouncedValue(areas, AREA_DEBOUNCE_MS);
  const found = useAreaCountries(settled && settled.coordinates.length > 0 ? settled : null);
  const regulations = [
    ...new Set((found.data?.countries ?? []).map((country) => country.regulation).filter((code): code is Country => code !== null)),
  ];
  // A stored choice the area no longer covers stays visible, so that the save's refusal names what changed.
  const offered = current && !regulations.includes(current) ? [...regulations, current] : regulations;
  return (
    <NativeSelect
      label={t('fields.country')}
      description={found.data ? found.data.countries.map((country) => country.code).join(', ') : undefined}
      data={[{ value: '', label: t('countryFromArea') }, ...offered.map((code) => ({ value: code, label: t(`countries.${code}`) }))]}
      error={errorText(errors.country?.message)}
      data-testid="mission-country"
      {...register('country')}
    />
  );
}
