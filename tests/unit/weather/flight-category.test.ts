import { describe, expect, it } from 'vitest';
import { flightCategory, rainRadarSlot, rainRadarTiles, worstCategory, type FlightCategory } from '../../../src/shared/domain/weather';

// Thresholds of the US National Weather Service flight categories (docs/weather.md): 1 statute mile = 1,609 m.
describe('flightCategory', () => {
  const rows: [string, number | null, number | null, FlightCategory][] = [
    ['no ceiling, 10 km', null, 10_000, 'VFR'],
    ['ceiling 3,100 ft, visibility over 5 SM', 3100, 8100, 'VFR'],
    ['ceiling 3,000 ft is MVFR', 3000, 10_000, 'MVFR'],
    ['visibility 5 SM (8,047 m) is MVFR', null, 8046, 'MVFR'],
    ['ceiling 1,000 ft is MVFR', 1000, 10_000, 'MVFR'],
    ['ceiling 900 ft is IFR', 900, 10_000, 'IFR'],
    ['visibility under 3 SM (4,828 m) is IFR', null, 4000, 'IFR'],
    ['ceiling 500 ft is IFR', 500, 10_000, 'IFR'],
    ['ceiling 400 ft is LIFR', 400, 10_000, 'LIFR'],
    ['visibility under 1 SM (1,609 m) is LIFR', null, 1500, 'LIFR'],
    ['the worse of ceiling and visibility decides', 2500, 600, 'LIFR'],
    ['unknown visibility and no ceiling', null, null, 'VFR'],
  ];
  it.each(rows)('%s', (_case, ceilingFt, visibilityM, expected) => {
    expect(flightCategory(ceilingFt, visibilityM)).toBe(expected);
  });

  it('worstCategory keeps the worse of two', () => {
    expect(worstCategory('VFR', 'IFR')).toBe('IFR');
    expect(worstCategory('LIFR', 'MVFR')).toBe('LIFR');
  });
});

describe('rain radar tiles', () => {
  it('asks for one image per 10-minute period', () => {
    expect(rainRadarSlot(new Date('2026-11-24T09:59:59Z')).toISOString()).toBe('2026-11-24T09:50:00.000Z');
    expect(rainRadarSlot(new Date('2026-11-24T10:00:00Z')).toISOString()).toBe('2026-11-24T10:00:00.000Z');
  });

  it('names the image by time where the template asks for it, else adds a t parameter', () => {
    const slot = new Date('2026-11-24T09:50:00Z');
    expect(rainRadarTiles('https://radar.test/{time}/{z}/{x}/{y}.png', slot)).toBe('https://radar.test/1795513800/{z}/{x}/{y}.png');
    expect(rainRadarTiles('https://radar.test/{z}/{x}/{y}.png', slot)).toBe('https://radar.test/{z}/{x}/{y}.png?t=1795513800');
    expect(rainRadarTiles('https://radar.test/{z}/{x}/{y}.png?key=1', slot)).toBe('https://radar.test/{z}/{x}/{y}.png?key=1&t=1795513800');
  });
});
