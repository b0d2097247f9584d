import { useCallback } from 'react';
import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import { useTranslation } from 'react-i18next';
import type { FieldError, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
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

/** A problem with one field: its dotted path in the contract's input, and an i18n key. */
export interface FieldIssue {
  path: string;
  message: string;
}

export interface ContractResolverOptions<FormValues extends FieldValues, Input> {
  /** The form's values as the contract reads them: empty text to null, typed numbers to numbers, euros to cents… */
  toInput: (values: FormValues) => Input;
  /** Checks the contract makes only once every field parses, run on every submit so that every missing piece shows at once. */
  moreIssues?: (input: Input) => readonly FieldIssue[];
  /** The form field that shows a contract field's errors, where their names differ. */
  fieldOf?: Readonly<Partial<Record<string, Path<FormValues>>>>;
}

/**
 * The resolver of a form that sends a contract: the form's values go through `toInput`, the contract's schema validates
 * the result and the submit handler receives the schema's output. useForm infers its three types from it (the form's
 * values, no context, the contract's output). Each field shows the first issue on its path.
 */
export function contractResolver<Schema extends z.ZodType, FormValues extends FieldValues, Input>(
  schema: Schema,
  { toInput, moreIssues, fieldOf = {} }: ContractResolverOptions<FormValues, Input>,
): Resolver<FormValues, unknown, z.output<Schema>> {
  return async (values, _context, options) => {
    const input = toInput(values);
    const parsed = await schema.safeParseAsync(input);
    const more = (moreIssues?.(input) ?? []).map((issue) => ({ ...issue, type: 'custom' }));
    const issues = [...(parsed.success ? [] : issuesOf(parsed.error.issues)), ...more];
    if (parsed.success && issues.length === 0) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: parsed.data, errors: {} };
    }
    const errors: Record<string, FieldError> = {};
    for (const { path, type, message } of issues) {
      const [head = '', ...rest] = path.split('.');
      errors[[fieldOf[head] ?? head, ...rest].join('.')] ??= { type, message };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/** The schema's issues, typed by their code; a union's shows the branch that came closest (fewest issues), whose issues follow. */
function issuesOf(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []): (FieldIssue & { type: string })[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    const own = { path: path.map(String).join('.'), type: issue.code, message: issue.message };
    if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [own];
    const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best))[0];
    const shown = closest ? { ...own, type: closest.code, message: closest.message } : own;
    return [shown, ...issue.errors.flatMap((branch) => issuesOf(branch, path))];
  });
}
