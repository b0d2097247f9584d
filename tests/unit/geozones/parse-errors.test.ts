import { describe, expect, it } from 'vitest';
import { GeozoneFileError } from '@/shared/geozones/geozone-file-error';
import { parseGeozoneFile } from '@/shared/geozones/parse';
import { rawVolume, rawZone, readSeedFile, squareAround } from './geozone-fixtures';

// Four corners of a square, without the closing repeat of the first.
const openSquare = [
  [2.34, 48.84],
  [2.36, 48.84],
  [2.36, 48.86],
  [2.34, 48.86],
];

function fileOf(...zones: unknown[]): string {
  return JSON.stringify({ title: 'test', features: zones });
}

function fileErrorOf(text: string): GeozoneFileError | undefined {
  try {
    parseGeozoneFile(text);
    return undefined;
  } catch (error) {
    return error instanceof GeozoneFileError ? error : undefined;
  }
}

describe('a geozone file that cannot be read at all', () => {
  it('throws GeozoneFileError INVALID_JSON when the text is not JSON', () => {
    expect(fileErrorOf('{"features": [')?.code).toBe('INVALID_JSON');
  });

  it.each([
    ['an object that is no zone list', '{"hello": "world"}'],
    ['a number', '42'],
    ['a list of things that are not zones', '[1, 2, 3]'],
  ])('throws GeozoneFileError UNKNOWN_FORMAT for %s', (_, text) => {
    expect(fileErrorOf(text)?.code).toBe('UNKNOWN_FORMAT');
  });
});

describe('a file with some bad zones keeps the good ones and says why the others were left out', () => {
  it('rejects a zone with an unknown restriction and a zone with an open ring, and keeps the rest', () => {
    const text = fileOf(
      rawZone({ identifier: 'GOOD1' }),
      rawZone({ identifier: 'BADRST', restriction: 'FORBIDDEN' }),
      rawZone({ identifier: 'GOOD2' }),
      rawZone({
        identifier: 'OPEN',
        geometry: [rawVolume({ horizontalProjection: { type: 'Polygon', coordinates: [openSquare] } })],
      }),
      rawZone({ identifier: 'GOOD3' }),
    );

    const { zones, errors } = parseGeozoneFile(text);

    expect(zones.map((zone) => zone.identifier)).toEqual(['GOOD1', 'GOOD2', 'GOOD3']);
    expect(errors).toEqual([
      expect.objectContaining({ index: 1, identifier: 'BADRST', reason: 'UNKNOWN_RESTRICTION' }),
      expect.objectContaining({ index: 3, identifier: 'OPEN', reason: 'OPEN_RING' }),
    ]);
  });

  it.each([
    ['no geometry', { geometry: undefined }, 'MISSING_GEOMETRY'],
    ['an empty geometry list', { geometry: [] }, 'MISSING_GEOMETRY'],
    ['a volume without horizontalProjection', { geometry: [rawVolume({ horizontalProjection: undefined })] }, 'MISSING_GEOMETRY'],
    [
      'a ring of three positions',
      {
        geometry: [
          rawVolume({
            horizontalProjection: {
              type: 'Polygon',
              coordinates: [
                [
                  [2, 48],
                  [2.1, 48],
                  [2, 48],
                ],
              ],
            },
          }),
        ],
      },
      'INVALID_GEOMETRY',
    ],
    ['a latitude out of range', { geometry: [rawVolume({ horizontalProjection: squareAround([2.35, 95], 0.01) })] }, 'INVALID_GEOMETRY'],
    [
      'a circle without radius',
      { geometry: [rawVolume({ horizontalProjection: { type: 'Circle', center: [2.35, 48.85] } })] },
      'INVALID_GEOMETRY',
    ],
    ['a lower limit above the upper', { geometry: [rawVolume({ lowerLimit: 150, upperLimit: 120 })] }, 'INVALID_LIMITS'],
    ['a limit that is not a number', { geometry: [rawVolume({ upperLimit: 'high' })] }, 'INVALID_LIMITS'],
    ['an unknown unit', { geometry: [rawVolume({ uomDimensions: 'NM' })] }, 'INVALID_LIMITS'],
    ['an unknown vertical reference', { geometry: [rawVolume({ upperVerticalReference: 'FL' })] }, 'INVALID_LIMITS'],
    ['a two-letter country', { country: 'FR' }, 'INVALID_SCHEMA'],
    ['an unknown reason', { reason: ['WEATHER'] }, 'INVALID_SCHEMA'],
    ['no applicability', { applicability: [] }, 'INVALID_SCHEMA'],
    ['an unparsable start date', { applicability: [{ permanent: 'NO', startDateTime: 'tomorrow' }] }, 'INVALID_SCHEMA'],
    [
      'an intervalBefore that is no ISO duration',
      { zoneAuthority: [{ name: 'DGAC', purpose: 'AUTHORIZATION', intervalBefore: '10 days' }] },
      'INVALID_SCHEMA',
    ],
  ])('rejects a zone with %s', (_, overrides, reason) => {
    const { zones, errors } = parseGeozoneFile(fileOf(rawZone({ identifier: 'BAD', ...overrides }), rawZone({ identifier: 'GOOD' })));

    expect(zones.map((zone) => zone.identifier)).toEqual(['GOOD']);
    expect(errors).toEqual([expect.objectContaining({ index: 0, identifier: 'BAD', reason })]);
  });

  it('reports a zone that is not an object without an identifier', () => {
    const { errors } = parseGeozoneFile(fileOf('not a zone', rawZone()));

    expect(errors).toEqual([{ index: 0, reason: 'INVALID_SCHEMA', detail: expect.any(String) }]);
  });

  it('accepts REQ_AUTHORIZATION only in ED-318, and says so when an ED-269 file uses it', () => {
    const { errors } = parseGeozoneFile(fileOf(rawZone({ restriction: 'REQ_AUTHORIZATION' })));

    expect(errors[0]).toMatchObject({ reason: 'UNKNOWN_RESTRICTION', detail: expect.stringContaining('REQ_AUTHORISATION') });
  });

  it('rejects an ED-318 feature whose texts have no language, as its schema requires one', () => {
    const text = readSeedFile('ed318-examples/Example_GeoZone_Circle.json').replace('"lang": "en-GB"', '"note": "no lang"');

    const { zones, errors } = parseGeozoneFile(text);

    expect(zones).toEqual([]);
    expect(errors).toEqual([expect.objectContaining({ index: 0, reason: 'INVALID_SCHEMA' })]);
  });

  it('rejects an ED-318 polygon without a layer, since its vertical limits are unknown', () => {
    const document = JSON.parse(readSeedFile('ed318-examples/Example_GeoZone_2_Layers.json'));
    delete document.features[0].geometry.geometries[1].layer;

    const { errors } = parseGeozoneFile(JSON.stringify(document));

    expect(errors).toEqual([expect.objectContaining({ identifier: 'NFZ6547', reason: 'INVALID_LIMITS' })]);
  });
});

