import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createZonesRepository } from '../../server/zones/zones.repository';
import { createZonesService } from '../../server/zones/zones.service';
import { ZONE_VIEW_MAX_SPAN_DEG } from '../../src/shared/contracts/zones';
import { parseGeozoneFile } from '../../src/shared/geozones';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { rawZone } from '../unit/geozones/geozone-fixtures';
import { expectError } from './support';
import { importJson, readSeedFile, square, type Auth } from './zones-support';

const ORLY = { lon: 2.359, lat: 48.723 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type RawVolume = { horizontalProjection: { coordinates: number[][][] } };

/**
 * The French zones whose box reaches south of Paris, taken from the shipped file as they are: the full file is
 * imported in zones-import.test.ts only.
 */
function frenchZonesAroundOrly(): string {
  const file = JSON.parse(readSeedFile('fr-ed269.json')) as { title: string; features: { geometry: RawVolume[] }[] };
  const near = file.features.filter((zone) =>
    zone.geometry.some(({ horizontalProjection }) => {
      const ring = horizontalProjection.coordinates[0] ?? [];
      const lons = ring.map((p) => p[0] as number);
      const lats = ring.map((p) => p[1] as number);
      return Math.min(...lons) <= 2.5 && Math.max(...lons) >= 2.2 && Math.min(...lats) <= 48.8 && Math.max(...lats) >= 48.65;
    }),
  );
  return JSON.stringify({ title: file.title, features: near });
}

describe('geozone queries', () => {
  let t: TestApp;
  let admin: Auth;
  let user: Auth;
  let orlyZoneCount: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInUser(t.app, t.db.prisma, ['AIRSPACE_EDIT_ADMIN'])).auth;
    user = (await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_EDIT'])).auth;
    // Shipped dataset names, so that the answers carry the licence credits of shipped-datasets.ts.
    for (const [file, dataset] of [
      ['lu-ed269.json', 'lu-ed269'],
      ['interuss-che-ed269.json', 'interuss-che-ed269'],
      ['interuss-cis-ed318.json', 'interuss-cis-ed318'],
    ] as const) {
      expect((await importJson(t, admin, readSeedFile(file), dataset)).status).toBe(201);
    }
    const orly = await importJson(t, admin, frenchZonesAroundOrly(), 'fr-ed269');
    expect(orly.status).toBe(201);
    orlyZoneCount = orly.body.imported;
  });
  afterAll(() => t.close());

  describe('GET /api/zones?bbox=', () => {
    it('answers the zones of a map view as a GeoJSON FeatureCollection, one feature per volume, with the credits to show', async () => {
      const response = await request(t.app).get('/api/zones').query({ bbox: '5.7,49.4,6.6,50.2' }).set(user);

      expect(response.status).toBe(200);
      expect(response.body.type).toBe('FeatureCollection');
      expect(response.body.features).toHaveLength(43);
      expect(response.body.attributions).toEqual(['UAS geographical zones © Direction de l’Aviation Civile, Luxembourg (CC0)']);
      const tsa7 = response.body.features.find(
        (feature: { properties: { identifier: string } }) => feature.properties.identifier === 'MLTSA07',
      );
      expect(tsa7).toEqual({
        type: 'Feature',
        id: `${tsa7.properties.zoneId}:0`,
        geometry: { type: 'Polygon', coordinates: expect.any(Array) },
        properties: {
          zoneId: expect.stringMatching(UUID),
          dataset: 'lu-ed269',
          identifier: 'MLTSA07',
          name: 'EL-UAS-TSA7',
          country: 'LUX',
          restriction: 'PROHIBITED',
          volumeIndex: 0,
          lowerM: 0,
          upperM: 120,
          lowerReference: 'AGL',
          upperReference: 'AGL',
          message: expect.any(String),
          // What the map's zone popup shows: the authority and when the zone applies (docs/map.md).
          authority: "Direction de l'Aviation Civile",
          applicability: [{ permanent: false, start: '2026-07-21T07:00:00.000Z', end: '2026-07-21T13:00:00.000Z' }],
        },
      });
    });

    it('answers one feature per volume of a multi-volume zone, with limits given in feet converted to metres', async () => {
      const response = await request(t.app).get('/api/zones').query({ bbox: '6,45.9,9,47.9' }).set(user);

      expect(response.status).toBe(200);
      type Properties = { dataset: string; identifier: string; zoneId: string; volumeIndex: number; lowerM: number; upperM: number | null };
      const properties = (response.body.features as { properties: Properties }[]).map((feature) => feature.properties);
      const che = properties.filter((p) => p.dataset === 'interuss-che-ed269');
      expect(che).toHaveLength(10);
      expect(new Set(che.map((p) => p.zoneId)).size).toBe(6);
      const reichenbach = che.filter((p) => p.identifier === 'Flugplatz Reichenbach');
      expect(reichenbach.map((p) => [p.volumeIndex, p.lowerM, p.upperM])).toEqual([
        [0, 0, 120],
        [1, 50, 120],
        [2, 100, 120],
      ]);
      // "Gantrisch Nature Park" twice: identifiers are not unique, the zone ids are.
      const gantrisch = che.filter((p) => p.identifier === 'Gantrisch Nature Park');
      expect(gantrisch.map((p) => p.upperM)).toEqual([76.2, 76.2]);
      expect(gantrisch[0]?.zoneId).not.toBe(gantrisch[1]?.zoneId);
      expect(properties.filter((p) => p.dataset === 'interuss-cis-ed318')).toHaveLength(3);
      expect(response.body.attributions).toEqual([
        'Copyright InterUSS Platform contributors, Apache License 2.0 (interuss/dss, interuss/monitoring).',
      ]);
    });

    it('words the credits in the interface language the SPA sends (Accept-Language), English otherwise', async () => {
      const french = await request(t.app).get('/api/zones').query({ bbox: '5.7,49.4,6.6,50.2' }).set(user).set('Accept-Language', 'fr');
      const german = await request(t.app).get('/api/zones').query({ bbox: '5.7,49.4,6.6,50.2' }).set(user).set('Accept-Language', 'de');

      expect(french.body.attributions).toEqual(['Zones géographiques UAS © Direction de l’Aviation Civile, Luxembourg (CC0)']);
      expect(german.body.attributions).toEqual(['UAS geographical zones © Direction de l’Aviation Civile, Luxembourg (CC0)']);
    });

    it('answers an empty collection over the sea', async () => {
      const response = await request(t.app).get('/api/zones').query({ bbox: '-30,40,-29,41' }).set(user);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ type: 'FeatureCollection', features: [], attributions: [] });
    });

    it.each([
      ['missing', undefined],
      ['three numbers', '5.7,49.4,6.6'],
      ['five numbers', '5.7,49.4,6.6,50.2,1'],
      ['not numbers', 'a,b,c,d'],
      ['an empty part', '5.7,,6.6,50.2'],
      ['west after east', '6.6,49.4,5.7,50.2'],
      ['south after north', '5.7,50.2,6.6,49.4'],
      ['a zero-width view', '5.7,49.4,5.7,50.2'],
      ['a latitude beyond 90°', '5.7,49.4,6.6,91'],
      [`wider than ${ZONE_VIEW_MAX_SPAN_DEG}°`, '-5,42,8.5,51.5'],
      [`taller than ${ZONE_VIEW_MAX_SPAN_DEG}°`, '2,45,3,48.5'],
    ])('answers 422 VALIDATION_FAILED to a bbox %s', async (_case, bbox) => {
      const response = await request(t.app)
        .get('/api/zones')
        .query(bbox === undefined ? {} : { bbox })
        .set(user);

      expectError(response, 422, 'VALIDATION_FAILED');
      expect(Object.keys(response.body.fields).every((field) => field.startsWith('bbox'))).toBe(true);
    });

    it('answers 401 UNAUTHENTICATED without a token', async () => {
      expectError(await request(t.app).get('/api/zones').query({ bbox: '5.7,49.4,6.6,50.2' }), 401, 'UNAUTHENTICATED');
    });
  });

  describe('GET /api/zones/export', () => {
    it.each(['ed269', 'ed318'] as const)(
      'exports a dataset as %s, which reads back to the very zones of the source file',
      async (format) => {
        const response = await request(t.app).get('/api/zones/export').query({ format, dataset: 'lu-ed269' }).set(user);

        expect(response.status).toBe(200);
        expect(response.headers['content-disposition']).toContain(`aerogate-geozones-lu-ed269-${format}.json`);
        const exported = parseGeozoneFile(JSON.stringify(response.body));
        expect(exported.format).toBe(format === 'ed269' ? 'ED-269' : 'ED-318');
        expect(exported.errors).toEqual([]);
        expect(exported.zones).toStrictEqual(parseGeozoneFile(readSeedFile('lu-ed269.json')).zones);
      },
    );

    it('carries the licence credit of the exported data', async () => {
      const ed269 = await request(t.app).get('/api/zones/export').query({ format: 'ed269', dataset: 'interuss-che-ed269' }).set(user);
      const ed318 = await request(t.app).get('/api/zones/export').query({ format: 'ed318', country: 'che' }).set(user);

      expect(ed269.body.description).toContain('InterUSS Platform contributors');
      expect(ed318.body.metadata.description[0].text).toContain('InterUSS Platform contributors');
      expect(ed318.body.metadata.issued).toBe(t.clock.now().toISOString());
      expect(ed318.body.features).toHaveLength(6 + 3);
    });

    it('round-trips through the import: an exported file imported again gives the same zones', async () => {
      const exported = await request(t.app).get('/api/zones/export').query({ format: 'ed318', dataset: 'interuss-che-ed269' }).set(user);

      const imported = await importJson(t, admin, JSON.stringify(exported.body), 'che-round-trip');

      expect(imported.body).toMatchObject({ format: 'ED-318', imported: 6, skipped: 0 });
      const again = await request(t.app).get('/api/zones/export').query({ format: 'ed318', dataset: 'che-round-trip' }).set(user);
      expect(again.body.features).toEqual(exported.body.features);
    });

    it('answers 404 NOT_FOUND for an unknown dataset and 422 VALIDATION_FAILED for an unknown format', async () => {
      expectError(await request(t.app).get('/api/zones/export').query({ format: 'ed269', dataset: 'nope' }).set(user), 404, 'NOT_FOUND');
      expectError(await request(t.app).get('/api/zones/export').query({ format: 'kml' }).set(user), 422, 'VALIDATION_FAILED');
    });
  });

  describe('POST /api/zones/intersect', () => {
    it('answers the zones a mission at Paris-Orly touches, prohibited first, with limits, authority and message', async () => {
      const response = await intersect({ area: square(ORLY.lon, ORLY.lat, 0.002), maxHeightM: 50, startAt: '2026-07-01T10:00:00Z' });

      expect(response.status).toBe(200);
      const zones = response.body.zones as { identifier: string; name: string; restriction: string }[];
      expect(zones.length).toBeGreaterThan(0);
      expect(zones.length).toBeLessThan(orlyZoneCount);
      const ranks = zones.map((zone) => ['PROHIBITED', 'REQ_AUTHORISATION', 'CONDITIONAL', 'NO_RESTRICTION'].indexOf(zone.restriction));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      const runway = response.body.zones.find((zone: { name: string }) => zone.name === 'Piste 02/20 aérodrome PARIS ORLY LFPO');
      expect(runway).toEqual({
        zoneId: expect.stringMatching(UUID),
        dataset: 'fr-ed269',
        identifier: 'FR4319',
        name: 'Piste 02/20 aérodrome PARIS ORLY LFPO',
        country: 'FRA',
        restriction: 'REQ_AUTHORISATION',
        lowerLimitM: 0,
        // 0 m AGL – 209 m AMSL: without terrain, an AMSL ceiling counts as no ceiling (docs/geozones.md).
        upperLimitM: null,
        volumeIndex: 0,
        volume: {
          lowerM: 0,
          upperM: 209,
          lowerReference: 'AGL',
          upperReference: 'AMSL',
          geometry: expect.objectContaining({ type: 'Polygon' }),
        },
        message: null,
        restrictionConditions: [],
        authority: { name: 'DGAC', purpose: 'AUTHORIZATION' },
        intervalBeforeDays: null,
      });
      expect(response.body.attributions).toEqual([expect.stringContaining('SIA / DGAC')]);
    });

    it('filters by the start time: a Luxembourg military zone applies during its window only', async () => {
      const area = square(6.15, 49.88, 0.002);

      const during = await intersect({ area, maxHeightM: 100, startAt: '2026-07-21T09:00:00+02:00' });
      const after = await intersect({ area, maxHeightM: 100, startAt: '2026-07-22T09:00:00Z' });

      expect(during.body.zones.map((zone: { identifier: string }) => zone.identifier)).toEqual(['MLTSA07']);
      expect(during.body.zones[0]).toMatchObject({ restriction: 'PROHIBITED', lowerLimitM: 0, upperLimitM: 120 });
      expect(after.body.zones).toEqual([]);
    });

    it('filters by height (GZ-02): a zone starting at 50 m does not apply to a flight capped at 50 m', async () => {
      // EL-UAS-H4-2 (CONDITIONAL, 50–120 m AGL) stacks on EL-UAS-H4-1 (0–50 m) north of Luxembourg City.
      const area = square(6.094, 49.855, 0.001);
      const identifiers = async (maxHeightM: number) =>
        (await intersect({ area, maxHeightM, startAt: '2026-07-01T10:00:00Z' })).body.zones.map(
          (zone: { identifier: string }) => zone.identifier,
        );

      expect(await identifiers(50)).toEqual(['HELIS41']);
      expect(await identifiers(51)).toEqual(['HELIS41', 'HELIS42']);
    });

    it.each([
      [
        'an open ring',
        {
          area: {
            type: 'Polygon',
            coordinates: [
              [
                [2.3, 48.7],
                [2.31, 48.7],
                [2.31, 48.71],
                [2.3, 48.71],
              ],
            ],
          },
        },
      ],
      ['a point', { area: { type: 'Point', coordinates: [2.3, 48.7] } }],
      ['an area wider than 1°', { area: square(2.3, 48.7, 0.6) }],
      ['a negative height', { maxHeightM: -1 }],
      ['a start without offset', { startAt: '2026-07-01T10:00:00' }],
    ])('answers 422 VALIDATION_FAILED to %s', async (_case, override) => {
      const response = await intersect({
        area: square(ORLY.lon, ORLY.lat, 0.002),
        maxHeightM: 50,
        startAt: '2026-07-01T10:00:00Z',
        ...override,
      });

      expectError(response, 422, 'VALIDATION_FAILED');
    });

    it('answers 401 UNAUTHENTICATED without a token', async () => {
      expectError(
        await intersect({ area: square(ORLY.lon, ORLY.lat, 0.002), maxHeightM: 50, startAt: '2026-07-01T10:00:00Z' }, null),
        401,
        'UNAUTHENTICATED',
      );
    });
  });

  describe('the in-memory index', () => {
    const areaOfNewZone = square(-1.55, 47.2, 0.002);
    const newZoneFile = JSON.stringify([
      rawZone({
        identifier: 'NANTES1',
        geometry: [
          {
            uomDimensions: 'M',
            lowerLimit: 0,
            lowerVerticalReference: 'AGL',
            upperLimit: 120,
            upperVerticalReference: 'AGL',
            horizontalProjection: square(-1.55, 47.2, 0.01),
          },
        ],
      }),
    ]);

    it('answers from a new import at the next query on the instance that imported', async () => {
      const body = { area: areaOfNewZone, maxHeightM: 50, startAt: '2026-07-01T10:00:00Z' };
      expect((await intersect(body)).body.zones).toEqual([]);

      await importJson(t, admin, newZoneFile, 'nantes');

      expect((await intersect(body)).body.zones.map((zone: { identifier: string }) => zone.identifier)).toEqual(['NANTES1']);
    });

    it('is rebuilt on another instance once it sees the store revision move', async () => {
      const other = createZonesService({ repository: createZonesRepository(t.db.prisma), clock: t.clock, revisionCheckIntervalMs: 0 });
      const before = await other.matches(areaOfNewZone, 50, new Date('2026-07-01T10:00:00Z'));

      await importJson(t, admin, newZoneFile.replace('NANTES1', 'NANTES2'), 'nantes-bis');

      const after = await other.matches(areaOfNewZone, 50, new Date('2026-07-01T10:00:00Z'));
      expect(after.map((match) => match.zone.identifier)).toEqual([...before.map((match) => match.zone.identifier), 'NANTES2'].sort());
    });
  });

  function intersect(body: Record<string, unknown>, auth: Auth | null = user) {
    const call = request(t.app).post('/api/zones/intersect');
    if (auth) void call.set(auth);
    return call.send(body);
  }
});
