import { describe, expect, it } from 'vitest';
import { distance } from '@turf/turf';
import { durationToHours, toUtcIso } from '@/shared/geozones/raw-values';
import { rawVolume, rawZone, zonesFrom } from './geozone-fixtures';

const volumeOf = (overrides: Record<string, unknown>) => zonesFrom(rawZone({ geometry: [rawVolume(overrides)] }))[0]!.volumes[0]!;

describe('vertical limits are normalised to metres', () => {
  it('converts feet with 1 ft = 0.3048 m', () => {
    expect(volumeOf({ uomDimensions: 'FT', lowerLimit: 100, upperLimit: 400 })).toMatchObject({ lowerM: 30.48, upperM: 121.92 });
  });

  it('reads 99999 as no ceiling, in metres or in feet', () => {
    expect(volumeOf({ upperLimit: 99999 }).upperM).toBeNull();
    expect(volumeOf({ uomDimensions: 'FT', upperLimit: 99999 }).upperM).toBeNull();
  });

  it('reads a null or absent upper limit as no ceiling', () => {
    expect(volumeOf({ upperLimit: null }).upperM).toBeNull();
    expect(volumeOf({ upperLimit: undefined, upperVerticalReference: undefined }).upperM).toBeNull();
  });

  it('reads a null lower limit as the surface', () => {
    expect(volumeOf({ lowerLimit: null })).toMatchObject({ lowerM: 0, lowerReference: 'AGL' });
  });

  it('accepts numbers written as strings, such as "0"', () => {
    expect(volumeOf({ lowerLimit: '0', upperLimit: ' 120 ' })).toMatchObject({ lowerM: 0, upperM: 120 });
  });

  it('keeps mixed references, e.g. 0 m AGL to 6259 m AMSL', () => {
    expect(volumeOf({ upperLimit: 6259, upperVerticalReference: 'AMSL' })).toMatchObject({
      lowerReference: 'AGL',
      upperM: 6259,
      upperReference: 'AMSL',
    });
  });

  it('accepts the ED-318 lowercase units and the WGS84 reference', () => {
    expect(volumeOf({ uomDimensions: 'ft', upperLimit: 1000, upperVerticalReference: 'WGS84' })).toMatchObject({
      upperM: 304.8,
      upperReference: 'WGS84',
    });
  });
});

describe('circles', () => {
  it('reads an ED-269 circle radius in uomDimensions (feet here)', () => {
    const volume = volumeOf({ uomDimensions: 'FT', horizontalProjection: { type: 'Circle', center: [2.35, 48.85], radius: 1000 } });

    expect(volume.circle).toEqual({ center: [2.35, 48.85], radiusM: 304.8 });
  });

  it('stores a circle as a counter-clockwise 64-vertex polygon that circumscribes it', () => {
    const volume = volumeOf({ horizontalProjection: { type: 'Circle', center: [2.35, 48.85], radius: 3000 } });
    const ring = volume.geometry.type === 'Polygon' ? volume.geometry.coordinates[0]! : [];
    const distances = ring.map((position) => distance([2.35, 48.85], position, { units: 'meters' }));
    const signedArea = ring.slice(1).reduce((sum, [lon, lat], index) => sum + (ring[index]![0] * lat - lon * ring[index]![1]), 0);

    expect(ring).toHaveLength(65);
    expect(Math.min(...distances)).toBeGreaterThanOrEqual(3000);
    expect(Math.max(...distances)).toBeLessThan(3000 * 1.0013);
    expect(signedArea).toBeGreaterThan(0);
  });
});

describe('dates and durations', () => {
  it('turns date-times with an offset into UTC instants', () => {
    expect(toUtcIso('2023-01-01T01:00:00+01:00')).toBe('2023-01-01T00:00:00.000Z');
    expect(toUtcIso('2022-06-15T09:00:00.00Z')).toBe('2022-06-15T09:00:00.000Z');
    expect(toUtcIso('2022-06-15T09:00:00+0200')).toBe('2022-06-15T07:00:00.000Z');
  });

  it('reads a date-time without offset as UTC, whatever the time zone of the machine', () => {
    expect(toUtcIso('2022-06-15T09:00:00')).toBe('2022-06-15T09:00:00.000Z');
  });

  it('refuses what is not an ISO-8601 date-time', () => {
    expect(toUtcIso('15/06/2022')).toBeUndefined();
    expect(toUtcIso('2022-13-45T09:00:00Z')).toBeUndefined();
  });

  it('reads intervalBefore as hours: P10DT00H is 240 h, PT36H is 36 h, P1W is 168 h', () => {
    expect(durationToHours('P10DT00H')).toBe(240);
    expect(durationToHours('PT36H')).toBe(36);
    expect(durationToHours('P1W')).toBe(168);
    expect(durationToHours('P1DT12H30M')).toBe(36.5);
  });

  it('gives no hours for durations in months or years, whose length depends on the date', () => {
    expect(durationToHours('P1M')).toBeUndefined();
    expect(durationToHours('P1Y')).toBeUndefined();
  });

  it('keeps the published intervalBefore next to its hours', () => {
    const [zone] = zonesFrom(rawZone({ zoneAuthority: [{ name: 'DAC', purpose: 'AUTHORIZATION', intervalBefore: 'P02DT00H' }] }));

    expect(zone?.zoneAuthorities[0]).toEqual({
      name: 'DAC',
      purpose: 'AUTHORIZATION',
      intervalBefore: 'P02DT00H',
      intervalBeforeHours: 48,
    });
  });
});
