import Holidays from 'date-holidays';

// Dates are ISO calendar dates (YYYY-MM-DD) handled in UTC so that no local time zone shifts a day.
const DAY_MS = 86_400_000;

function toEpochDay(iso: string): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;
}

function fromEpochDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return fromEpochDay(toEpochDay(iso) + days);
}

/** Calendar days from `fromISO` to `toISO` (positive when `toISO` is later). */
export function calendarDaysBetween(fromISO: string, toISO: string): number {
  return toEpochDay(toISO) - toEpochDay(fromISO);
}

function weekday(iso: string): number {
  return new Date(toEpochDay(iso) * DAY_MS).getUTCDay();
}

type HolidayCountry = 'FR' | 'JP';
const calendars = new Map<HolidayCountry, Holidays>();
const holidaysByYear = new Map<string, ReadonlySet<string>>();

/** Public holidays only: date-holidays also lists observances and bank days, which do not close offices. */
function publicHolidays(country: HolidayCountry, year: number): ReadonlySet<string> {
  const key = `${country}-${year}`;
  const cached = holidaysByYear.get(key);
  if (cached) return cached;
  let calendar = calendars.get(country);
  if (!calendar) {
    calendar = new Holidays(country);
    calendars.set(country, calendar);
  }
  const dates = new Set(
    calendar
      .getHolidays(year)
      .filter((holiday) => holiday.type === 'public')
      .map((holiday) => holiday.date.slice(0, 10)),
  );
  holidaysByYear.set(key, dates);
  return dates;
}

function isPublicHoliday(country: HolidayCountry, iso: string): boolean {
  return publicHolidays(country, Number(iso.slice(0, 4))).has(iso);
}

/** Jour ouvrable: every day but Sunday and French public holidays; Saturdays count (FR-PREF-02). */
export function isFrJourOuvrable(iso: string): boolean {
  return weekday(iso) !== 0 && !isPublicHoliday('FR', iso);
}

/** Jours ouvrables strictly between the declaration day and the flight day: neither end counts (FR-PREF-02). */
export function countFrJoursOuvrablesBetween(declarationISO: string, flightISO: string): number {
  let count = 0;
  for (let day = addDays(declarationISO, 1); day < flightISO; day = addDays(day, 1)) {
    if (isFrJourOuvrable(day)) count += 1;
  }
  return count;
}

/** First flight day F after the declaration with at least `required` jours ouvrables strictly in between. */
export function earliestFrFlightDateByJoursOuvrables(declarationISO: string, required: number): string {
  let counted = 0;
  let day = declarationISO;
  while (counted < required) {
    day = addDays(day, 1);
    if (isFrJourOuvrable(day)) counted += 1;
  }
  return addDays(day, 1);
}

/** 開庁日: government office days, i.e. not Saturday, Sunday, a national holiday, or 29 Dec–3 Jan (JP-NOT-01). */
export function isJpKaichobi(iso: string): boolean {
  const day = weekday(iso);
  const monthDay = iso.slice(5);
  const yearEndClosure = monthDay >= '12-29' || monthDay <= '01-03';
  return day !== 0 && day !== 6 && !yearEndClosure && !isPublicHoliday('JP', iso);
}

/** Latest submission day: step back from the flight day (not counted) over `required` 開庁日 (JP-NOT-01). */
export function latestJpSubmissionDate(flightISO: string, required: number): string {
  let counted = 0;
  let day = flightISO;
  while (counted < required) {
    day = addDays(day, -1);
    if (isJpKaichobi(day)) counted += 1;
  }
  return day;
}
