import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missionVerdictSchema, type MissionVerdict } from '../../src/shared/contracts/regulation';
import { signedInUser } from '../factories/users';
import { serveTiles, terrainRgbTile } from '../factories/terrain-tiles';
import { createTestApp, type TestApp } from '../setup/test-app';
import { completeMission, missionOperator, postMission, square } from './missions-support';
import { expectError } from './support';
import { importJson, readSeedFile } from './zones-support';

type Feature = { identifier: string; geometry: { horizontalProjection: { coordinates: number[][][] } }[] };

/** The real French zones (data-seed/geozones/fr-ed269.json) with a volume in one of the boxes [minLon, minLat, maxLon, maxLat]. */
function frenchZonesIn(boxes: readonly (readonly [number, number, number, number])[]): string {
  const france = JSON.parse(readSeedFile('fr-ed269.json')) as { features: Feature[] };
  // A volume is kept when its bounding box overlaps a box: large zones (TMA, R) have no vertex near the mission.
  const inBox = (feature: Feature) =>
    feature.geometry.some((volume) => {
      const points = volume.horizontalProjection.coordinates.flat();
      const lons = points.map(([lon = 0]) => lon);
      const lats = points.map(([, lat = 0]) => lat);
      return boxes.some(
        ([minLon, minLat, maxLon, maxLat]) =>
          Math.min(...lons) <= maxLon && Math.max(...lons) >= minLon && Math.min(...lats) <= maxLat && Math.max(...lats) >= minLat,
      );
    });
  return JSON.stringify({ ...france, features: france.features.filter(inBox) });
}

const RENNES = square(-1.682, 48.108, 0.004);
const SACLAY = square(2.168, 48.728, 0.004);
const BERLIN = square(13.4, 52.52, 0.004);
/** Across the French–Luxembourg border south of Luxembourg city (the border runs at about 49.492° N at 6.13° E). */
const FR_LU_BORDER = square(6.125, 49.485, 0.015);

const subjectsOf = (verdict: MissionVerdict, ruleId: string) => verdict.rules.find((rule) => rule.id === ruleId)?.subjects ?? [];
const outcomeOf = (verdict: MissionVerdict, ruleId: string) => verdict.rules.find((rule) => rule.id === ruleId)?.outcome;

