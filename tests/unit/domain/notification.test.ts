import { describe, expect, it } from 'vitest';
import {
  allowedNotificationActions,
  coversFlight,
  isWindowOpen,
  nextNotificationStatus,
  notificationSchedule,
  notificationWindow,
  parisTimeOnDay,
} from '../../../src/shared/domain/notification';

const at = (iso: string) => new Date(iso);

describe('the French military notification window (04:00 two days before to 04:00 on the day, Paris time)', () => {
  it.each([
    ['winter (UTC+1)', '2027-01-20T10:00:00Z', '2027-01-18T03:00:00Z', '2027-01-20T03:00:00Z'],
    ['summer (UTC+2)', '2027-07-14T10:00:00Z', '2027-07-12T02:00:00Z', '2027-07-14T02:00:00Z'],
    [
      'flight the day after clocks go forward (opens in winter time, closes in summer time)',
      '2027-03-29T10:00:00Z',
      '2027-03-27T03:00:00Z',
      '2027-03-29T02:00:00Z',
    ],
    ['flight the day clocks go back', '2027-10-31T12:00:00Z', '2027-10-29T02:00:00Z', '2027-10-31T03:00:00Z'],
    [
      'flight at 00:30 Paris: the Paris day, not the UTC day, counts',
      '2027-01-20T23:30:00Z',
      '2027-01-19T03:00:00Z',
      '2027-01-20T23:30:00Z',
    ],
    ['across a month end', '2027-03-01T09:00:00Z', '2027-02-27T03:00:00Z', '2027-03-01T03:00:00Z'],
  ])('%s: flight at %s opens at %s and closes at %s', (_, start, opens, closes) => {
    const window = notificationWindow('army', at(start));

    expect(window.opensAt?.toISOString()).toBe(at(opens).toISOString());
    expect(window.closesAt.toISOString()).toBe(at(closes).toISOString());
  });

  it('closes at take-off when the flight starts before 04:00 on its day', () => {
    expect(notificationWindow('army', at('2027-01-20T01:30:00Z')).closesAt.toISOString()).toBe('2027-01-20T01:30:00.000Z');
  });

  it.each([
    ['one second before it opens', '2027-01-18T02:59:59Z', false],
    ['when it opens', '2027-01-18T03:00:00Z', true],
    ['the evening before the flight', '2027-01-19T20:00:00Z', true],
    ['when it closes, 04:00 on the day', '2027-01-20T03:00:00Z', false],
  ])('%s: open = %s', (_, now, open) => {
    expect(isWindowOpen(notificationWindow('army', at('2027-01-20T10:00:00Z')), at(now))).toBe(open);
  });

  it('covers at most 12 hours of flight', () => {
    expect(coversFlight('army', at('2027-01-20T06:00:00Z'), at('2027-01-20T18:00:00Z'))).toBe(true);
    expect(coversFlight('army', at('2027-01-20T06:00:00Z'), at('2027-01-20T18:00:01Z'))).toBe(false);
    expect(coversFlight('prefecture', at('2027-01-20T06:00:00Z'), at('2027-01-22T18:00:00Z'))).toBe(true);
  });
});

describe('the prefecture declaration window', () => {
  it('opens at once and closes at take-off', () => {
    const window = notificationWindow('prefecture', at('2027-01-20T10:00:00Z'));

    expect(window.opensAt).toBeNull();
    expect(isWindowOpen(window, at('2026-12-01T00:00:00Z'))).toBe(true);
    expect(isWindowOpen(window, at('2027-01-20T10:00:00Z'))).toBe(false);
  });
});

describe('Paris wall-clock times', () => {
  it('finds 04:00 Paris on a shifted day in either season', () => {
    expect(parisTimeOnDay(at('2027-06-30T22:30:00Z'), 1, 4).toISOString()).toBe('2027-07-02T02:00:00.000Z');
    expect(parisTimeOnDay(at('2027-12-31T12:00:00Z'), 1, 4).toISOString()).toBe('2028-01-01T03:00:00.000Z');
  });

  it('keeps 04:00 on the clock across the spring change (28 March 2027, 02:00 CET to 03:00 CEST)', () => {
    // Monday after the change: opens Saturday 04:00 CET, closes Monday 04:00 CEST.
    expect(notificationWindow('army', at('2027-03-29T10:00:00Z'))).toEqual({
      opensAt: at('2027-03-27T03:00:00Z'),
      closesAt: at('2027-03-29T02:00:00Z'),
    });
    // On the day of the change itself: 04:00 is already summer time.
    expect(notificationWindow('army', at('2027-03-28T10:00:00Z'))).toEqual({
      opensAt: at('2027-03-26T03:00:00Z'),
      closesAt: at('2027-03-28T02:00:00Z'),
    });
  });

  it('keeps 04:00 on the clock across the autumn change (31 October 2027, 03:00 CEST to 02:00 CET)', () => {
    expect(notificationWindow('army', at('2027-11-01T10:00:00Z'))).toEqual({
      opensAt: at('2027-10-30T02:00:00Z'),
      closesAt: at('2027-11-01T03:00:00Z'),
    });
    expect(notificationWindow('army', at('2027-10-31T10:00:00Z'))).toEqual({
      opensAt: at('2027-10-29T02:00:00Z'),
      closesAt: at('2027-10-31T03:00:00Z'),
    });
  });

  it('shifts days across a month end and reads the Paris day, not the UTC day', () => {
    // 23:30 UTC on 28 February is 1 March in Paris: two days before is 27 February.
    expect(parisTimeOnDay(at('2027-02-28T23:30:00Z'), -2, 4).toISOString()).toBe('2027-02-27T03:00:00.000Z');
  });
});

describe('notification status transitions', () => {
  it.each([
    ['scheduled', 'send', 'sent'],
    ['scheduled', 'cancel', 'canceled'],
    ['scheduled', 'expire', 'canceled'],
    ['sent', 'update', 'updated'],
    ['sent', 'cancel', 'canceled'],
    ['updated', 'update', 'updated'],
    ['updated', 'cancel', 'canceled'],
  ] as const)('%s --%s--> %s', (from, action, to) => {
    expect(nextNotificationStatus(from, action)).toBe(to);
  });

  it.each([
    ['scheduled', 'update'],
    ['sent', 'send'],
    ['sent', 'expire'],
    ['canceled', 'send'],
    ['canceled', 'cancel'],
  ] as const)('%s refuses %s', (from, action) => {
    expect(nextNotificationStatus(from, action)).toBeNull();
  });

  it('a canceled notification allows nothing', () => {
    expect(allowedNotificationActions('canceled')).toEqual([]);
  });
});

describe("a notification's date, time and army time range (spec domain §3), on the Paris clock", () => {
  it('gives the army the start-to-end range, in winter time, across midnight', () => {
    expect(notificationSchedule('army', new Date('2026-12-31T21:30:00Z'), new Date('2027-01-01T02:15:00Z'))).toEqual({
      date: '2026-12-31',
      time: '22:30',
      armyTimeRange: { from: '22:30', to: '03:15' },
    });
  });

  it('dates a flight by its Paris day, and gives the prefecture no army range', () => {
    expect(notificationSchedule('prefecture', new Date('2026-06-30T22:30:00Z'), new Date('2026-07-01T01:00:00Z'))).toEqual({
      date: '2026-07-01',
      time: '00:30',
      armyTimeRange: null,
    });
  });
});
