import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { dateInputFormat, dateTimeInputFormat, formatLocale, usesTwelveHourClock } from '@/lib/format';

describe('formatLocale: dates follow the reader, not the bare language code', () => {
  it.each([
    ['en', ['en-GB', 'fr-FR'], 'en-GB'],
    ['en', ['en-US'], 'en-US'],
    ['en', ['fr-FR', 'en-AU'], 'en-AU'],
    ['en', ['de-DE'], 'en-GB'],
    ['en', [], 'en-GB'],
    ['fr', ['fr-CA', 'en-US'], 'fr-CA'],
    ['fr', ['en-US'], 'fr-FR'],
  ] as const)('%s with a browser preferring %j writes dates as %s', (language, preferred, expected) => {
    expect(formatLocale(language, preferred)).toBe(expected);
  });

  it('an English reader without an English browser locale gets 24-hour, day-first dates', () => {
    const at = new Date('2026-11-27T09:05:00Z');
    const text = new Intl.DateTimeFormat(formatLocale('en', []), { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' }).format(at);
    expect(text).toBe('27/11/2026, 09:05');
  });
});

describe("dateTimeInputFormat: the date pickers' format follows the reader's locale", () => {
  it.each([
    ['en', ['en-GB'], 'DD/MM/YYYY, HH:mm', '27/11/2026, 09:05'],
    ['en', [], 'DD/MM/YYYY, HH:mm', '27/11/2026, 09:05'],
    ['fr', ['fr-FR'], 'DD/MM/YYYY HH:mm', '27/11/2026 09:05'],
  ] as const)('%s with a browser preferring %j: %s', (language, preferred, format, shown) => {
    expect(dateTimeInputFormat(language, preferred)).toBe(format);
    expect(dayjs('2026-11-27 09:05').format(format)).toBe(shown);
  });

  it('gives an American reader month first and a 12-hour clock', () => {
    const format = dateTimeInputFormat('en', ['en-US']);
    expect(format).toMatch(/^MM\/DD\/YYYY, hh:mm\s?A$/);
    expect(dayjs('2026-11-27 21:05').format(format).replace(/\s/g, ' ')).toBe('11/27/2026, 09:05 PM');
  });
});

describe("dateInputFormat and usesTwelveHourClock: the date and time inputs follow the reader's locale", () => {
  it.each([
    ['en', ['en-GB'], 'DD/MM/YYYY', false],
    ['en', ['en-US'], 'MM/DD/YYYY', true],
    ['fr', ['fr-FR'], 'DD/MM/YYYY', false],
    ['fr', ['en-US'], 'DD/MM/YYYY', false],
  ] as const)('%s with a browser preferring %j: %s', (language, preferred, format, twelveHours) => {
    expect(dateInputFormat(language, preferred)).toBe(format);
    expect(usesTwelveHourClock(language, preferred)).toBe(twelveHours);
  });
});
