import { tzOffset } from '@date-fns/tz';
import tzLookup from '@photostructure/tz-lookup';
import { TIME_OF_DAY_PATTERN, type ApplicabilityPeriod, type DailyPeriod, type Position, type WeekDay, type Zone } from './zone';

const SECONDS_PER_DAY = 86_400;
const DAY_CODES: readonly WeekDay[] = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

interface TimeOfDay {
  seconds: number;
  offsetMinutes: number;
}

/** The time zone a zone's schedule is written in when its times carry no designator: the one of where the zone lies. */
export function zoneTimeZone(zone: Pick<Zone, 'volumes'>): string {
  let timeZone = zoneTimeZones.get(zone);
  if (timeZone === undefined) {
    timeZone = lookUpTimeZone(zone);
    zoneTimeZones.set(zone, timeZone);
  }
  return timeZone;
}

/** Each zone's time zone, looked up once: a zone's volumes do not change once it is read (a re-import makes new zones). */
const zoneTimeZones = new WeakMap<Pick<Zone, 'volumes'>, string>();

function lookUpTimeZone(zone: Pick<Zone, 'volumes'>): string {
  const volume = zone.volumes[0];
  const ring = volume?.geometry.type === 'Polygon' ? volume.geometry.coordinates[0] : volume?.geometry.coordinates[0]?.[0];
  const [lon, lat]: Position = volume?.circle?.center ?? ring?.[0] ?? [0, 0];
  return tzLookup(lat, lon);
}

/**
 * The offset of a zone's time zone at the instant checked, looked up when a schedule written in local time first asks
 * for it. An object rather than a closure: a zone's activity is checked for every candidate of every classification,
 * and a named closure made per call costs more than the check (tsx names each one as it is made).
 */
class LocalOffset {
  private offsetMinutes: number | undefined;

  constructor(
    private readonly zone: Pick<Zone, 'volumes'>,
    private readonly at: Date,
  ) {}

  minutes(): number {
    return (this.offsetMinutes ??= tzOffset(zoneTimeZone(this.zone), this.at));
  }
}

/**
 * GZ-05 reads "Z" as UTC and an explicit offset as written; a time without a designator is the local time of the
 * zone (`localOffset`, the offset of its time zone at the instant checked).
 */
function parseTimeOfDay(value: string, localOffset: LocalOffset): TimeOfDay | undefined {
  const match = TIME_OF_DAY_PATTERN.exec(value);
  if (!match) return undefined;
  const [, hours, minutes, seconds, zone] = match;
  let offsetMinutes = 0;
  if (zone === undefined) offsetMinutes = localOffset.minutes();
  else if (zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0'));
  }
  return { seconds: Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds ?? '0'), offsetMinutes };
}

/**
 * One daily window. The weekday is the one of the time zone the schedule is written in (UTC for "Z").
 * A window whose end is before its start runs past midnight and belongs to the day it starts on.
 * Sunrise/sunset events cannot be computed without an ephemeris, so an event bound widens the window
 * to the whole day: the zone is then taken as active more often, never less (the safe side).
 */
function isInDailyWindow(period: DailyPeriod, at: Date, localOffset: LocalOffset): boolean {
  const start = period.startEvent || !period.startTime ? undefined : parseTimeOfDay(period.startTime, localOffset);
  const end = period.endEvent || !period.endTime ? undefined : parseTimeOfDay(period.endTime, localOffset);
  const offsetMinutes = start?.offsetMinutes ?? end?.offsetMinutes ?? 0;
  const local = new Date(at.getTime() + offsetMinutes * 60_000);
  const secondOfDay = Math.floor((local.getTime() - Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate())) / 1000);
  const startSecond = start ? start.seconds : 0;
  // The end is inclusive to the second, so "23:59:59.00Z" covers the whole last second of the day.
  const endSecond = end ? end.seconds + (offsetMinutes - end.offsetMinutes) * 60 : SECONDS_PER_DAY;
  const today = DAY_CODES[local.getUTCDay()] as WeekDay;
  const yesterday = DAY_CODES[(local.getUTCDay() + 6) % 7] as WeekDay;
  if (startSecond <= endSecond) return listsDay(period, today) && secondOfDay >= startSecond && secondOfDay <= endSecond;
  return (listsDay(period, today) && secondOfDay >= startSecond) || (listsDay(period, yesterday) && secondOfDay <= endSecond);
}

