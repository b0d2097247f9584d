import { describe, expect, it } from 'vitest';
import { parseSbsLine } from '../../../server/integrations/adsb/sbs';

// Lines of tests/fixtures/sbs1-capture.txt (origin noted beside it).
describe('SBS-1 line parser', () => {
  it('reads a callsign (MSG,1), a position with its altitude (MSG,3) and a velocity (MSG,4)', () => {
    expect(parseSbsLine('MSG,1,1,1,A22123,1,2026/09/14,16:05:25.403,2026/09/14,16:05:25.428,AAL433  ,,,,,,,,,,,0')).toEqual({
      hex: 'A22123',
      transmission: 1,
      callsign: 'AAL433',
      onGround: false,
    });
    expect(
      parseSbsLine('MSG,3,1,1,A22123,1,2026/09/14,16:05:24.167,2026/09/14,16:05:24.173,,8275,,,40.14684,-83.17065,,,0,,0,0\r'),
    ).toEqual({
      hex: 'A22123',
      transmission: 3,
      altitudeFt: 8275,
      lat: 40.14684,
      lon: -83.17065,
      onGround: false,
    });
    expect(parseSbsLine('MSG,4,1,1,A22123,1,2026/09/14,16:05:23.647,2026/09/14,16:05:23.684,,,117,240,,,0,,,,,0')).toEqual({
      hex: 'A22123',
      transmission: 4,
      groundSpeedKt: 117,
      trackDeg: 240,
      onGround: false,
    });
  });

  it('reads the squawk (MSG,6), altitudes (MSG,5 and 7) and the on-ground flag', () => {
    expect(parseSbsLine('MSG,6,1,1,A262D4,1,2026/08/30,19:14:49.850,2026/08/30,19:14:49.912,,,,,,,,3543,0,0,0,')).toEqual({
      hex: 'A262D4',
      transmission: 6,
      squawk: '3543',
    });
    expect(parseSbsLine('MSG,6,496,237,4CA215,27864,2010/02/19,17:58:12.846,2010/02/19,17:58:13.368,,33325,,,,,,0271,0,0,0,0')).toEqual({
      hex: '4CA215',
      transmission: 6,
      altitudeFt: 33325,
      squawk: '0271',
      onGround: false,
    });
    expect(parseSbsLine('MSG,7,496,742,51106E,27929,2011/03/06,07:57:36.523,2011/03/06,07:57:37.054,,3775,,,,,,,,,,0')).toEqual({
      hex: '51106E',
      transmission: 7,
      altitudeFt: 3775,
      onGround: false,
    });
  });

  it.each([
    'SEL,,496,2286,4CA4E5,27215,2010/02/19,18:06:07.710,2010/02/19,18:06:07.710,RYR1427',
    'MSG,2,496,603,400CB6,13168,2008/10/13,12:24:32.414,2008/10/13,12:28:52.074,,,0,76.4,258.3,54.05735,-4.38826,,,,,,0',
    'MSG,3,1,1,,1,2023/01/01,12:21:11.000,2023/01/01,12:21:11.000,,,,,,,,,0,0,0,0',
    'MSG,3,1,1,89639D,1,2026/08/30,19:14:44.248,2026/08/30,19:14:44.300,,40000,,,,,,,0,,0,0',
    '',
  ])('ignores %j', (line) => {
    expect(parseSbsLine(line)).toBeNull();
  });
});
