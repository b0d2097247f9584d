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

/** The longest free text any field takes (descriptions, messages, conditions); most fields take far less. */
export const TEXT_MAX_LENGTH = 10_000;

// A NUL byte cannot be stored by PostgreSQL, and a lone UTF-16 surrogate is not text in any encoding.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text PostgreSQL and every client can hold: no NUL byte, no lone UTF-16 surrogate. */
export const isCleanText = (value: string) => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

/**
 * The one builder of text fields (docs/security.md "Input"): trimmed, at most `max` characters, free of NUL and lone
 * surrogates. Every contract's strings go through it, so the SPA's forms and the API refuse the same input.
 */
export const text = (max = 200) => z.string().trim().max(max, 'validation:tooBig').refine(isCleanText, 'validation:invalidCharacters');

/**
 * The first string of a parsed JSON value (keys included) that no contract could accept: NUL, lone surrogate, or
 * longer than any field. The API checks every body with it before the body's schema, as a net under the contracts.
 */
export function uncleanText(value: unknown): { path: string; message: string } | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (current.length > TEXT_MAX_LENGTH) return { path, message: 'validation:tooBig' };
      if (!isCleanText(current)) return { path, message: 'validation:invalidCharacters' };
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const at = path ? `${path}.${key}` : key;
        if (!isCleanText(key) || key.length > TEXT_MAX_LENGTH) return { path: at, message: 'validation:invalidCharacters' };
        stack.push([item, at]);
      }
    }
  }
  return undefined;
}

/** Messages are i18n keys of the `validation` namespace, translated by the SPA. */
export const required = (max = TEXT_MAX_LENGTH) => text(max).min(1, 'validation:required');

export const emailSchema = text(254).toLowerCase().pipe(z.email('validation:email'));

export const phoneSchema = text(40).regex(/^[0-9+()\-. ]+$/, 'validation:phone');

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  search: text(200).optional(),
  sort: text(100).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** One page of a list as the API answers it (pageOf): the SPA and the server read this one definition. */
export type Page<Item> = z.infer<ReturnType<typeof pageOf<z.ZodType<Item>>>>;

/** Dates outside these years are typing mistakes (0000, 20255) or probes; PostgreSQL rejects some of them outright. */
export const DATE_MIN_YEAR = 1900;
export const DATE_MAX_YEAR = 2200;
/** A value that is no date at all is the format check's to refuse: one message per mistake. */
const inDateRange = (value: string) => {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return true;
  const year = new Date(time).getUTCFullYear();
  return year >= DATE_MIN_YEAR && year <= DATE_MAX_YEAR;
};

export const dateSchema = z.iso.date('validation:date').refine(inDateRange, 'validation:dateOutOfRange');

/** An instant with its offset, between DATE_MIN_YEAR and DATE_MAX_YEAR. */
export const dateTimeSchema = z.iso
  .datetime({ offset: true, message: 'validation:dateTime' })
  .refine(inDateRange, 'validation:dateOutOfRange');

/** `bbox=west,south,east,north` in a query: a box whose sides span at most `maxSpanDeg` degrees each. */
export const viewBoxSchema = (maxSpanDeg: number) =>
  z
    .string()
    .transform((value) => value.split(',').map(Number))
    .pipe(z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90), z.number().min(-180).max(180), z.number().min(-90).max(90)]))
    .refine(
      ([west, south, east, north]) => west <= east && south <= north && east - west <= maxSpanDeg && north - south <= maxSpanDeg,
      'validation:invalid',
    );

/**
 * A date of birth: not after today where today is furthest ahead (UTC+14), so nobody is refused on their birthday
 * and a date still to come anywhere is refused.
 */
export const birthDateSchema = dateSchema.refine((date) => date <= new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10), {
  message: 'validation:birthDateInFuture',
});

/** Free text that may be left out or cleared; blank counts as cleared. */
export const optionalText = (max = 200) =>
  text(max)
    .transform((value) => value || null)
    .nullable()
    .optional();

/** Query strings carry booleans as text. */
export const queryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const idParamsSchema = z.object({ id: z.uuid('validation:invalid') });
export const userIdParamsSchema = z.object({ userId: z.uuid('validation:invalid') });
export const userRecordParamsSchema = z.object({ userId: z.uuid('validation:invalid'), id: z.uuid('validation:invalid') });