describe('quirks of real files that are accepted', () => {
  it('strips a UTF-8 byte order mark before reading the JSON', () => {
    const { zones, errors } = parseGeozoneFile(`\uFEFF${fileOf(rawZone())}`);

    expect(errors).toEqual([]);
    expect(zones).toHaveLength(1);
  });

  it('strips a byte order mark from a real file too (Luxembourg feed)', () => {
    const { zones } = parseGeozoneFile(`\uFEFF${readSeedFile('lu-ed269.json')}`);

    expect(zones).toHaveLength(43);
  });

  it('accepts the three ED-269 wrappers: {features}, {UASZoneList} and a bare array', () => {
    const zone = rawZone();

    const wrapped = [
      JSON.stringify({ features: [zone] }),
      JSON.stringify({ formatVersion: '1.0.0', UASZoneList: [zone] }),
      JSON.stringify([zone]),
    ];

    for (const text of wrapped) {
      expect(parseGeozoneFile(text)).toMatchObject({ format: 'ED-269', errors: [], zones: [{ identifier: 'TST001' }] });
    }
  });

  it('reads a restrictionConditions string as a one-item list and trims every text', () => {
    const [zone] = parseGeozoneFile(
      fileOf(
        rawZone({
          name: '  Zone A ',
          restrictionConditions: 'RST02',
          zoneAuthority: [{ name: 'DAC ', email: 'ops@dac.lu ', purpose: 'NOTIFICATION' }],
        }),
      ),
    ).zones;

    expect(zone).toMatchObject({ name: 'Zone A', restrictionConditions: ['RST02'] });
    expect(zone?.zoneAuthorities).toEqual([{ name: 'DAC', email: 'ops@dac.lu', purpose: 'NOTIFICATION' }]);
  });

  it('names a zone that has no name after its identifier', () => {
    const [zone] = parseGeozoneFile(fileOf(rawZone({ name: undefined }))).zones;

    expect(zone?.name).toBe('TST001');
  });

  it('reads an ED-318 USPACE zone as REQ_AUTHORISATION and marks it as U-space airspace', () => {
    const document = JSON.parse(readSeedFile('ed318-examples/Example_GeoZone_Circle.json'));
    document.features[0].properties.type = 'USPACE';

    const [zone] = parseGeozoneFile(JSON.stringify(document)).zones;

    expect(zone).toMatchObject({ restriction: 'REQ_AUTHORISATION', uSpaceAirspace: true });
  });

  it('lets the members of an ED-318 GeometryCollection inherit a layer written on the collection', () => {
    const document = JSON.parse(readSeedFile('ed318-examples/Example_GeoZone_2_Layers.json'));
    const collection = document.features[0].geometry;
    collection.layer = collection.geometries[0].layer;
    delete collection.geometries[0].layer;
    delete collection.geometries[1].layer;

    const [zone] = parseGeozoneFile(JSON.stringify(document)).zones;

    expect(zone?.volumes.map((volume) => [volume.lowerM, volume.upperM])).toEqual([
      [50, 150],
      [50, 150],
    ]);
  });
});
