import { z } from 'zod';
import { ZoneRejected } from './geozone-file-error';
import { TIME_OF_DAY_PATTERN, type LocalizedText } from './zone';

/**
 * zod building blocks for the raw files. They absorb the quirks seen in real feeds (null for "absent",
 * trailing spaces in LU e-mails, numbers written as strings, a single string where a list is expected)
 * and nothing more: anything else is a schema error and rejects the zone.
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

export const optionalText = z.preprocess(blankToUndefined, z.string().optional());
export const requiredText = z.preprocess(blankToUndefined, z.string());

export const countryCode = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
  z.string().regex(/^[A-Z]{3}$/, 'expected an ISO 3166-1 alpha-3 code'),
);

/** ED-269 restrictionConditions is a list, but the CIS sample writes a single string ("RST02"). */
export const textList = z.preprocess(
  (value) => (value === null || value === undefined ? [] : typeof value === 'string' ? [value] : value),
  z.array(z.string()).transform((items) => items.map((item) => item.trim()).filter((item) => item !== '')),
);

/** ED-269 uSpaceClass: a string, or a list in the CHE sample (["SPECIFIC","CERTIFIED"]). */
export const optionalTextList = z.preprocess(
  (value) => (value === null || value === undefined ? undefined : typeof value === 'string' ? [value] : value),
  z
    .array(z.string())
    .transform((items) => items.map((item) => item.trim()).filter((item) => item !== ''))
    .optional(),
);

export const optionalYesNo = z.preprocess(
  blankToUndefined,
  z
    .enum(['YES', 'NO'])
    .transform((value) => value === 'YES')
    .optional(),
);

export const optionalInteger = z.preprocess((value) => {
  const blank = blankToUndefined(value);
  return typeof blank === 'string' && /^-?\d+$/.test(blank) ? Number(blank) : blank;
}, z.number().int().optional());

const DATE_TIME_PATTERN = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/**
 * To a UTC ISO string. Without an offset the instant is read as UTC: JavaScript would otherwise read it in the
 * server's time zone, and the same file would give different answers on different machines.
 */
export function toUtcIso(value: string): string | undefined {
  const match = DATE_TIME_PATTERN.exec(value);
  if (!match) return undefined;
  const [, date, time, offset] = match;
  const normalisedOffset =
    offset === undefined || offset === 'Z'
      ? 'Z'
      : offset.length === 3
        ? `${offset}:00`
        : offset.includes(':')
          ? offset
          : `${offset.slice(0, 3)}:${offset.slice(3)}`;
  const millis = Date.parse(`${date}T${time ?? '00:00:00'}${normalisedOffset}`);
  return Number.isNaN(millis) ? undefined : new Date(millis).toISOString();
}

export const optionalDateTime = z.preprocess(
  blankToUndefined,
  z
    .string()
    .transform((value, context) => {
      const iso = toUtcIso(value);
      if (iso === undefined) {
        context.addIssue({ code: 'custom', message: `not an ISO-8601 date-time: ${value}` });
        return z.NEVER;
      }
      return iso;
    })
    .optional(),
);

export const optionalTimeOfDay = z.preprocess(
  blankToUndefined,
  z.string().regex(TIME_OF_DAY_PATTERN, 'expected a time such as 17:00:00.00Z').optional(),
);

const DURATION_PATTERN =
  /^P(?!$)(?:(\d+(?:[.,]\d+)?)Y)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?=\d)(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/;

export function isIsoDuration(value: string): boolean {
  return DURATION_PATTERN.test(value);
}

/** Hours of an ISO-8601 duration; undefined when it counts years or months, whose length depends on the date. */
export function durationToHours(value: string): number | undefined {
  const match = DURATION_PATTERN.exec(value);
  if (!match) return undefined;
  const [, years, months, weeks, days, hours, minutes, seconds] = match.map((part) =>
    part === undefined ? undefined : Number(part.replace(',', '.')),
  );
  if ((years ?? 0) > 0 || (months ?? 0) > 0) return undefined;
  return (weeks ?? 0) * 168 + (days ?? 0) * 24 + (hours ?? 0) + (minutes ?? 0) / 60 + (seconds ?? 0) / 3600;
}

export const optionalDuration = z.preprocess(
  blankToUndefined,
  z.string().refine(isIsoDuration, 'expected an ISO-8601 duration such as P10DT00H').optional(),
);

/** ED-318 TextShort/TextLong: `lang` is required by the schema of appendix E (the InvalidExample omits it). */
export const localizedTextList = z.preprocess(
  (value) => (Array.isArray(value) ? value.filter((item) => !(isRecord(item) && (item.text === null || item.text === undefined))) : value),
  z
    .array(z.object({ text: z.string(), lang: z.string().trim().min(1) }))
    .transform((items) => items.map((item) => ({ text: item.text.trim(), lang: item.lang.trim() })).filter((item) => item.text !== ''))
    .optional(),
);

const UNDETERMINED_LANGUAGE = 'und';

/** The text shown when one string is needed: English if present (the common language of the feeds), else the first. */
export function preferredText(texts: readonly LocalizedText[] | undefined): string | undefined {
  if (!texts || texts.length === 0) return undefined;
  return (texts.find((text) => text.lang.toLowerCase().startsWith('en')) ?? texts[0])?.text;
}

/** Translations worth keeping: at least one real language tag (our own export writes "und" when it has none). */
export function translationsOf(texts: readonly LocalizedText[] | undefined): LocalizedText[] | undefined {
  if (!texts || !texts.some((text) => text.lang !== UNDETERMINED_LANGUAGE)) return undefined;
  return texts.map((text) => ({ ...text }));
}

export function toLocalizedTexts(text: string | undefined, translations: LocalizedText[] | undefined) {
  if (translations) return translations.map((item) => ({ ...item }));
  return text === undefined ? undefined : [{ text, lang: UNDETERMINED_LANGUAGE }];
}

export function parseOrReject<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const detail = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(zone)'}: ${issue.message}`)
    .join('; ');
  throw new ZoneRejected('INVALID_SCHEMA', detail);
}

/** Copies only the keys whose value is defined, so that a normalised zone never carries `key: undefined`. */
export function definedOnly<T extends Record<string, unknown>>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = item;
  return out as T;
}
