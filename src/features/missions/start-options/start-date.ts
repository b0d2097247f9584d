/** The default start options of the mission form (docs/missions.md "List and calendar"). */
export const START_OPTIONS = ['tomorrow', 'earlyNextWeek', 'fixedDay'] as const;
export type StartOption = (typeof START_OPTIONS)[number];

/** Every suggested start is at 09:00 local time: the start of a working day. */
export const DEFAULT_START_HOUR = 9;

const MONDAY = 1;
const DAYS_IN_WEEK = 7;

function atDefaultHour(year: number, month: number, day: number): Date {
  // The Date constructor rolls day 32 into the next month and month 12 into the next year.
  return new Date(year, month, day, DEFAULT_START_HOUR, 0, 0, 0);
}

/** Tomorrow at 09:00 local time. */
export function tomorrowStart(now: Date): Date {
  return atDefaultHour(now.getFullYear(), now.getMonth(), now.getDate() + 1);
}

/** The next Monday strictly after today (a Monday gives the following one) at 09:00 local time. */
export function earlyNextWeekStart(now: Date): Date {
  const daysAhead = (MONDAY - now.getDay() + DAYS_IN_WEEK) % DAYS_IN_WEEK || DAYS_IN_WEEK;
  return atDefaultHour(now.getFullYear(), now.getMonth(), now.getDate() + daysAhead);
}

/** A chosen calendar day ("YYYY-MM-DD") at 09:00 local time; null when the text is not a real date. */
export function fixedDayStart(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const start = atDefaultHour(year, month, date);
  return start.getFullYear() === year && start.getMonth() === month && start.getDate() === date ? start : null;
}

/** The first day a fixed day may be ("YYYY-MM-DD", local): tomorrow, so that 09:00 is never in the past. */
export function firstFixedDay(now: Date): string {
  return localDay(tomorrowStart(now));
}

/** "YYYY-MM-DD" of a date in local time. */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The start date-time an option gives; a fixed day needs its chosen day. */
export function startOf(option: StartOption, now: Date, day?: string): Date | null {
  switch (option) {
    case 'tomorrow':
      return tomorrowStart(now);
    case 'earlyNextWeek':
      return earlyNextWeekStart(now);
    case 'fixedDay':
      return day ? fixedDayStart(day) : null;
  }
}
