import { describe, expect, it } from 'vitest';
import { toEd269, toEd318 } from '@/shared/geozones/export';
import { parseGeozoneFile } from '@/shared/geozones/parse';
import type { Zone } from '@/shared/geozones/zone';
import { parseSeedFile, rawVolume, rawZone, zonesFrom } from './geozone-fixtures';

const ED269_FILES = ['fr-ed269.json', 'lu-ed269.json', 'interuss-che-ed269.json', 'interuss-cis-ed269.json'];
const ED318_FILES = [
  'interuss-cis-ed318.json',
  'ed318-examples/Example_Collection.json',
  'ed318-examples/Example_GeoZone_2_Layers.json',
  'ed318-examples/Example_GeoZone_Circle.json',
  'ed318-examples/Example_GeoZone_with_extension.json',
];

const reparse = (document: unknown) => parseGeozoneFile(JSON.stringify(document));

/** ED-269 has no language tags and no USPACE type. */
function withoutEd318Only(zones: readonly Zone[]) {
  return zones.map(({ translations: _translations, uSpaceAirspace: _uSpaceAirspace, ...zone }) => ({
    ...zone,
    zoneAuthorities: zone.zoneAuthorities.map(({ translations: _authorityTranslations, ...authority }) => authority),
  }));
}

/** ED-318 has no uSpaceClass. */
function withoutEd269Only(zones: readonly Zone[]) {
  return zones.map(({ uSpaceClass: _uSpaceClass, ...zone }) => zone);
}

describe('export round trip: parse(export(zones)) gives the same zones', () => {
  it.each([...ED269_FILES, ...ED318_FILES])('through ED-269 for %s', (file) => {
    const { zones } = parseSeedFile(file);

    const result = reparse(toEd269(zones));

    expect(result.format).toBe('ED-269');
    expect(result.errors).toEqual([]);
    expect(result.zones).toStrictEqual(withoutEd318Only(zones));
  });

  it.each([...ED318_FILES, ...ED269_FILES])('through ED-318 for %s', (file) => {
    const { zones } = parseSeedFile(file);

    const result = reparse(toEd318(zones));

    expect(result.format).toBe('ED-318');
    expect(result.errors).toEqual([]);
    expect(result.zones).toStrictEqual(withoutEd269Only(zones));
  });

  it('keeps the ED-318 translations through ED-318', () => {
    const { zones } = parseSeedFile('interuss-cis-ed318.json');

    expect(reparse(toEd318(zones)).zones).toStrictEqual(zones);
  });

  it('keeps uSpaceClass and feet-converted limits through ED-269', () => {
    const { zones } = parseSeedFile('interuss-che-ed269.json');

    expect(reparse(toEd269(zones)).zones).toStrictEqual(zones);
  });

  it('keeps schedules, windows, exemptions, regions and U-space airspace through ED-318', () => {
    const zones = zonesFrom(
      rawZone({
        regulationExemption: 'YES',
        region: 3,
        restrictionConditions: ['RST01', 'RST02'],
        applicability: [
          {
            permanent: 'NO',
            startDateTime: '2026-01-01T00:00:00Z',
            endDateTime: '2026-12-31T23:59:59Z',
            schedule: [{ day: ['MON', 'FRI'], startTime: '08:00:00Z', endTime: '18:00:00Z' }],
          },
        ],
        geometry: [rawVolume({ upperLimit: null }), rawVolume({ lowerLimit: 50, upperLimit: 300, upperVerticalReference: 'AMSL' })],
      }),
    );
    const uSpace: Zone[] = zones.map((zone) => ({ ...zone, restriction: 'REQ_AUTHORISATION', uSpaceAirspace: true }));

    expect(reparse(toEd318(uSpace)).zones).toStrictEqual(uSpace);
  });
});

describe('the exported documents follow their standard', () => {
  it('ED-269 writes the restriction with an S, limits in metres and circles as circles', () => {
    const { zones } = parseSeedFile('interuss-che-ed269.json');

    const [montreux] = toEd269(zones, { title: 'Export' }).features;

    expect(montreux).toMatchObject({ identifier: 'Montreux Concert Area', restriction: 'PROHIBITED', type: 'COMMON' });
    expect(montreux?.geometry[0]).toMatchObject({
      uomDimensions: 'M',
      horizontalProjection: { type: 'Circle', center: [6.913146, 46.430758], radius: 3000 },
    });
  });

  it('ED-318 writes REQ_AUTHORIZATION with a Z, the variant, layers, and a language on every text', () => {
    const { zones } = parseSeedFile('interuss-cis-ed269.json');

    const document = toEd318(zones, { name: 'Export', issued: new Date('2026-05-14T00:00:00Z') });
    const [feature] = document.features;

    expect(document.metadata).toEqual({ issued: '2026-05-14T00:00:00.000Z' });
    expect(feature?.properties).toMatchObject({
      type: 'REQ_AUTHORIZATION',
      variant: 'COMMON',
      name: [{ text: 'LSXX City Sample', lang: 'und' }],
      restrictionConditions: 'RST02',
    });
    expect(feature?.properties).not.toHaveProperty('limitedApplicability');
    expect(feature?.geometry).toMatchObject({ type: 'Polygon', layer: { lower: 0, upper: 99999, uom: 'm' } });
  });

  it('ED-318 writes a circle as a Point with a circular extent and several volumes as a GeometryCollection', () => {
    const reichenbach = parseSeedFile('interuss-che-ed269.json').zones.filter((zone) => zone.identifier === 'Flugplatz Reichenbach');

    const [feature] = toEd318(reichenbach).features;

    expect(feature?.geometry).toMatchObject({
      type: 'GeometryCollection',
      geometries: [
        { type: 'Point', extent: { subType: 'Circle', radius: 1000 }, layer: { lower: 0, upper: 120 } },
        { type: 'Point', extent: { subType: 'Circle', radius: 2500 }, layer: { lower: 50, upper: 120 } },
        { type: 'Point', extent: { subType: 'Circle', radius: 3500 }, layer: { lower: 100, upper: 120 } },
      ],
    });
  });
});
