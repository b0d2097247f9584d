import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { rawVolume, rawZone } from '../unit/geozones/geozone-fixtures';
import { expectError } from './support';
import { importJson, readSeedFile, seedFilePath, storeState, type Auth } from './zones-support';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures');

// The only test file that imports the French file (7.7 MB): the others use the small files or a subset.
describe('POST /api/zones/import', () => {
  let t: TestApp;
  let admin: Auth;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInUser(t.app, t.db.prisma, ['AIRSPACE_EDIT_ADMIN'])).auth;
  });
  afterAll(() => t.close());

  // Counts of data-seed/geozones/ATTRIBUTION.md and shared/data/README.md.
  const SHIPPED = [
    { file: 'fr-ed269.json', format: 'ED-269', zones: 3642, countries: ['FRA'] },
    { file: 'lu-ed269.json', format: 'ED-269', zones: 43, countries: ['LUX'] },
    { file: 'interuss-che-ed269.json', format: 'ED-269', zones: 6, countries: ['CHE'] },
    { file: 'interuss-cis-ed269.json', format: 'ED-269', zones: 1, countries: ['CHE'] },
    { file: 'interuss-cis-ed318.json', format: 'ED-318', zones: 3, countries: ['CHE'] },
    { file: 'ed318-examples/Example_Collection.json', format: 'ED-318', zones: 2, countries: ['FRA'] },
    { file: 'ed318-examples/Example_GeoZone_2_Layers.json', format: 'ED-318', zones: 1, countries: ['FRA'] },
    { file: 'ed318-examples/Example_GeoZone_Circle.json', format: 'ED-318', zones: 1, countries: ['FRA'] },
    { file: 'ed318-examples/Example_GeoZone_with_extension.json', format: 'ED-318', zones: 1, countries: ['FRA'] },
  ] as const;

  describe('every shipped file', () => {
    it.each(SHIPPED)('stores the $zones zone(s) of $file, with none skipped', async ({ file, format, zones, countries }) => {
      const response = await importJson(t, admin, readSeedFile(file), `shipped/${file}`);

      expect(response.status, JSON.stringify(response.body).slice(0, 500)).toBe(201);
      expect(response.body).toEqual({ dataset: `shipped/${file}`, format, imported: zones, skipped: 0, errors: [] });
      const stored = await t.db.prisma.geozone.findMany({ where: { dataset: { name: `shipped/${file}` } }, select: { country: true } });
      expect(stored).toHaveLength(zones);
      expect([...new Set(stored.map((row) => row.country))]).toEqual(countries);
    });

    it('keeps the French file whole: 3,642 rows in file order, each with its normalised zone and its bounding box', async () => {
      const rows = await t.db.prisma.geozone.findMany({
        where: { dataset: { name: 'shipped/fr-ed269.json' } },
        orderBy: { position: 'asc' },
        select: { position: true, identifier: true, restriction: true, zone: true, minLon: true, minLat: true, maxLon: true, maxLat: true },
      });
      const restrictions = rows.reduce<Record<string, number>>(
        (count, row) => ({ ...count, [row.restriction]: (count[row.restriction] ?? 0) + 1 }),
        {},
      );

      expect(rows.map((row) => row.position)).toEqual(rows.map((_, index) => index));
      // shared/data/README.md: PROHIBITED 1,356, CONDITIONAL 1,233, REQ_AUTHORISATION 1,053.
      expect(restrictions).toEqual({ PROHIBITED: 1356, CONDITIONAL: 1233, REQ_AUTHORISATION: 1053 });
      const volumes = rows.reduce((sum, row) => sum + (row.zone as { volumes: unknown[] }).volumes.length, 0);
      expect(volumes).toBe(6344);
      for (const row of rows) {
        expect(row.minLon).toBeLessThanOrEqual(row.maxLon);
        expect(row.minLat).toBeLessThanOrEqual(row.maxLat);
      }
    });

    it('refuses the ED-318 example that is invalid by design with 422 GEOZONE_NO_VALID_ZONE, giving the reason, and stores nothing', async () => {
      const before = await storeState(t);

      const response = await importJson(t, admin, readSeedFile('ed318-examples/InvalidExample_GeoZone_2_Layers.json'), 'invalid-example');

      expectError(response, 422, 'GEOZONE_NO_VALID_ZONE');
      expect(response.body.fields).toEqual({ 'zones.0': ['UNKNOWN_RESTRICTION'] });
      expect(await storeState(t)).toEqual(before);
    });
  });

  describe('a broken file', () => {
    it('answers 400 GEOZONE_INVALID_JSON to text that is not JSON, and touches nothing', async () => {
      const before = await storeState(t);

      const response = await importJson(t, admin, '{"features": [ {"identifier": "X1", ', 'broken');

      expectError(response, 400, 'GEOZONE_INVALID_JSON');
      expect(await storeState(t)).toEqual(before);
    });

    it('answers 422 GEOZONE_UNKNOWN_FORMAT to JSON that is neither ED-269 nor ED-318, and touches nothing', async () => {
      const before = await storeState(t);

      const response = await importJson(t, admin, JSON.stringify({ airports: [{ icao: 'LFPO' }] }), 'not-zones');

      expectError(response, 422, 'GEOZONE_UNKNOWN_FORMAT');
      expect(await storeState(t)).toEqual(before);
    });

    it.each([
      ['a field drawn in QGIS', path.join(FIXTURES, 'shapes', 'qgis-field.geojson')],
      [
        'the OpenStreetMap protected areas the map shows (130 polygons)',
        path.join(import.meta.dirname, '..', '..', 'data-seed', 'context', 'idf-protected.geojson'),
      ],
    ])('answers 422 GEOZONE_UNKNOWN_FORMAT to plain GeoJSON, %s, and touches nothing', async (_case, file) => {
      const before = await storeState(t);

      const response = await request(t.app).post('/api/zones/import').set(admin).attach('file', file);

      expectError(response, 422, 'GEOZONE_UNKNOWN_FORMAT');
      expect(await storeState(t)).toEqual(before);
    });

    it('stores the good zones, lists the one with an unknown restriction and the one with an open ring, and touches no other dataset', async () => {
      const before = await storeState(t);
      const openRing = rawVolume({
        horizontalProjection: {
          type: 'Polygon',
          coordinates: [
            [
              [2.3, 48.8],
              [2.31, 48.8],
              [2.31, 48.81],
              [2.3, 48.81],
            ],
          ],
        },
      });
      const file = {
        title: 'Mixed quality',
        features: [
          rawZone({ identifier: 'GOOD1' }),
          rawZone({ identifier: 'BADRST', restriction: 'FORBIDDEN_ZONE' }),
          rawZone({ identifier: 'GOOD2', restriction: 'CONDITIONAL' }),
          rawZone({ identifier: 'OPEN1', geometry: [openRing] }),
          rawZone({ identifier: 'GOOD3', restriction: 'REQ_AUTHORISATION' }),
        ],
      };

      const response = await importJson(t, admin, JSON.stringify(file), 'mixed');

      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        dataset: 'mixed',
        format: 'ED-269',
        imported: 3,
        skipped: 2,
        errors: [
          { index: 1, identifier: 'BADRST', reason: 'UNKNOWN_RESTRICTION', detail: expect.any(String) },
          { index: 3, identifier: 'OPEN1', reason: 'OPEN_RING', detail: expect.any(String) },
        ],
      });
      const stored = await t.db.prisma.geozone.findMany({ where: { dataset: { name: 'mixed' } }, orderBy: { position: 'asc' } });
      expect(stored.map((row) => [row.identifier, row.restriction])).toEqual([
        ['GOOD1', 'PROHIBITED'],
        ['GOOD2', 'CONDITIONAL'],
        ['GOOD3', 'REQ_AUTHORISATION'],
      ]);
      const dataset = await t.db.prisma.geozoneDataset.findUniqueOrThrow({ where: { name: 'mixed' } });
      expect(dataset).toMatchObject({ format: 'ED269', zoneCount: 3, rejectedCount: 2 });
      const after = await storeState(t);
      expect(after.datasets.filter((d) => d.name !== 'mixed')).toEqual(before.datasets);
      expect(after.revision).toBe(before.revision + 1);
    });
  });

  describe('datasets', () => {
    it('replaces a dataset imported again under the same name, leaving the others as they were', async () => {
      await importJson(t, admin, JSON.stringify([rawZone({ identifier: 'OLD1' }), rawZone({ identifier: 'OLD2' })]), 'replaced');
      const before = await storeState(t);

      const response = await importJson(t, admin, JSON.stringify([rawZone({ identifier: 'NEW1' })]), 'replaced');

      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ dataset: 'replaced', imported: 1 });
      const identifiers = await t.db.prisma.geozone.findMany({ where: { dataset: { name: 'replaced' } }, select: { identifier: true } });
      expect(identifiers).toEqual([{ identifier: 'NEW1' }]);
      const after = await storeState(t);
      expect(after.datasets.filter((d) => d.name !== 'replaced')).toEqual(before.datasets.filter((d) => d.name !== 'replaced'));
    });

    it('accepts a multipart upload (field "file", optional field "dataset"), naming the dataset after the file by default', async () => {
      const named = await request(t.app)
        .post('/api/zones/import')
        .set(admin)
        .field('dataset', 'Swiss test zones')
        .attach('file', seedFilePath('interuss-che-ed269.json'));
      const unnamed = await request(t.app).post('/api/zones/import').set(admin).attach('file', seedFilePath('interuss-cis-ed318.json'));

      expect(named.status).toBe(201);
      expect(named.body).toMatchObject({ dataset: 'Swiss test zones', format: 'ED-269', imported: 6, skipped: 0 });
      expect(unnamed.status).toBe(201);
      expect(unnamed.body).toMatchObject({ dataset: 'interuss-cis-ed318', format: 'ED-318', imported: 3, skipped: 0 });
    });

    it('names a JSON body without a dataset after its format and countries', async () => {
      const response = await importJson(t, admin, readSeedFile('interuss-cis-ed269.json'));

      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ dataset: 'ED-269 CHE', imported: 1 });
    });

    it('accepts a file starting with a UTF-8 byte order mark, as national feeds do', async () => {
      const response = await importJson(t, admin, `\uFEFF${readSeedFile('lu-ed269.json')}`, 'lu-with-bom');

      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ imported: 43, skipped: 0 });
    });

    it('answers 400 BAD_REQUEST when no file is sent', async () => {
      expectError(await request(t.app).post('/api/zones/import').set(admin), 400, 'BAD_REQUEST');
      expectError(
        await request(t.app).post('/api/zones/import').set(admin).attach('other', Buffer.from('[]'), 'x.json'),
        400,
        'BAD_REQUEST',
      );
    });

    it('answers 422 VALIDATION_FAILED to a dataset name longer than 100 characters', async () => {
      const response = await importJson(t, admin, JSON.stringify([rawZone()]), 'x'.repeat(101));

      expectError(response, 422, 'VALIDATION_FAILED');
      expect(response.body.fields).toHaveProperty('dataset');
    });
  });

  describe('access', () => {
    it('answers 401 UNAUTHENTICATED without a token and 403 NOT_ALLOWED without AIRSPACE_EDIT_ADMIN, storing nothing', async () => {
      const before = await storeState(t);
      const { auth: operator } = await signedInUser(t.app, t.db.prisma, ['AIRSPACE_LIST_ADMIN', 'PREFLIGHT_EDIT', 'USER_EDIT_ADMIN']);
      const file = JSON.stringify([rawZone({ identifier: 'SNEAKY' })]);

      expectError(await importJson(t, undefined, file, 'sneaky'), 401, 'UNAUTHENTICATED');
      expectError(await importJson(t, operator, file, 'sneaky'), 403, 'NOT_ALLOWED');
      expectError(
        await request(t.app).post('/api/zones/import').set(operator).attach('file', Buffer.from(file), 'sneaky.json'),
        403,
        'NOT_ALLOWED',
      );
      expect(await storeState(t)).toEqual(before);
    });

    it('is documented in the OpenAPI document with its right', async () => {
      const document = await request(t.app).get('/api/openapi.json');

      expect(document.body.paths['/api/zones/import'].post['x-permissions']).toEqual(['AIRSPACE_EDIT_ADMIN']);
      expect(document.body.paths['/api/zones'].get['x-access']).toBe('signedIn');
    });
  });
});