const listsDay = (period: DailyPeriod, day: WeekDay) => period.days.includes('ANY') || period.days.includes(day);

function isPeriodActiveAt(period: ApplicabilityPeriod, at: Date, localOffset: LocalOffset): boolean {
  if (period.permanent) return true;
  const time = at.getTime();
  if (period.start !== undefined && time < Date.parse(period.start)) return false;
  if (period.end !== undefined && time > Date.parse(period.end)) return false;
  if (!period.schedule) return true;
  return period.schedule.some((daily) => isInDailyWindow(daily, at, localOffset));
}

/** GZ-01 (c) and GZ-05: whether the zone applies at this instant (any of its periods does). */
export function isActiveAt(zone: Pick<Zone, 'applicability' | 'volumes'>, at: Date): boolean {
  // Most zones are permanent: their answer needs neither a schedule nor a time zone.
  for (const period of zone.applicability) if (period.permanent) return true;
  const localOffset = new LocalOffset(zone, at);
  return zone.applicability.some((period) => isPeriodActiveAt(period, at, localOffset));
}

/** A flight whose UTC day is known but not its time of day. */
export interface FlightDay {
  readonly dayISO: string;
}

/** Whether a zone applies at every instant of a UTC day, at none, or only part of it. */
export type DayActivity = 'all' | 'none' | 'part';

const MINUTE_MS = 60_000;
const MINUTES_PER_DAY = 1_440;

/**
 * Whether the zone applies at every minute of the UTC day `dayISO` (and its last second), at none, or only at some:
 * a flight that day needs its time of day only for a zone active part of it. Schedules change on the minute.
 */
export function dayActivity(zone: Pick<Zone, 'applicability' | 'volumes'>, dayISO: string): DayActivity {
  if (zone.applicability.some((period) => period.permanent)) return 'all';
  const dayStart = Date.parse(`${dayISO}T00:00:00Z`);
  let active = 0;
  const instants = Array.from({ length: MINUTES_PER_DAY }, (_, minute) => dayStart + minute * MINUTE_MS).concat(dayStart + 86_399_000);
  for (const instant of instants) if (isActiveAt(zone, new Date(instant))) active += 1;
  return active === instants.length ? 'all' : active === 0 ? 'none' : 'part';
}

/** A flight known from its start to its end. */
export interface FlightWindow {
  readonly startAt: Date;
  readonly endAt: Date;
}

/** Schedules repeat every week, so a week of a period's minutes holds every daily window it has. */
const WEEK_MINUTES = 7 * MINUTES_PER_DAY;

/**
 * Whether the zone applies at some instant of the window, both ends included. A date window meets it when the two
 * overlap; a schedule is read minute by minute (schedules change on the minute) over at most a week of the overlap.
 */
export function isActiveDuring(zone: Pick<Zone, 'applicability' | 'volumes'>, window: FlightWindow): boolean {
  const start = window.startAt.getTime();
  const end = Math.max(start, window.endAt.getTime());
  return zone.applicability.some((period) => {
    if (period.permanent) return true;
    const from = Math.max(start, period.start === undefined ? start : Date.parse(period.start));
    const to = Math.min(end, period.end === undefined ? end : Date.parse(period.end));
    if (from > to) return false;
    if (!period.schedule) return true;
    const activeAt = (instant: number) => {
      const at = new Date(instant);
      return isPeriodActiveAt(period, at, new LocalOffset(zone, at));
    };
    const last = Math.min(to, from + WEEK_MINUTES * MINUTE_MS);
    for (let instant = from; instant < last; instant += MINUTE_MS) if (activeAt(instant)) return true;
    return activeAt(last);
  });
}

/** Whether the zone applies at the instant, at some time of the window, or at some time of the day when only the day is known. */
export function isActiveFor(zone: Pick<Zone, 'applicability' | 'volumes'>, when: Date | FlightWindow | FlightDay): boolean {
  if (when instanceof Date) return isActiveAt(zone, when);
  return 'dayISO' in when ? dayActivity(zone, when.dayISO) !== 'none' : isActiveDuring(zone, when);
}
