/** The calendar views of the missions screen, as named in the URL (?view=), and the list. */
export const MISSION_VIEWS = ['list', 'years', 'year', 'month', 'week', 'day'] as const;
export type MissionView = (typeof MISSION_VIEWS)[number];
export type CalendarView = Exclude<MissionView, 'list'>;

export const DEFAULT_MISSION_VIEW: MissionView = 'list';

/** How many years the "years" view shows, from the start of the current year. */
export const YEARS_VIEW_SPAN = 3;

/** FullCalendar's view of each calendar view; `multiMonthYears` is ours (see MissionCalendar). */
export const FULLCALENDAR_VIEWS: Record<CalendarView, string> = {
  years: 'multiMonthYears',
  year: 'multiMonthYear',
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  day: 'timeGridDay',
};

export function isMissionView(value: string | null): value is MissionView {
  return (MISSION_VIEWS as readonly (string | null)[]).includes(value);
}
