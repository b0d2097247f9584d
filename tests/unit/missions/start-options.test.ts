import { describe, expect, it } from 'vitest';
import { earlyNextWeekStart, firstFixedDay, fixedDayStart, startOf, tomorrowStart } from '@/features/missions/start-options/start-date';

// Every date is built in local time, as the form works in the user's time zone: the tests hold in any zone.
const local = (year: number, month: number, day: number, hour = 0, minute = 0) => new Date(year, month - 1, day, hour, minute);

describe('default start options', () => {
  describe('tomorrow', () => {
    it.each([
      ['a Wednesday afternoon', local(2026, 11, 18, 15, 30), local(2026, 11, 19, 9)],
      ['just before midnight', local(2026, 11, 18, 23, 59), local(2026, 11, 19, 9)],
      ['the last day of a 30-day month', local(2026, 11, 30, 8), local(2026, 12, 1, 9)],
      ['the last day of February', local(2027, 2, 28, 12), local(2027, 3, 1, 9)],
      ['the 28th of February of a leap year', local(2028, 2, 28, 12), local(2028, 2, 29, 9)],
      ['New Year’s Eve', local(2026, 12, 31, 18), local(2027, 1, 1, 9)],
    ])('starts the next day at 09:00 on %s', (_, now, expected) => {
      expect(tomorrowStart(now)).toEqual(expected);
    });
  });

  describe('early next week', () => {
    it.each([
      ['a Monday, giving the following Monday', local(2026, 11, 16, 10), local(2026, 11, 23, 9)],
      ['a Wednesday', local(2026, 11, 18, 10), local(2026, 11, 23, 9)],
      ['a Saturday', local(2026, 11, 21, 10), local(2026, 11, 23, 9)],
      ['a Sunday evening, giving the next day', local(2026, 11, 22, 23, 30), local(2026, 11, 23, 9)],
      ['a Friday at the end of the month', local(2026, 7, 31, 10), local(2026, 8, 3, 9)],
      ['a Thursday at the end of the year', local(2026, 12, 31, 10), local(2027, 1, 4, 9)],
    ])('starts on the next Monday at 09:00 from %s', (_, now, expected) => {
      expect(earlyNextWeekStart(now)).toEqual(expected);
    });
  });

  describe('fixed day', () => {
    it('starts on the chosen day at 09:00', () => {
      expect(fixedDayStart('2027-01-15')).toEqual(local(2027, 1, 15, 9));
    });

    it.each(['2027-02-30', '2027-13-01', '15/01/2027', ''])('refuses %j, which is not a calendar day', (day) => {
      expect(fixedDayStart(day)).toBeNull();
    });

    it('may be chosen from tomorrow on, across the end of the year', () => {
      expect(firstFixedDay(local(2026, 12, 31, 20))).toBe('2027-01-01');
    });
  });

  it('gives each option its start, and no start for a fixed day not yet chosen', () => {
    const now = local(2026, 11, 20, 14);
    expect(startOf('tomorrow', now)).toEqual(local(2026, 11, 21, 9));
    expect(startOf('earlyNextWeek', now)).toEqual(local(2026, 11, 23, 9));
    expect(startOf('fixedDay', now, '2026-12-24')).toEqual(local(2026, 12, 24, 9));
    expect(startOf('fixedDay', now)).toBeNull();
  });
});
