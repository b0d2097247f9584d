import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../domain/limits';

// Every message a contract produces is an i18n key of the `validation` namespace, including zod's own.
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined || issue.input === null ? 'validation:required' : 'validation:invalidType';
      case 'too_big':
        return 'validation:tooBig';
      case 'too_small':
        return issue.origin === 'string' && issue.minimum === 1 ? 'validation:required' : 'validation:tooSmall';
      case 'invalid_value':
        return 'validation:invalidValue';
      case 'invalid_format':
        return issue.format === 'email' ? 'validation:email' : 'validation:invalidFormat';
      default:
        return 'validation:invalid';
    }
  },
});

/** Messages are i18n keys of the `validation` namespace, translated by the SPA. */
export const required = () => z.string().trim().min(1, 'validation:required');

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email('validation:email'));

export const phoneSchema = z
  .string()
  .trim()
  .regex(/^[0-9+()\-. ]+$/, 'validation:phone');

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  search: z.string().trim().optional(),
  sort: z.string().trim().optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export const errorResponseSchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const dateSchema = z.iso.date('validation:date');

/** Free text that may be left out or cleared; blank counts as cleared. */
export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || null)
    .nullable()
    .optional();

/** Query strings carry booleans as text. */
export const queryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const idParamsSchema = z.object({ id: z.uuid('validation:invalid') });
export const userIdParamsSchema = z.object({ userId: z.uuid('validation:invalid') });
export const userRecordParamsSchema = z.object({ userId: z.uuid('validation:invalid'), id: z.uuid('validation:invalid') });
