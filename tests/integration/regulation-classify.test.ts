import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { classifyResultSchema } from '../../src/shared/contracts/regulation';
import { classify, type GeozoneFact, type MissionFacts } from '../../src/shared/regulation';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { CLOCK_START, expectError } from './support';
import { importJson, readSeedFile, square, type Auth } from './zones-support';

/** A plain A1 mission in the countryside with a C0 camera drone, on the day of a Luxembourg military exercise. */
function missionFacts(overrides: Partial<MissionFacts> = {}): MissionFacts {
  return {
    massGrams: 249,
    classMark: 'C0',
    maxHeightM: 100,
    overPeople: 'none',
    distanceToPeopleM: 200,
    vlos: true,
    urban: false,
    pilotAge: 30,
    pilotCertificates: ['A1A3_EXAM', 'A2_COC'],
    nearAerodrome: false,
    dateISO: '2026-07-21',
    hasCamera: true,
    ...overrides,
  };
}

// EL-UAS-TSA7, PROHIBITED 0–120 m AGL on 2026-07-21 from 07:00 to 13:00 UTC (lu-ed269.json).
const INSIDE_TSA7 = square(6.15, 49.88, 0.002);
// EL-UAS-S7 in Luxembourg City, REQ_AUTHORISATION 0–120 m, not permanent: from 2020-12-30 to 2027-01-01 (lu-ed269.json).
const INSIDE_S7 = square(6.1331, 49.6108, 0.0003);

