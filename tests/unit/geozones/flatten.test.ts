import { describe, expect, it } from 'vitest';
import { toEngineZone } from '@/shared/geozones/flatten';
import { ZoneIndex } from '@/shared/geozones/zone-index';
import { parseSeedFile, rawVolume, rawZone, squareAround, zonesFrom } from './geozone-fixtures';

const NOON = new Date('2026-06-01T12:00:00Z');

describe('toEngineZone: the flattened zone the regulation engine consumes', () => {
  it('carries the limits in metres above ground, the authority and its notice in days (CIS ED-318 Bern-Belp)', () => {
    const [bernBelp] = parseSeedFile('interuss-cis-ed318.json').zones;
    const [match] = new ZoneIndex([bernBelp!]).query(squareAround([7.47, 46.95], 0.001), { maxHeightM: 120, at: NOON });

    expect(toEngineZone(match!)).toEqual({
      identifier: 'LSZB003',
      name: 'LSZB Bern-Belp 2',
      restriction: 'REQ_AUTHORISATION',
      lowerLimitM: 60,
      upperLimitM: null,
      authorityName: 'Skyguide',
      intervalBeforeDays: 10,
    });
  });

  it('reports an AMSL floor as 0 m and an AMSL ceiling as unknown (null), the safe reading without terrain', () => {
    const [zone] = zonesFrom(
      rawZone({
        geometry: [rawVolume({ lowerLimit: 500, lowerVerticalReference: 'AMSL', upperLimit: 6259, upperVerticalReference: 'AMSL' })],
      }),
    );
    const [match] = new ZoneIndex([zone!]).query(squareAround([2.35, 48.85], 0.001), { maxHeightM: 120, at: NOON });

    expect(toEngineZone(match!)).toMatchObject({ lowerLimitM: 0, upperLimitM: null });
  });

  it('keeps the floor of a zone starting above the ground, which becomes the height cap (GZ-03)', () => {
    const [zone] = zonesFrom(rawZone({ geometry: [rawVolume({ lowerLimit: 50, upperLimit: 120 })] }));
    const [match] = new ZoneIndex([zone!]).query(squareAround([2.35, 48.85], 0.001), { maxHeightM: 120, at: NOON });

    expect(toEngineZone(match!)).toMatchObject({ lowerLimitM: 50, upperLimitM: 120 });
  });

  it('names the authority whose purpose matches the restriction: NOTIFICATION for a conditional zone', () => {
    const [zone] = zonesFrom(
      rawZone({
        restriction: 'CONDITIONAL',
        message: 'Notify the heliport',
        zoneAuthority: [
          { name: 'Ministry', purpose: 'INFORMATION' },
          { name: 'Heliport', purpose: 'NOTIFICATION', intervalBefore: 'PT36H' },
          { name: 'DAC', purpose: 'AUTHORIZATION' },
        ],
      }),
    );
    const [match] = new ZoneIndex([zone!]).query(squareAround([2.35, 48.85], 0.001), { maxHeightM: 120, at: NOON });

    expect(toEngineZone(match!)).toMatchObject({ message: 'Notify the heliport', authorityName: 'Heliport', intervalBeforeDays: 1.5 });
  });

  it('falls back to the first authority when none states a purpose (CHE sample)', () => {
    const lausanne = parseSeedFile('interuss-che-ed269.json').zones.find((zone) => zone.identifier === 'Lausanne Airport')!;
    const [match] = new ZoneIndex([lausanne]).query(squareAround([6.617, 46.545], 0.001), { maxHeightM: 120, at: NOON });

    expect(toEngineZone(match!)).toMatchObject({ authorityName: 'Lausanne Airport', lowerLimitM: 0, upperLimitM: 120 });
    expect(toEngineZone(match!)).not.toHaveProperty('intervalBeforeDays');
  });
});
