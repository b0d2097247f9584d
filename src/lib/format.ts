/** "Jeanne d'Arc-Dupont" → "JD": first letters of the first and last words, upper case. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '';
  const first = words[0][0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1][0] ?? '') : '';
  return (first + last).toUpperCase();
}

/**
 * The locale dates, times and numbers are written in: the reader's own variant of the app's language (an en-US browser
 * keeps "11/27/2026, 9:00 AM"), else the European one the product is made for (en-GB "27/11/2026, 09:00", fr-FR).
 */
export function formatLocale(language: string, preferred: readonly string[] = globalThis.navigator?.languages ?? []): string {
  const base = language.split('-')[0]!.toLowerCase();
  return preferred.find((tag) => tag.toLowerCase().split('-')[0] === base) ?? (base === 'fr' ? 'fr-FR' : 'en-GB');
}

/**
 * Aviation time: the day and month in the reader's locale, then the UTC time in 24-hour form with `Z`
 * ("27/11 05:45Z" in French, "11/27 05:45Z" in American English).
 */
export function zuluDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  const day = new Intl.DateTimeFormat(formatLocale(language), { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(date);
  return `${day} ${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}Z`;
}

const DAYJS_TOKENS: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {
  day: 'DD',
  month: 'MM',
  year: 'YYYY',
  minute: 'mm',
  dayPeriod: 'A',
};

const DATE_PARTS: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const TIME_PARTS: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

/** The dayjs tokens of a locale's way of writing a date (and time) with these parts. */
function inputFormat(options: Intl.DateTimeFormatOptions, language: string, preferred?: readonly string[]): string {
  const format = new Intl.DateTimeFormat(formatLocale(language, preferred), options);
  const twelveHours = format.resolvedOptions().hour12 === true;
  return format
    .formatToParts(new Date(2026, 10, 27, 9, 5))
    .map(({ type, value }) =>
      type === 'hour' ? (twelveHours ? 'hh' : 'HH') : (DAYJS_TOKENS[type] ?? (/[a-z]/i.test(value) ? `[${value}]` : value)),
    )
    .join('');
}

/**
 * The format of Mantine's date-time inputs (dayjs tokens) in the reader's locale (`formatLocale`): its order of day,
 * month and year and its clock. "DD/MM/YYYY HH:mm" in en-GB and fr-FR, "MM/DD/YYYY, hh:mm A" in en-US.
 */
export function dateTimeInputFormat(language: string, preferred?: readonly string[]): string {
  return inputFormat({ ...DATE_PARTS, ...TIME_PARTS }, language, preferred);
}

/** The format of Mantine's date inputs in the reader's locale: "DD/MM/YYYY" in en-GB and fr-FR, "MM/DD/YYYY" in en-US. */
export function dateInputFormat(language: string, preferred?: readonly string[]): string {
  return inputFormat(DATE_PARTS, language, preferred);
}

/** Whether the reader's locale writes times with a 12-hour clock (en-US) rather than a 24-hour one (en-GB, fr-FR). */
export function usesTwelveHourClock(language: string, preferred?: readonly string[]): boolean {
  return new Intl.DateTimeFormat(formatLocale(language, preferred), TIME_PARTS).resolvedOptions().hour12 === true;
}

/** The first day of the week in the reader's locale (0 Sunday … 6 Saturday) where the browser says it, else Monday. */
export function firstDayOfWeek(language: string, preferred?: readonly string[]): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
  const locale = new Intl.Locale(formatLocale(language, preferred)) as Intl.Locale & { getWeekInfo?: () => { firstDay: number } };
  const firstDay = locale.getWeekInfo?.().firstDay ?? 1;
  return (firstDay % 7) as 0 | 1 | 2 | 3 | 4 | 5 | 6;
}
