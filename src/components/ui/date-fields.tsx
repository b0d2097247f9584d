import { useId, useState, type ReactNode } from 'react';
import { Box, Group, Input } from '@mantine/core';
import { DateInput, TimePicker, type DateInputProps, type TimePickerProps } from '@mantine/dates';
// With the fields that need them: the mission editor, which also imports them, is not loaded before every screen.
import '@mantine/dates/styles.css';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dateInputFormat, usesTwelveHourClock } from '@/lib/format';
import { useFieldErrorText } from '@/lib/forms';

// The date and time fields of the app: Mantine's pickers in the format of the app's language and the reader's locale
// ("27/11/2026" and a 24-hour clock in French), not the browser's native inputs, which follow the browser's own
// language (docs/navigation.md, "Dates and times"). They take and give the strings the native inputs did: a day
// "YYYY-MM-DD", a time "HH:mm", a moment "YYYY-MM-DDTHH:mm" (the reader's time), "" for none.

dayjs.extend(customParseFormat);

/** The clear button's name, from the field's label when it is a text. */
function useClearLabel(label: ReactNode) {
  const { t } = useTranslation('dates');
  return typeof label === 'string' ? { 'aria-label': t('clear', { field: label }) } : undefined;
}

/** A typed day in the locale's format ("27/11/2026", "1/12/2026") or in ISO form, as "YYYY-MM-DD"; null until complete. */
function parseDay(text: string, format: string): string | null {
  const loose = format.replace('DD', 'D').replace('MM', 'M');
  const day = dayjs(text.trim(), [format, loose, 'YYYY-MM-DD'], true);
  return day.isValid() ? day.format('YYYY-MM-DD') : null;
}

type DayInputProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'minDate' | 'maxDate'> & {
  value: string;
  onChange: (day: string) => void;
  /** The first and last days that can be chosen, "YYYY-MM-DD" ("" for no bound). */
  minDate?: string;
  maxDate?: string;
};

/** A day, typed or picked in the calendar. */
export function DayInput({ value, onChange, minDate, maxDate, label, ...props }: DayInputProps) {
  const { i18n } = useTranslation();
  const format = dateInputFormat(i18n.language);
  return (
    <DateInput
      label={label}
      valueFormat={format}
      dateParser={(text) => parseDay(text, format)}
      value={value || null}
      onChange={(day) => onChange(day ?? '')}
      minDate={minDate || undefined}
      maxDate={maxDate || undefined}
      clearButtonProps={useClearLabel(label)}
      {...props}
    />
  );
}

/** A react-hook-form field holding a day ("" for none, or null where the form's value is nullable), with its error. */
export function DayField<T extends FieldValues, Output = T>({
  control,
  name,
  nullable = false,
  ...props
}: Omit<DayInputProps, 'value' | 'onChange' | 'error'> & { control: Control<T, unknown, Output>; name: FieldPath<T>; nullable?: boolean }) {
  const errorText = useFieldErrorText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DayInput
          {...props}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={(field.value as string | null) ?? ''}
          onChange={(day) => field.onChange(nullable && !day ? null : day)}
          error={errorText(fieldState.error?.message)}
        />
      )}
    />
  );
}

/** The time pickers' clock and the names of their hour, minute and AM/PM parts. */
function useTimeSettings() {
  const { t, i18n } = useTranslation('dates');
  return {
    format: usesTwelveHourClock(i18n.language) ? '12h' : '24h',
    hoursInputLabel: t('hours'),
    minutesInputLabel: t('minutes'),
    amPmInputLabel: t('amPm'),
  } satisfies TimePickerProps;
}

/** A time of day ("HH:mm", "" for none) on the locale's clock. */
export function TimeInput({
  value,
  onChange,
  label,
  ...props
}: Omit<TimePickerProps, 'value' | 'onChange' | 'format'> & { value: string; onChange: (time: string) => void }) {
  return (
    <TimePicker label={label} value={value} onChange={onChange} clearButtonProps={useClearLabel(label)} {...useTimeSettings()} {...props} />
  );
}

/** A `datetime-local` value ("YYYY-MM-DDTHH:mm") as its day and time, "" for a part missing. */
function splitMoment(value: string) {
  const [day = '', time = ''] = value.split('T');
  return { day, time: time.slice(0, 5) };
}

const joinMoment = ({ day, time }: { day: string; time: string }) => (day && time ? `${day}T${time}` : '');

/**
 * A moment in the reader's time zone as a day and a time side by side, giving what a `datetime-local` input gave:
 * "YYYY-MM-DDTHH:mm", "" while either part is missing. Each part is named after the label ("Start: day").
 */
export function DateTimeInput({
  label,
  value,
  onChange,
  error,
  'data-testid': testId,
}: {
  label: string;
  value: string;
  onChange: (moment: string) => void;
  error?: ReactNode;
  'data-testid'?: string;
}) {
  const { t } = useTranslation('dates');
  const { format } = useTimeSettings();
  const id = useId();
  const [parts, setParts] = useState(() => splitMoment(value));
  const [given, setGiven] = useState(value);
  // A new value from the form (filled for an edit, emptied after a save) replaces the parts; the "" given back while
  // one part is still missing does not erase the other.
  if (value !== given) {
    setGiven(value);
    if (value !== joinMoment(parts)) setParts(splitMoment(value));
  }
  const change = (part: Partial<typeof parts>) => {
    const next = { ...parts, ...part };
    setParts(next);
    onChange(joinMoment(next));
  };
  const errorId = error ? `${id}-error` : undefined;
  const invalid = { 'aria-invalid': error ? true : undefined };
  return (
    <Box role="group" aria-labelledby={`${id}-label`} aria-describedby={errorId} data-testid={testId}>
      <Input.Label id={`${id}-label`} labelElement="div">
        {label}
      </Input.Label>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <DayInput
          aria-label={t('dayOf', { field: label })}
          value={parts.day}
          onChange={(day) => change({ day })}
          error={!!error}
          flex={3}
        />
        <TimePicker
          value={parts.time}
          onChange={(time) => change({ time })}
          error={!!error}
          format={format}
          hoursInputLabel={t('hoursOf', { field: label })}
          minutesInputLabel={t('minutesOf', { field: label })}
          amPmInputLabel={t('amPmOf', { field: label })}
          hoursInputProps={invalid}
          minutesInputProps={invalid}
          flex={2}
        />
      </Group>
      {error ? <Input.Error id={errorId}>{error}</Input.Error> : null}
    </Box>
  );
}
