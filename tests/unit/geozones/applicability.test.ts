import { describe, expect, it } from 'vitest';
import { isActiveAt, isActiveDuring } from '@/shared/geozones/applicability';
import type { ApplicabilityPeriod, Position, ZoneVolume } from '@/shared/geozones/zone';
import { parseSeedFile, rawZone, zonesFrom } from './geozone-fixtures';

const PARIS: Position = [2.35, 48.85];
const TOKYO: Position = [139.69, 35.69];
const LUXEMBOURG: Position = [6.13, 49.61];
const volumeAt = ([lon, lat]: Position): ZoneVolume => ({
  lowerM: 0,
  upperM: 120,
  lowerReference: 'AGL',
  upperReference: 'AGL',
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [lon, lat],
        [lon + 0.01, lat],
        [lon + 0.01, lat + 0.01],
        [lon, lat],
      ],
    ],
  },
});
const zoneIn = (position: Position, ...applicability: ApplicabilityPeriod[]) => ({ applicability, volumes: [volumeAt(position)] });
const zoneWith = (...applicability: ApplicabilityPeriod[]) => zoneIn(PARIS, ...applicability);
const at = (iso: string) => new Date(iso);

describe('GZ-05: when a zone is active', () => {
  it('a permanent period applies at all times', () => {
    const zone = zoneWith({ permanent: true });

    expect(isActiveAt(zone, at('1999-01-01T00:00:00Z'))).toBe(true);
    expect(isActiveAt(zone, at('2099-12-31T23:59:59Z'))).toBe(true);
  });

  it('a permanent period ignores the dates and schedule that came with it in the file', () => {
    const [zone] = zonesFrom(
      rawZone({
        applicability: [
          {
            permanent: 'YES',
            startDateTime: '2020-01-01T00:00:00Z',
            endDateTime: '2020-01-02T00:00:00Z',
            schedule: [{ day: ['MON'], startTime: '08:00Z', endTime: '09:00Z' }],
          },
        ],
      }),
    );

    expect(zone?.applicability).toEqual([{ permanent: true }]);
    expect(isActiveAt(zone!, at('2026-03-14T20:00:00Z'))).toBe(true);
  });

  it('a date window applies from its start to its end, both included', () => {
    const zone = zoneWith({ permanent: false, start: '2026-07-21T07:00:00.000Z', end: '2026-07-21T13:00:00.000Z' });

    expect(isActiveAt(zone, at('2026-07-21T06:59:59Z'))).toBe(false);
    expect(isActiveAt(zone, at('2026-07-21T07:00:00Z'))).toBe(true);
    expect(isActiveAt(zone, at('2026-07-21T13:00:00Z'))).toBe(true);
    expect(isActiveAt(zone, at('2026-07-21T13:00:01Z'))).toBe(false);
  });

  it('a window open on one side applies from its start on, or up to its end', () => {
    expect(isActiveAt(zoneWith({ permanent: false, start: '2026-01-01T00:00:00.000Z' }), at('2090-01-01T00:00:00Z'))).toBe(true);
    expect(isActiveAt(zoneWith({ permanent: false, end: '2026-01-01T00:00:00.000Z' }), at('2026-01-02T00:00:00Z'))).toBe(false);
  });

  it('a zone with several periods is active when any of them is', () => {
    const zone = zoneWith(
      { permanent: false, start: '2026-01-01T00:00:00.000Z', end: '2026-01-02T00:00:00.000Z' },
      { permanent: false, start: '2026-02-01T00:00:00.000Z', end: '2026-02-02T00:00:00.000Z' },
    );

    expect(isActiveAt(zone, at('2026-02-01T12:00:00Z'))).toBe(true);
    expect(isActiveAt(zone, at('2026-01-15T12:00:00Z'))).toBe(false);
  });

  describe('weekly schedules, in UTC when the times end in Z', () => {
    // CHE "Montreux Concert Area": SAT and SUN 17:00:00.00Z–23:59:59.00Z, from 2022-06-15 to 2023-06-15.
    const montreux = () => parseSeedFile('interuss-che-ed269.json').zones.find((zone) => zone.identifier === 'Montreux Concert Area')!;

    it('is active on Saturday evening inside the window', () => {
      expect(isActiveAt(montreux(), at('2022-07-02T18:00:00Z'))).toBe(true);
    });

    it('is active until the last second of 23:59:59', () => {
      expect(isActiveAt(montreux(), at('2022-07-03T23:59:59.900Z'))).toBe(true);
    });

    it('is not active on Saturday before 17:00 UTC, even though it is after 17:00 in Switzerland', () => {
      expect(isActiveAt(montreux(), at('2022-07-02T16:59:59Z'))).toBe(false);
    });

    it('is not active on a Friday evening', () => {
      expect(isActiveAt(montreux(), at('2022-07-01T18:00:00Z'))).toBe(false);
    });

    it('is not active on a Saturday evening after the end date', () => {
      expect(isActiveAt(montreux(), at('2023-07-01T18:00:00Z'))).toBe(false);
    });

    it('ANY matches every day of the week', () => {
      const zone = zoneWith({ permanent: false, schedule: [{ days: ['ANY'], startTime: '16:00:00Z', endTime: '17:00:00Z' }] });

      expect(isActiveAt(zone, at('2026-05-13T16:30:00Z'))).toBe(true);
      expect(isActiveAt(zone, at('2026-05-16T16:30:00Z'))).toBe(true);
      expect(isActiveAt(zone, at('2026-05-16T17:30:00Z'))).toBe(false);
    });

    it('a window ending before it starts runs past midnight and belongs to the day it starts on', () => {
      const zone = zoneWith({ permanent: false, schedule: [{ days: ['FRI'], startTime: '22:00Z', endTime: '06:00Z' }] });

      expect(isActiveAt(zone, at('2026-05-15T23:00:00Z'))).toBe(true);
      expect(isActiveAt(zone, at('2026-05-16T05:00:00Z'))).toBe(true);
      expect(isActiveAt(zone, at('2026-05-16T23:00:00Z'))).toBe(false);
      expect(isActiveAt(zone, at('2026-05-15T05:00:00Z'))).toBe(false);
    });

    it('reads times with an offset in that offset, including the weekday', () => {
      const zone = zoneWith({ permanent: false, schedule: [{ days: ['MON'], startTime: '00:30:00+02:00', endTime: '01:30:00+02:00' }] });

      // Sunday 22:45 UTC is Monday 00:45 at +02:00.
      expect(isActiveAt(zone, at('2026-05-17T22:45:00Z'))).toBe(true);
      expect(isActiveAt(zone, at('2026-05-18T00:45:00Z'))).toBe(false);
    });

    it('reads times without a designator in the local time of where the zone lies, summer time included', () => {
      const paris = zoneWith({ permanent: false, schedule: [{ days: ['MON'], startTime: '08:00:00', endTime: '12:00:00' }] });
      const tokyo = zoneIn(TOKYO, { permanent: false, schedule: [{ days: ['MON'], startTime: '08:00', endTime: '12:00' }] });

      // Paris in summer (UTC+2): 08:00–12:00 is 06:00–10:00 UTC.
      expect(isActiveAt(paris, at('2026-07-06T06:30:00Z'))).toBe(true);
      expect(isActiveAt(paris, at('2026-07-06T10:30:00Z'))).toBe(false);
      // In winter (UTC+1): 07:00–11:00 UTC.
      expect(isActiveAt(paris, at('2026-01-05T06:30:00Z'))).toBe(false);
      expect(isActiveAt(paris, at('2026-01-05T10:30:00Z'))).toBe(true);
      // Tokyo (UTC+9): Monday 08:00 is Sunday 23:00 UTC.
      expect(isActiveAt(tokyo, at('2026-07-05T23:30:00Z'))).toBe(true);
      expect(isActiveAt(tokyo, at('2026-07-06T06:30:00Z'))).toBe(false);
    });

    it('follows the local clock on the days of the clock changes, in Luxembourg as in Paris', () => {
      const schedule = [{ days: ['SUN' as const], startTime: '01:00', endTime: '04:00' }];
      const luxembourg = zoneIn(LUXEMBOURG, { permanent: false, schedule });
      const paris = zoneWith({ permanent: false, schedule });

      for (const zone of [luxembourg, paris]) {
        // 29 March 2026: 02:00 CET becomes 03:00 CEST at 01:00 UTC; 04:00 CEST is 02:00 UTC.
        expect(isActiveAt(zone, at('2026-03-29T01:45:00Z'))).toBe(true);
        expect(isActiveAt(zone, at('2026-03-29T02:15:00Z'))).toBe(false);
        // 25 October 2026: 03:00 CEST becomes 02:00 CET at 01:00 UTC; 01:00 CEST is 23:00 UTC the day before, 04:00 CET is 03:00 UTC.
        expect(isActiveAt(zone, at('2026-10-24T22:45:00Z'))).toBe(false);
        expect(isActiveAt(zone, at('2026-10-24T23:15:00Z'))).toBe(true);
        expect(isActiveAt(zone, at('2026-10-25T02:45:00Z'))).toBe(true);
        expect(isActiveAt(zone, at('2026-10-25T03:15:00Z'))).toBe(false);
      }
    });

    it('treats a sunrise or sunset bound as the whole day, so the zone is never missed', () => {
      const zone = zoneWith({ permanent: false, schedule: [{ days: ['SAT'], startEvent: 'SS', endEvent: 'SR' }] });

      expect(isActiveAt(zone, at('2026-05-16T12:00:00Z'))).toBe(true);
      expect(isActiveAt(zone, at('2026-05-17T12:00:00Z'))).toBe(false);
    });
  });

  it('applies the Luxembourg windows given with a +01:00 or +02:00 offset', () => {
    // LU MLTSA07 "EL-UAS-TSA7": 2026-07-21T09:00:00+02:00 to 2026-07-21T15:00:00+02:00.
    const event = parseSeedFile('lu-ed269.json').zones.find((zone) => zone.identifier === 'MLTSA07')!;

    expect(event.applicability).toEqual([{ permanent: false, start: '2026-07-21T07:00:00.000Z', end: '2026-07-21T13:00:00.000Z' }]);

    expect(isActiveAt(event, at('2026-07-21T08:00:00+02:00'))).toBe(false);
    expect(isActiveAt(event, at('2026-07-21T10:00:00+02:00'))).toBe(true);
  });
});

