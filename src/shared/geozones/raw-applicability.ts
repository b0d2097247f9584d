import { z } from 'zod';
import { ZoneRejected } from './geozone-file-error';
import { definedOnly, optionalDateTime, optionalTimeOfDay } from './raw-values';
import { daylightEventSchema, weekDaySchema, type ApplicabilityPeriod, type DailyPeriod } from './zone';

const optionalEvent = z.preprocess((value) => (value === null ? undefined : value), daylightEventSchema.optional());

/** ED-269 DailyPeriod and ED-318 DailyPeriod (which adds sunrise/sunset events); `day` may be one string. */
export const rawDailyPeriodSchema = z.object({
  day: z.preprocess(
    (value) => (value === null || value === undefined ? [] : typeof value === 'string' ? [value] : value),
    z.array(weekDaySchema),
  ),
  startTime: optionalTimeOfDay,
  endTime: optionalTimeOfDay,
  startEvent: optionalEvent,
  endEvent: optionalEvent,
});
type RawDailyPeriod = z.infer<typeof rawDailyPeriodSchema>;

export const rawTimeWindowSchema = {
  startDateTime: optionalDateTime,
  endDateTime: optionalDateTime,
};

function toDailyPeriods(entries: readonly RawDailyPeriod[]): DailyPeriod[] | undefined {
  const periods: DailyPeriod[] = [];
  for (const entry of entries) {
    const hasBounds = [entry.startTime, entry.endTime, entry.startEvent, entry.endEvent].some((bound) => bound !== undefined);
    if (entry.day.length === 0) {
      // The CIS sample carries { day: [], startTime: null, endTime: null }: an empty placeholder, not a rule.
      if (!hasBounds) continue;
      throw new ZoneRejected('INVALID_SCHEMA', 'applicability: a daily period has times but no day');
    }
    periods.push(
      definedOnly({
        days: [...new Set(entry.day)],
        startTime: entry.startEvent ? undefined : entry.startTime,
        endTime: entry.endEvent ? undefined : entry.endTime,
        startEvent: entry.startEvent,
        endEvent: entry.endEvent,
      }),
    );
  }
  return periods.length > 0 ? periods : undefined;
}

export function toApplicabilityPeriod(
  permanent: boolean,
  window: { startDateTime?: string | undefined; endDateTime?: string | undefined },
  schedule: readonly RawDailyPeriod[],
): ApplicabilityPeriod {
  // GZ-05: a permanent period applies at all times, whatever dates or schedule came with it.
  if (permanent) return { permanent: true };
  if (window.startDateTime && window.endDateTime && Date.parse(window.endDateTime) < Date.parse(window.startDateTime)) {
    throw new ZoneRejected('INVALID_SCHEMA', 'applicability: the end date is before the start date');
  }
  return definedOnly({
    permanent: false,
    start: window.startDateTime,
    end: window.endDateTime,
    schedule: toDailyPeriods(schedule),
  });
}