describe('The verdict of missions on the real shipped zones, stored on every save', () => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof missionOperator>>;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = (await signedInUser(t.app, t.db.prisma, ['AIRSPACE_EDIT_ADMIN'])).auth;
    const zones = frenchZonesIn([
      [-2.2, 47.6, -1.2, 48.6],
      [1.7, 48.3, 2.7, 49.1],
    ]);
    expect((await importJson(t, admin, zones, 'fr-ed269')).status).toBe(201);
    expect((await importJson(t, admin, readSeedFile('lu-ed269.json'), 'lu-ed269')).status).toBe(201);
    operator = await missionOperator(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function saved(change: Record<string, unknown>): Promise<MissionVerdict> {
    const created = await postMission(t, operator.auth, completeMission(operator, { maxHeightM: 40, ...change }));
    expect(created.status).toBe(201);
    expect(created.body.lastVerdict).not.toBeNull();
    return missionVerdictSchema.parse(created.body.lastVerdict);
  }

  it('Rennes at 40 m with its altitude: TMA RENNES (from 457 m AMSL) and the CTR (from 50 m AGL) clear; the runway zone asks for an authorisation', async () => {
    // 330 ft = 100.6 m AMSL: the ground is at 60.6 m.
    const verdict = await saved({ areas: RENNES, maxAltitudeFt: 330 });

    expect(verdict.country).toBe('FR');
    expect(verdict.category).not.toBe('FORBIDDEN');
    expect(verdict.groundSource).toBe('operator');
    expect(outcomeOf(verdict, 'GZ-03-P')).toBe('pass');
    expect(subjectsOf(verdict, 'GZ-03-P')).toEqual(expect.arrayContaining(['FR3215']));
    // The CTR is controlled airspace, not a prohibition: art. 7 (FR-CTR-*) decides, free up to 50 m.
    expect(subjectsOf(verdict, 'GZ-03-P')).not.toContain('FR2181');
    expect(verdict.geozones.find((zone) => zone.identifier === 'FR2181')).toMatchObject({ airspaceKind: 'CTR' });
    expect(subjectsOf(verdict, 'GZ-03-A')).toEqual(expect.arrayContaining(['FR4397']));
    expect(verdict.requirements).toEqual(expect.arrayContaining(['ZONE_AUTHORISATION', 'AERODROME_AGREEMENT']));
    expect(verdict.blockers).not.toContain('MISSION_ALTITUDE_REQUIRED');
    // A real mission now feeds the CTR fact (FR-CTR-02 in OPEN, FR-CTR-01 in SPECIFIC).
    expect(verdict.rules.filter((rule) => rule.id.startsWith('FR-CTR')).map((rule) => rule.outcome)).toContain('pass');
    // Runway 10/28 of Rennes-Saint-Jacques (2,100 m) lies 2.5 to 5 km from the area: annexe I 2° caps it at 30 m.
    expect(verdict.rules.find((rule) => rule.id === 'FR-AD-03')).toMatchObject({ outcome: 'fail', params: { capM: 30 } });
    expect(verdict.maxHeightM).toBeLessThanOrEqual(30);
  });

  it('Rennes without an altitude: not forbidden but the altitude needed, naming the zones an altitude would settle', async () => {
    const verdict = await saved({ areas: RENNES, maxAltitudeFt: null });

    expect(verdict.category).not.toBe('FORBIDDEN');
    expect(verdict.blockers).toContain('MISSION_ALTITUDE_REQUIRED');
    expect(verdict.blockers).not.toContain('GEOZONE_PROHIBITED');
    // TMA RENNES's floor (457 m AMSL) over an unknown ground caps nothing: not "max 0 m".
    expect(outcomeOf(verdict, 'GZ-03-P')).toBe('info');
    expect(subjectsOf(verdict, 'GZ-03-P')).toEqual(expect.arrayContaining(['FR3215']));
    expect(verdict.maxHeightM).toBeGreaterThan(0);
    expect(verdict.zoneDataMissing).toEqual([]);
    expect(subjectsOf(verdict, 'GZ-01-ALT')).toEqual(expect.arrayContaining(['FR3215', 'FR4397']));
    // The CTR starts 50 m above the ground, whatever the altitude: it is not among them.
    expect(subjectsOf(verdict, 'GZ-01-ALT')).not.toContain('FR2181');
    expect(verdict.groundElevationM).toBeNull();
  });

  it('Saclay at 40 m with its altitude: R 205/11 (from 3,053 m AMSL) and TMA PARIS clear; the zones from the ground ask for agreements', async () => {
    // 600 ft = 182.9 m AMSL: the plateau is at about 143 m.
    const withAltitude = await saved({ areas: SACLAY, maxAltitudeFt: 600 });
    const without = await saved({ areas: SACLAY, maxAltitudeFt: null });

    expect(subjectsOf(without, 'GZ-01-ALT')).toEqual(expect.arrayContaining(['FR4687', 'FR3210']));
    expect(subjectsOf(withAltitude, 'GZ-01-ALT')).toEqual([]);
    expect(withAltitude.category).not.toBe('FORBIDDEN');
    expect(withAltitude.blockers).not.toContain('GEOZONE_PROHIBITED');
    expect(outcomeOf(withAltitude, 'GZ-03-P')).toBe('pass');
    // R 324 "VEILLE REGION PARISIENNE" and R 275 PARIS, restricted from the ground: the agreement of their manager.
    expect(subjectsOf(withAltitude, 'FR-ZONE-01')).toEqual(expect.arrayContaining(['FR593', 'FR573']));
    // CTR VILLACOUBLAY, a military control zone from the ground: the ATC agreement at any height.
    expect(withAltitude.geozones.find((zone) => zone.identifier === 'FR2194')).toMatchObject({ airspaceKind: 'CTR', lowerLimitM: 0 });
    expect(withAltitude.requirements).toEqual(expect.arrayContaining(['ZONE_AUTHORISATION', 'ATC_AGREEMENT', 'AERODROME_AGREEMENT']));
    // The runway zones ask for an authorisation.
    expect(subjectsOf(withAltitude, 'GZ-03-A')).toEqual(expect.arrayContaining(['FR4331']));
  });

  it('Berlin: the EU rules of Germany, a member state', async () => {
    const verdict = await saved({
      areas: BERLIN,
      constraints: { overPeople: 'none', distanceToPeopleM: 50, vlos: true, urban: false, nearAerodrome: false },
    });

    expect(verdict).toMatchObject({ country: 'EU', areaCountries: [{ code: 'DE', regulation: 'EU' }] });
    expect(verdict.verdicts.map((each) => each.country)).toEqual(['EU']);
    expect(verdict.category).toBe('OPEN');
    // No German zone is stored: the verdict says its zones were not checked.
    expect(verdict.geozones).toEqual([]);
    expect(verdict.zoneDataMissing).toEqual(['DE']);
  });

  it('across the French–Luxembourg border: one verdict per country, and only those two may be chosen', async () => {
    const verdict = await saved({ areas: FR_LU_BORDER });

    expect(verdict.areaCountries.map((country) => country.code).sort()).toEqual(['FR', 'LU']);
    expect(verdict.verdicts.map((each) => each.country).sort()).toEqual(['FR', 'LU']);
    const luxembourg = await postMission(t, operator.auth, completeMission(operator, { areas: FR_LU_BORDER, country: 'LU' }));
    expect(luxembourg.status).toBe(201);
    expect(luxembourg.body.lastVerdict).toMatchObject({ country: 'LU' });
    expectError(
      await postMission(t, operator.auth, completeMission(operator, { areas: FR_LU_BORDER, country: 'MC' })),
      422,
      'COUNTRY_NOT_IN_AREA',
    );
  });

  it('answers the countries of an area, and 422 UNSUPPORTED_AREA for one in no country', async () => {
    const border = await request(t.app)
      .post('/api/regulation/countries')
      .set(operator.auth)
      .send({ area: FR_LU_BORDER.coordinates[0] && { type: 'Polygon', coordinates: FR_LU_BORDER.coordinates[0] } });
    expect(border.status).toBe(200);
    expect(border.body.countries).toEqual(
      expect.arrayContaining([
        { code: 'FR', regulation: 'FR' },
        { code: 'LU', regulation: 'LU' },
      ]),
    );
    const atSea = square(-20, 45, 0.004);
    expectError(
      await request(t.app)
        .post('/api/regulation/countries')
        .set(operator.auth)
        .send({ area: { type: 'Polygon', coordinates: atSea.coordinates[0] } }),
      422,
      'UNSUPPORTED_AREA',
    );
  });

  it('a save that changes the mission replaces the stored verdict', async () => {
    const created = await postMission(t, operator.auth, completeMission(operator, { areas: RENNES, maxHeightM: 40, maxAltitudeFt: 330 }));
    const body = { ...completeMission(operator, { areas: RENNES, maxHeightM: 40, maxAltitudeFt: null }) };

    const updated = await request(t.app).put(`/api/preflights/${created.body.id}`).set(operator.auth).send(body);

    expect(created.body.lastVerdict.blockers).not.toContain('MISSION_ALTITUDE_REQUIRED');
    expect(updated.status).toBe(200);
    expect(updated.body.lastVerdict.blockers).toContain('MISSION_ALTITUDE_REQUIRED');
    expect(updated.body.lastVerdictAt).not.toBeNull();
  });
});