describe('POST /api/regulation/classify', () => {
  let t: TestApp;
  let user: Auth;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = (await signedInUser(t.app, t.db.prisma, ['AIRSPACE_EDIT_ADMIN'])).auth;
    expect((await importJson(t, admin, readSeedFile('lu-ed269.json'), 'lu-ed269')).status).toBe(201);
    user = (await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_EDIT'])).auth;
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  const post = (body: unknown, auth: Auth | null = user) => {
    const call = request(t.app).post('/api/regulation/classify');
    if (auth) void call.set(auth);
    return call.send(body as object);
  };

  describe('answers the verdict of the engine, with every rule evaluated, for each supported country', () => {
    it.each([
      { country: 'EU', facts: missionFacts(), category: 'OPEN', subcategory: 'A1' },
      { country: 'FR', facts: missionFacts(), category: 'OPEN', subcategory: 'A1' },
      { country: 'LU', facts: missionFacts(), category: 'OPEN', subcategory: 'A1' },
      { country: 'JP', facts: missionFacts(), category: 'OPEN', subcategory: undefined },
      // Monaco: since 2022 only professional flights; a 249 g leisure flight is forbidden.
      { country: 'MC', facts: missionFacts(), category: 'FORBIDDEN', subcategory: undefined },
    ])('$country → $category $subcategory', async ({ country, facts, category, subcategory }) => {
      const response = await post({ country, facts });

      expect(response.status).toBe(200);
      expect(classifyResultSchema.safeParse(response.body).success).toBe(true);
      expect(response.body).toMatchObject({ country, category, geozones: [] });
      expect(response.body.subcategory).toBe(subcategory);
      // The API adds nothing to the engine's decision: "now" is the server clock.
      expect(response.body).toEqual({ ...classify(country, facts, { nowISO: t.clock.now().toISOString() }), geozones: [] });
      expect(response.body.rules.length).toBeGreaterThan(5);
      for (const rule of response.body.rules)
        expect(rule).toMatchObject({ id: expect.any(String), catalogueCode: expect.stringMatching(/^(WTS|CPX)\d{3}$/) });
    });

    it('accepts a lower-case country code', async () => {
      const response = await post({ country: 'fr', facts: missionFacts() });

      expect(response.status).toBe(200);
      expect(response.body.country).toBe('FR');
    });
  });

  describe('geozones', () => {
    it('takes the geozones given in the facts: a prohibited zone entered makes the mission FORBIDDEN', async () => {
      const prohibited: GeozoneFact = { identifier: 'P1', name: 'Prison', restriction: 'PROHIBITED', lowerLimitM: 0, upperLimitM: 120 };

      const response = await post({ country: 'FR', facts: missionFacts({ geozones: [prohibited] }) });

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ category: 'FORBIDDEN', blockers: ['GEOZONE_PROHIBITED'], geozones: [prohibited] });
      expect(response.body.rules.find((rule: { id: string }) => rule.id === 'GZ-03-P')).toMatchObject({
        outcome: 'fail',
        subjects: ['P1'],
      });
    });

    it('takes a prohibited zone starting above the flight as a height cap (GZ-02, GZ-03)', async () => {
      const above: GeozoneFact = { identifier: 'P2', name: 'Upper', restriction: 'PROHIBITED', lowerLimitM: 50, upperLimitM: null };

      const response = await post({ country: 'FR', facts: missionFacts({ maxHeightM: 40, geozones: [above] }) });

      expect(response.body).toMatchObject({ category: 'OPEN', blockers: [], maxHeightM: 50 });
    });

    it('looks up the stored zones an area touches at the mission date and time and passes them to the engine', async () => {
      const during = await post({ country: 'LU', facts: missionFacts({ timeUTC: '09:30' }), area: INSIDE_TSA7 });
      const nextDay = await post({ country: 'LU', facts: missionFacts({ dateISO: '2026-07-22', timeUTC: '09:30' }), area: INSIDE_TSA7 });

      expect(during.status).toBe(200);
      expect(during.body).toMatchObject({ category: 'FORBIDDEN', blockers: ['GEOZONE_PROHIBITED'] });
      expect(during.body.geozones).toEqual([
        {
          identifier: 'MLTSA07',
          name: 'EL-UAS-TSA7',
          restriction: 'PROHIBITED',
          lowerLimitM: 0,
          upperLimitM: 120,
          lowerReference: 'AGL',
          upperReference: 'AGL',
          message: expect.stringContaining('g-o.lu/uas'),
          authorityName: expect.any(String),
        },
      ]);
      expect(nextDay.status).toBe(200);
      expect(nextDay.body).toMatchObject({ category: 'OPEN', blockers: [], geozones: [] });
    });

    it('keeps the zones given in the facts next to those found for the area', async () => {
      const given: GeozoneFact = { identifier: 'C1', name: 'Given', restriction: 'CONDITIONAL', lowerLimitM: 0, upperLimitM: null };

      const response = await post({ country: 'LU', facts: missionFacts({ timeUTC: '09:30', geozones: [given] }), area: INSIDE_TSA7 });

      expect(response.body.geozones.map((zone: GeozoneFact) => zone.identifier)).toEqual(['C1', 'MLTSA07']);
    });

    it('answers 422 INSUFFICIENT_DATA naming facts.timeUTC when a zone of the area applies only part of the day', async () => {
      const response = await post({ country: 'LU', facts: missionFacts(), area: INSIDE_TSA7 });

      expectError(response, 422, 'INSUFFICIENT_DATA');
      expect(Object.keys(response.body.fields)).toEqual(['facts.timeUTC']);
    });

    it('needs no time when every zone of the area applies all day or not at all that day', async () => {
      // S7 is not permanent, but its period covers the whole mission day.
      const allDay = await post({ country: 'LU', facts: missionFacts(), area: INSIDE_S7 });
      // TSA7 is active on 2026-07-21 only: the day after, nothing applies.
      const dayAfter = await post({ country: 'LU', facts: missionFacts({ dateISO: '2026-07-22' }), area: INSIDE_TSA7 });

      expect(allDay.status).toBe(200);
      expect(allDay.body.geozones.map((zone: GeozoneFact) => zone.identifier)).toEqual(['SPECI07']);
      expect(allDay.body.requirements).toContain('ZONE_AUTHORISATION');
      expect(allDay.body).toEqual(
        await post({ country: 'LU', facts: missionFacts({ timeUTC: '03:00' }), area: INSIDE_S7 }).then((r) => r.body),
      );
      expect(dayAfter.status).toBe(200);
      expect(dayAfter.body).toMatchObject({ category: 'OPEN', blockers: [], geozones: [] });
    });

    it('answers 422 VALIDATION_FAILED to an area that is not a closed polygon', async () => {
      const response = await post({
        country: 'LU',
        facts: missionFacts({ timeUTC: '09:30' }),
        area: { type: 'Point', coordinates: [6.15, 49.88] },
      });

      expectError(response, 422, 'VALIDATION_FAILED');
    });
  });

  describe('domain errors (spec domain §8)', () => {
    it.each(['DE', 'XX', 'USA'])('answers 422 REGULATION_NOT_SUPPORTED to the country %s', async (country) => {
      expectError(await post({ country, facts: missionFacts() }), 422, 'REGULATION_NOT_SUPPORTED');
    });

    it.each([{}, { country: null }, { country: '  ' }])('answers 422 COUNTRY_UNDETERMINED without a country (%j)', async (country) => {
      expectError(await post({ ...country, facts: missionFacts() }), 422, 'COUNTRY_UNDETERMINED');
    });

    it('answers 422 DRONE_NOT_APPROVED to a C0 reaching 250 g, naming the facts in question', async () => {
      const response = await post({ country: 'FR', facts: missionFacts({ massGrams: 250 }) });

      expectError(response, 422, 'DRONE_NOT_APPROVED');
      expect(Object.keys(response.body.fields).sort()).toEqual(['facts.classMark', 'facts.massGrams']);
    });

    it('answers 422 VALIDATION_FAILED without facts, or with a required fact missing, naming it', async () => {
      const { massGrams: _massGrams, ...withoutMass } = missionFacts();

      const noFacts = await post({ country: 'FR' });
      const noMass = await post({ country: 'FR', facts: withoutMass });

      expectError(noFacts, 422, 'VALIDATION_FAILED');
      expect(Object.keys(noFacts.body.fields)).toEqual(['facts']);
      expectError(noMass, 422, 'VALIDATION_FAILED');
      expect(Object.keys(noMass.body.fields)).toEqual(['facts.massGrams']);
    });
  });

  it('answers 401 UNAUTHENTICATED without a token, and any signed-in user may classify', async () => {
    const { auth: noRights } = await signedInUser(t.app, t.db.prisma, []);

    expectError(await post({ country: 'FR', facts: missionFacts() }, null), 401, 'UNAUTHENTICATED');
    expect((await post({ country: 'FR', facts: missionFacts() }, noRights)).status).toBe(200);
  });

  describe('takes exactly the facts of regulation.md §8', () => {
    it('refuses an unknown fact with 422 naming it, and an unknown top-level key likewise', async () => {
      const unknownFact = await post({ country: 'FR', facts: { ...missionFacts(), geozonez: [] } });
      expectError(unknownFact, 422, 'VALIDATION_FAILED');
      expect(unknownFact.body.fields).toEqual({ 'facts.geozonez': ['validation:unknownKey'] });

      const unknownKey = await post({ country: 'FR', facts: missionFacts(), areas: INSIDE_TSA7 });
      expect(unknownKey.body.fields).toEqual({ areas: ['validation:unknownKey'] });
    });

    it('reads timeUTC as written in §8 ("18:00:00Z")', async () => {
      const response = await post({ country: 'LU', facts: missionFacts({ timeUTC: '18:00:00Z' }), area: INSIDE_TSA7 });

      expect(response.status).toBe(200);
      // TSA7 is active 07:00–13:00 UTC: at 18:00 it does not apply.
      expect(response.body).toMatchObject({ category: 'OPEN', geozones: [] });
    });

    // An ED-269 zone as published (regulation.md §5.1): weekday schedule in UTC, two volumes, one of them a circle.
    const RAW_ZONE = {
      identifier: 'TST01',
      country: 'LUX',
      name: 'Test range',
      type: 'COMMON',
      restriction: 'PROHIBITED',
      reason: ['OTHER'],
      zoneAuthority: [{ name: 'DAC', purpose: 'AUTHORIZATION', intervalBefore: 'P2D' }],
      applicability: [
        {
          permanent: 'NO',
          startDateTime: '2026-07-01T00:00:00.00Z',
          endDateTime: '2026-07-31T23:59:59.00Z',
          schedule: [{ day: ['TUE'], startTime: '07:00:00.00Z', endTime: '13:00:00.00Z' }],
        },
      ],
      geometry: [
        {
          uomDimensions: 'M',
          lowerLimit: 0,
          lowerVerticalReference: 'AGL',
          upperLimit: 120,
          upperVerticalReference: 'AGL',
          horizontalProjection: { type: 'Circle', center: [6.15, 49.88], radius: 500 },
        },
        {
          uomDimensions: 'FT',
          lowerLimit: 1500,
          lowerVerticalReference: 'AMSL',
          upperLimit: 3000,
          upperVerticalReference: 'AMSL',
          horizontalProjection: { type: 'Circle', center: [6.15, 49.88], radius: 2000 },
        },
      ],
    };

    it.each([
      ['Tuesday 09:30 UTC, 300 m from the centre: inside the schedule and the circle', '2026-07-21', '09:30:00Z', 300, 'FORBIDDEN'],
      ['Tuesday 18:00 UTC: outside the daily window', '2026-07-21', '18:00:00Z', 300, 'OPEN'],
      ['Wednesday 09:30 UTC: not a day of the schedule', '2026-07-22', '09:30:00Z', 300, 'OPEN'],
      ['Tuesday 09:30 UTC, 800 m from the centre: outside the 500 m circle', '2026-07-21', '09:30:00Z', 800, 'OPEN'],
    ])('a raw ED-269 zone: %s', async (_case, dateISO, timeUTC, distance, category) => {
      const facts = missionFacts({ dateISO, timeUTC, geozone: { ...RAW_ZONE, missionDistanceFromCenterM: distance } });

      const response = await post({ country: 'LU', facts });

      expect(response.status).toBe(200);
      expect(response.body.category).toBe(category);
      const prohibited = response.body.rules.find((rule: { id: string }) => rule.id === 'GZ-03-P');
      if (category === 'FORBIDDEN') expect(prohibited).toMatchObject({ outcome: 'fail', subjects: expect.arrayContaining(['TST01']) });
      else expect(prohibited?.outcome ?? 'notApplicable').not.toBe('fail');
    });

    it('a raw ED-269 zone without the mission distance for its circles answers 422 naming the fact', async () => {
      const response = await post({ country: 'LU', facts: missionFacts({ dateISO: '2026-07-21', timeUTC: '09:30', geozone: RAW_ZONE }) });

      expectError(response, 422, 'INSUFFICIENT_DATA');
      expect(Object.keys(response.body.fields)).toEqual(['facts.geozone.missionDistanceFromCenterM']);
    });

    it('a raw ED-318 feature with its layer, compared above mean sea level with the altitude given', async () => {
      const feature = {
        type: 'Feature',
        geometry: {
          type: 'Point',
          coordinates: [6.15, 49.88],
          extent: { subType: 'Circle', radius: 1000 },
          layer: { lower: 400, lowerReference: 'AMSL', upper: 900, upperReference: 'AMSL', uom: 'm' },
        },
        properties: {
          identifier: 'TST02',
          country: 'LUX',
          type: 'PROHIBITED',
          variant: 'COMMON',
          reason: ['OTHER'],
          zoneAuthority: [{ purpose: 'AUTHORIZATION' }],
        },
      };
      const low = await post({
        country: 'LU',
        facts: missionFacts({ maxAltitudeAmslM: 380, geozone: { ...feature, missionDistanceFromCenterM: 10 } }),
      });
      const high = await post({
        country: 'LU',
        facts: missionFacts({ maxAltitudeAmslM: 450, geozone: { ...feature, missionDistanceFromCenterM: 10 } }),
      });

      expect(low.body).toMatchObject({ category: 'OPEN' });
      expect(high.body).toMatchObject({ category: 'FORBIDDEN', blockers: ['GEOZONE_PROHIBITED'] });
    });
  });
});
