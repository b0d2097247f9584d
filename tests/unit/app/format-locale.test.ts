import { describe, expect, it } from 'vitest';
import { formatLocale } from '@/lib/format';

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