describe('A terrain model (Terrain-RGB tiles) gives the ground of a mission saved without an altitude', () => {
  let t: TestApp;
  let tiles: Awaited<ReturnType<typeof serveTiles>>;
  let operator: Awaited<ReturnType<typeof missionOperator>>;
  beforeAll(async () => {
    // Zoom 12 tile over the Saclay plateau (about 150 m AMSL): 150 m rising 0.1 m a pixel eastwards.
    tiles = await serveTiles({ '/12/2072/1411.png': terrainRgbTile((px) => 150 + px / 10) });
    t = await createTestApp({ TERRAIN_RGB_URL: tiles.urlTemplate, TERRAIN_RGB_ZOOM: '12' });
    const admin = (await signedInUser(t.app, t.db.prisma, ['AIRSPACE_EDIT_ADMIN'])).auth;
    expect((await importJson(t, admin, frenchZonesIn([[2.1, 48.7, 2.25, 48.76]]), 'fr-ed269')).status).toBe(201);
    operator = await missionOperator(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await tiles?.close();
  });

  it('Saclay at 40 m: the ground from the tiles (168.2 m) clears R 205/11 and TMA PARIS, and the altitude is computed', async () => {
    const created = await postMission(t, operator.auth, completeMission(operator, { areas: SACLAY, maxHeightM: 40, maxAltitudeFt: null }));
    expect(created.status).toBe(201);
    const verdict = missionVerdictSchema.parse(created.body.lastVerdict);

    expect(verdict).toMatchObject({ groundSource: 'terrain', groundElevationM: 168.2 });
    expect(verdict.blockers).not.toContain('MISSION_ALTITUDE_REQUIRED');
    expect(verdict.category).not.toBe('FORBIDDEN');
    // (168.2 + 40) m = 683 ft AMSL, computed from the ground.
    expect(created.body).toMatchObject({ maxAltitudeFt: 683, maxAltitudeSource: 'terrain' });
  });
});