describe('whether a zone applies at some time of a flight window', () => {
  const window = (startAt: string, endAt: string) => ({ startAt: at(startAt), endAt: at(endAt) });

  it('a date window starting after the flight starts, before it ends, applies; one after it ends does not', () => {
    const restriction = zoneWith({ permanent: false, start: '2026-07-01T09:00:00.000Z', end: '2026-07-01T11:00:00.000Z' });

    expect(isActiveAt(restriction, at('2026-07-01T08:00:00Z'))).toBe(false);
    expect(isActiveDuring(restriction, window('2026-07-01T08:00:00Z', '2026-07-01T10:00:00Z'))).toBe(true);
    expect(isActiveDuring(restriction, window('2026-07-01T08:00:00Z', '2026-07-01T09:00:00Z'))).toBe(true);
    expect(isActiveDuring(restriction, window('2026-07-01T11:00:01Z', '2026-07-01T12:00:00Z'))).toBe(false);
    expect(isActiveDuring(restriction, window('2026-07-01T07:00:00Z', '2026-07-01T08:59:59Z'))).toBe(false);
  });

  it('a weekly schedule applies when one of its daily windows falls in the flight, even days after its start', () => {
    const evenings = zoneWith({ permanent: false, schedule: [{ days: ['SAT'], startTime: '17:00Z', endTime: '18:00Z' }] });

    // Monday 18 May 2026 08:00 to Saturday 23 May 17:30, then to Saturday 16:59.
    expect(isActiveDuring(evenings, window('2026-05-18T08:00:00Z', '2026-05-23T17:30:00Z'))).toBe(true);
    expect(isActiveDuring(evenings, window('2026-05-18T08:00:00Z', '2026-05-23T16:59:00Z'))).toBe(false);
  });

  it('a schedule is read only inside its period: a window of the flight after the period ends does not apply', () => {
    const zone = zoneWith({
      permanent: false,
      end: '2026-05-20T00:00:00.000Z',
      schedule: [{ days: ['ANY'], startTime: '12:00Z', endTime: '13:00Z' }],
    });

    expect(isActiveDuring(zone, window('2026-05-19T14:00:00Z', '2026-05-21T08:00:00Z'))).toBe(false);
    expect(isActiveDuring(zone, window('2026-05-19T11:00:00Z', '2026-05-19T12:00:00Z'))).toBe(true);
  });
});
