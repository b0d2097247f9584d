import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { apiFieldErrors } from './api-client';

/** Schema messages are i18n keys (`validation:required`); anything else falls back to a generic text. */
export function useFieldErrorText() {
  const { t, i18n } = useTranslation('validation');
  return useCallback(
    (message: string | undefined) => {
      if (!message) return undefined;
      return i18n.exists(message) ? t(message) : t('validation:invalid');
    },
    [t, i18n],
  );
}

/** Puts the field errors of a VALIDATION_FAILED answer on the form's fields; true when any was placed. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  knownFields: readonly string[],
): boolean {
  let placed = false;
  for (const [field, messages] of Object.entries(apiFieldErrors(error))) {
    if (!knownFields.includes(field.split('.')[0]) || !messages[0]) continue;
    setError(field as Path<T>, { type: 'server', message: messages[0] });
    placed = true;
  }
  return placed;
}

/** Empty inputs mean "no value" for nullable contract fields. */
export function emptyToNull<T extends Record<string, unknown>>(values: T): T {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    result[key] = typeof value === 'string' && value.trim() === '' ? null : value;
  }
  return result as T;
}
