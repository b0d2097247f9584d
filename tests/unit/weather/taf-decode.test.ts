import { describe, expect, it } from 'vitest';
import { decodeTafAt } from '../../../server/modules/weather/taf-decode';
import { issueTimeOf, shiftReport } from '../../../server/integrations/weather/shift-report';
import { readRecording } from '../../../server/integrations/weather/taf-source';

const recorded = (icao: string) => {
  const recording = readRecording().find((r) => r.icao === icao)!;
  return { raw: recording.taf, issued: new Date(recording.issuedAt) };
};

function decode(icao: string, at: string) {
  const { raw, issued } = recorded(icao);
  const result = decodeTafAt(raw, issued, new Date(at));
  if (!result.ok) throw new Error(`no forecast: ${result.reason}`);
  return result.taf;
}

describe('decodeTafAt on real TAFs', () => {
  it('LFPB: a PROB30 group without TEMPO is a probable change (fog, ceiling 300 ft)', () => {
    const taf = decode('LFPB', '2020-11-29T04:00:00Z');

    expect(taf.prevailing).toMatchObject({ visibilityM: 4000, ceilingFt: null, category: 'IFR' });
    expect(taf.supplemental).toEqual([expect.objectContaining({ probability: 30, visibilityM: 300, ceilingFt: 300, category: 'LIFR' })]);
    expect(taf.worstCategory).toBe('LIFR');
  });

  it('LFPG (amended): gusts and mist from the initial group, a TEMPO of haze', () => {
    const taf = decode('LFPG', '2018-02-22T12:00:00Z');

    expect(taf.prevailing).toMatchObject({ windDirectionDeg: 30, windSpeedKt: 10, windGustKt: 20, visibilityM: 5000, category: 'MVFR' });
    expect(taf.supplemental).toEqual([expect.objectContaining({ change: 'TEMPO', visibilityM: 4500, phenomena: ['HZ'], category: 'IFR' })]);
  });

  it('ELLX: BECMG lowers the ceiling to 1,500 ft and a TEMPO of drizzle brings it to 1,000 ft', () => {
    const taf = decode('ELLX', '2020-07-16T12:00:00Z');

    expect(taf.prevailing).toMatchObject({ ceilingFt: 1500, visibilityM: 9999, category: 'MVFR' });
    expect(taf.supplemental).toEqual([
      expect.objectContaining({ change: 'TEMPO', ceilingFt: 1000, visibilityM: 4500, phenomena: ['-RADZ'], category: 'IFR' }),
    ]);
  });

  it('EDDB: thunderstorms with a PROB40 TEMPO, then a BECMG wind change that keeps the clouds', () => {
    const storm = decode('EDDB', '2024-07-16T14:00:00Z');
    expect(storm.prevailing).toMatchObject({ ceilingFt: 3000, category: 'MVFR' });
    expect(storm.supplemental).toEqual([
      expect.objectContaining({ probability: 40, windGustKt: 25, visibilityM: 3000, phenomena: ['TSRA'], category: 'IFR' }),
    ]);

    const evening = decode('EDDB', '2024-07-16T19:30:00Z');
    expect(evening.prevailing).toMatchObject({ windDirectionDeg: 280, windSpeedKt: 4, ceilingFt: 3000 });
  });

  it('gives no forecast outside the validity, nor for a TAF valid longer than 30 hours', () => {
    const { raw, issued } = recorded('LFPO');
    expect(decodeTafAt(raw, issued, new Date('2020-11-29T18:00:00Z'))).toEqual({ ok: false, reason: 'outside' });
    expect(decodeTafAt(raw, issued, new Date('2020-11-28T11:30:00Z'))).toEqual({ ok: false, reason: 'outside' });
    const longer = raw.replace('2812/2918', '2812/3006');
    expect(decodeTafAt(longer, issued, new Date('2020-11-29T05:00:00Z'))).toEqual({ ok: false, reason: 'validity' });
  });

  it('gives no forecast for a text that is not a TAF', () => {
    expect(decodeTafAt('METAR LFPO 281300Z 03006KT CAVOK 11/05 Q1016', new Date(), new Date())).toMatchObject({ ok: false });
  });
});

describe('shiftReport', () => {
  it('moves the issue, the periods, FM groups and temperature times by whole hours across a month end', () => {
    const text = 'TAF LFPG 302300Z 3100/0106 03010KT 9999 FM310600 27005KT CAVOK TX14/3114Z TNM02/0104Z';

    expect(shiftReport(text, new Date('2024-10-30T23:00:00Z'), 26)).toBe(
      'TAF LFPG 010100Z 0102/0208 03010KT 9999 FM010800 27005KT CAVOK TX14/0116Z TNM02/0206Z',
    );
  });

  it('reads an end of validity written 24 as midnight', () => {
    expect(shiftReport('TAF ELLX 160500Z 1606/1624', new Date('2020-07-16T05:00:00Z'), 1)).toBe('TAF ELLX 160600Z 1607/1701');
  });

  it('finds the issue time of a report in the current or the previous month', () => {
    expect(issueTimeOf('TAF LFPO 150500Z 1506/1612', new Date('2026-06-15T08:00:00Z'))?.toISOString()).toBe('2026-06-15T05:00:00.000Z');
    expect(issueTimeOf('TAF LFPO 302300Z 3100/0106', new Date('2026-06-01T01:00:00Z'))?.toISOString()).toBe('2026-05-30T23:00:00.000Z');
  });
});
