import { describe, expect, it } from 'vitest';
import { zoneSchema, type Zone } from '@/shared/geozones/zone';
import { parseSeedFile, readSeedFile } from './geozone-fixtures';

const volumeCount = (zones: Zone[]) => zones.reduce((count, zone) => count + zone.volumes.length, 0);
const byIdentifier = (zones: Zone[], identifier: string) => zones.filter((zone) => zone.identifier === identifier);

describe('parsing the shipped geozone files (counts of data/README.md)', () => {
  it('reads the French ED-269 file as 3,642 zones and 6,344 volumes, with no rejection', () => {
    const { format, zones, errors } = parseSeedFile('fr-ed269.json');

    expect(format).toBe('ED-269');
    expect(errors).toEqual([]);
    expect(zones).toHaveLength(3642);
    expect(volumeCount(zones)).toBe(6344);
  });

  it('keeps the French restriction split (1,356 prohibited, 1,233 conditional, 1,053 on authorisation)', () => {
    const { zones } = parseSeedFile('fr-ed269.json');
    const count = (restriction: Zone['restriction']) => zones.filter((zone) => zone.restriction === restriction).length;

    expect(count('PROHIBITED')).toBe(1356);
    expect(count('CONDITIONAL')).toBe(1233);
    expect(count('REQ_AUTHORISATION')).toBe(1053);
    expect(count('NO_RESTRICTION')).toBe(0);
    expect(zones.every((zone) => zone.country === 'FRA' && zone.applicability[0]?.permanent === true)).toBe(true);
  });

  it('keeps the French 30766 m AMSL ceilings as found', () => {
    const { zones } = parseSeedFile('fr-ed269.json');
    const [first] = byIdentifier(zones, 'FR1');

    expect(first?.volumes[0]).toMatchObject({ lowerM: 0, lowerReference: 'AGL', upperM: 30766, upperReference: 'AMSL' });
    expect(first?.extendedProperties).toEqual({ sourceId: '1', sourceCountry: 'REU' });
  });

  it('reads the Luxembourg bare array as 43 zones and trims the e-mails and phones that end with a space', () => {
    const { format, zones, errors } = parseSeedFile('lu-ed269.json');
    const authorities = zones.flatMap((zone) => zone.zoneAuthorities);

    expect(format).toBe('ED-269');
    expect(errors).toEqual([]);
    expect(zones).toHaveLength(43);
    expect(readSeedFile('lu-ed269.json')).toContain('"drone.notification@airport.etat.lu "');
    expect(authorities.map((authority) => authority.email)).toContain('drone.notification@airport.etat.lu');
    expect(authorities.every((authority) => authority.email === undefined || authority.email === authority.email.trim())).toBe(true);
    expect(authorities.every((authority) => authority.phone === undefined || authority.phone === authority.phone.trim())).toBe(true);
    // An empty phone ("") is no phone.
    expect(authorities.some((authority) => 'phone' in authority && authority.phone === '')).toBe(false);
  });

  it('reads the Luxembourg time windows as UTC instants', () => {
    const { zones } = parseSeedFile('lu-ed269.json');
    const [speci16] = byIdentifier(zones, 'SPECI16');

    expect(speci16?.applicability).toEqual([{ permanent: false, start: '2023-01-01T00:00:00.000Z', end: '2030-12-31T23:59:59.000Z' }]);
  });

  it('reads the CHE sample as 6 zones and 10 volumes, with circles, feet and two zones sharing an identifier', () => {
    const { zones, errors } = parseSeedFile('interuss-che-ed269.json');
    const circles = zones.flatMap((zone) => zone.volumes).filter((volume) => volume.circle);

    expect(errors).toEqual([]);
    expect(zones).toHaveLength(6);
    expect(volumeCount(zones)).toBe(10);
    expect(circles).toHaveLength(4);
    expect(byIdentifier(zones, 'Gantrisch Nature Park')).toHaveLength(2);
  });

  it('converts the CHE feet limits to metres (250 ft = 76.2 m)', () => {
    const { zones } = parseSeedFile('interuss-che-ed269.json');

    for (const zone of byIdentifier(zones, 'Gantrisch Nature Park')) {
      expect(zone.volumes[0]).toMatchObject({ lowerM: 0, upperM: 76.2, upperReference: 'AGL' });
    }
  });

  it('keeps a CHE circle as its centre and radius and as a closed 64-vertex polygon', () => {
    const { zones } = parseSeedFile('interuss-che-ed269.json');
    const [montreux] = byIdentifier(zones, 'Montreux Concert Area');
    const volume = montreux?.volumes[0];

    expect(volume?.circle).toEqual({ center: [6.913146, 46.430758], radiusM: 3000 });
    expect(volume?.geometry.type).toBe('Polygon');
    const ring = volume?.geometry.type === 'Polygon' ? volume.geometry.coordinates[0] : [];
    expect(ring).toHaveLength(65);
    expect(ring?.[0]).toEqual(ring?.[64]);
  });

  it('keeps authorities without a purpose rather than guessing one (CHE sample)', () => {
    const { zones } = parseSeedFile('interuss-che-ed269.json');
    const [lausanne] = byIdentifier(zones, 'Lausanne Airport');

    expect(lausanne?.zoneAuthorities).toEqual([{ name: 'Lausanne Airport', siteURL: 'http://www.lausanne-airport.ch/' }]);
  });

  it('reads uSpaceClass as a list whether the file writes one string or several', () => {
    const { zones } = parseSeedFile('interuss-che-ed269.json');

    expect(byIdentifier(zones, 'Gantrisch Nature Park').map((zone) => zone.uSpaceClass)).toEqual([['OPEN'], ['SPECIFIC', 'CERTIFIED']]);
  });

  it('reads the CIS ED-269 sample (UASZoneList wrapper, "0" as a string, null ceiling, empty dailyPeriod)', () => {
    const { format, zones, errors } = parseSeedFile('interuss-cis-ed269.json');

    expect(format).toBe('ED-269');
    expect(errors).toEqual([]);
    expect(zones).toHaveLength(1);
    expect(zones[0]).toMatchObject({
      identifier: 'LSXX',
      restriction: 'REQ_AUTHORISATION',
      restrictionConditions: ['RST02'],
      message: 'MSG01',
      applicability: [{ permanent: true }],
    });
    expect(zones[0]?.volumes[0]).toMatchObject({ lowerM: 0, upperM: null, lowerReference: 'AGL' });
    expect(zones[0]?.zoneAuthorities[0]).not.toHaveProperty('contactName');
  });

  it('reads the CIS ED-318 sample (CRLF) as 3 zones: REQ_AUTHORIZATION mapped, 99999 as no ceiling, notice in hours', () => {
    const text = readSeedFile('interuss-cis-ed318.json');
    const { format, zones, errors } = parseSeedFile('interuss-cis-ed318.json');

    expect(text).toContain('\r\n');
    expect(format).toBe('ED-318');
    expect(errors).toEqual([]);
    expect(zones.map((zone) => zone.identifier)).toEqual(['LSZB003', 'BLns058', 'LSTB002']);
    expect(zones.every((zone) => zone.restriction === 'REQ_AUTHORISATION')).toBe(true);
    expect(zones.every((zone) => zone.volumes.every((volume) => volume.upperM === null))).toBe(true);
    expect(zones.map((zone) => zone.zoneAuthorities[0]?.intervalBeforeHours)).toEqual([240, 168, 48]);
  });

  it('keeps the ED-318 translations and shows the English text', () => {
    const { zones } = parseSeedFile('interuss-cis-ed318.json');
    const langmatt = zones[1];

    expect(langmatt?.name).toBe('Protected natural object Langmatt');
    expect(langmatt?.translations?.name?.map((text) => text.lang)).toEqual(['de-CH', 'fr-CH', 'it-CH', 'en-GB']);
    expect(langmatt?.zoneAuthorities[0]).toMatchObject({
      name: 'Ebenrain Centre for Agriculture, Nature and Food',
      email: 'naturundlandschaft@bl.ch',
      purpose: 'AUTHORIZATION',
    });
  });

  it('reads the ED-318 collection example: a two-layer GeometryCollection and a Point circle', () => {
    const { zones, errors } = parseSeedFile('ed318-examples/Example_Collection.json');
    const [layered, circle] = zones;

    expect(errors).toEqual([]);
    expect(zones).toHaveLength(2);
    expect(layered?.volumes.map((volume) => [volume.lowerM, volume.upperM])).toEqual([
      [50, 150],
      [0, 50],
    ]);
    expect(layered?.applicability[0]?.schedule).toEqual([
      { days: ['ANY'], startTime: '16:00:00Z', endTime: '17:00:00Z' },
      { days: ['SUN'], startTime: '10:00:00Z', endTime: '12:00:00Z' },
    ]);
    expect(circle?.volumes[0]?.circle).toEqual({ center: [2.636866, 50.122901], radiusM: 3500 });
    expect(circle?.restriction).toBe('PROHIBITED');
  });

  it.each([
    ['Example_GeoZone_2_Layers.json', 1, 2],
    ['Example_GeoZone_Circle.json', 1, 1],
    ['Example_GeoZone_with_extension.json', 1, 1],
  ])('reads the ED-318 example %s as %i zone(s) and %i volume(s)', (file, zoneCount, volumes) => {
    const { format, zones, errors } = parseSeedFile(`ed318-examples/${file}`);

    expect(format).toBe('ED-318');
    expect(errors).toEqual([]);
    expect(zones).toHaveLength(zoneCount);
    expect(volumeCount(zones)).toBe(volumes);
  });

  it('keeps ED-318 extendedProperties as they are', () => {
    const { zones } = parseSeedFile('ed318-examples/Example_GeoZone_with_extension.json');

    expect(zones[0]?.extendedProperties).toEqual({ airspaceColour: 'red' });
  });

  it('rejects the zone of the ED-318 InvalidExample, which uses the ED-269 spelling REQ_AUTHORISATION', () => {
    const { format, zones, errors } = parseSeedFile('ed318-examples/InvalidExample_GeoZone_2_Layers.json');

    expect(format).toBe('ED-318');
    expect(zones).toEqual([]);
    expect(errors).toEqual([expect.objectContaining({ index: 0, identifier: 'NFZ6547', reason: 'UNKNOWN_RESTRICTION' })]);
  });

  it('produces zones that satisfy the normalised zone schema, for every shipped file', () => {
    const files = [
      'fr-ed269.json',
      'lu-ed269.json',
      'interuss-che-ed269.json',
      'interuss-cis-ed269.json',
      'interuss-cis-ed318.json',
      'ed318-examples/Example_Collection.json',
      'ed318-examples/Example_GeoZone_with_extension.json',
    ];

    for (const file of files) {
      for (const zone of parseSeedFile(file).zones) {
        const result = zoneSchema.safeParse(zone);
        expect(result.success, `${file} ${zone.identifier}: ${result.error?.message}`).toBe(true);
      }
    }
  });
});
