import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { countriesOfArea, countriesWithoutZones } from '../../../server/modules/regulation/area-countries';
import { toGeozoneFact } from '../../../server/modules/regulation/regulation.mapper';
import { SHIPPED_DATASETS, SHIPPED_GEOZONES_DIR } from '../../../server/zones/shipped-datasets';
import { parseGeozoneFile, ZoneIndex } from '@/shared/geozones';
import { squareAround } from '../geozones/geozone-fixtures';
import type { Polygon } from '@/shared/geozones/zone';
import { classify, type Verdict } from '@/shared/regulation';
import { missionFacts } from './mission-facts';

// The zones the application ships (data-seed/geozones, the same files as the shared data's geozones), on real places.
/** Rennes city centre (the ground is about 40 m above sea level), under TMA RENNES and the CTR of Rennes-Saint-Jacques. */
const RENNES = squareAround([-1.68, 48.11], 0.002);
/** Berlin-Mitte. */
const BERLIN = squareAround([13.402, 52.522], 0.002);
const AT = new Date('2026-06-15T10:00:00Z');

let index: ZoneIndex;
let zoneCountries: Set<string>;
beforeAll(() => {
  const zones = SHIPPED_DATASETS.flatMap(
    (dataset) => parseGeozoneFile(readFileSync(path.join(SHIPPED_GEOZONES_DIR, dataset.file), 'utf8')).zones,
  );
  index = new ZoneIndex(zones);
  zoneCountries = new Set(zones.map((zone) => zone.country));
});

function verdictAt(area: Polygon, country: string, facts: Parameters<typeof missionFacts>[0]): Verdict {
  const matches = index.query(area, { maxHeightM: 120, at: AT });
  return classify(country, missionFacts({ dateISO: '2026-06-15', timeUTC: '10:00:00', ...facts, geozones: matches.map(toGeozoneFact) }));
}

const rule = (verdict: Verdict, id: string) => verdict.rules.find((each) => each.id === id);

describe('Verdicts on the shipped zones at real places', () => {
  it('Rennes at 45 m without an altitude: not FORBIDDEN nor "max 0 m", the altitude asked naming TMA RENNES', () => {
    const verdict = verdictAt(RENNES, 'FR', { maxHeightM: 45 });

    expect(verdict.category).not.toBe('FORBIDDEN');
    expect(verdict.blockers).toContain('MISSION_ALTITUDE_REQUIRED');
    expect(verdict.blockers).not.toContain('GEOZONE_PROHIBITED');
    expect(verdict.maxHeightM).toBe(120);
    expect(rule(verdict, 'GZ-01-ALT')).toMatchObject({ outcome: 'fail', subjects: expect.arrayContaining(['FR3215']) });
    expect(rule(verdict, 'GZ-03-P')).toMatchObject({ outcome: 'info', subjects: expect.arrayContaining(['FR3215']) });
  });

  it('Rennes at 45 m with its altitude (100 m AMSL, 330 ft): TMA RENNES from 457 m AMSL is not entered', () => {
    const verdict = verdictAt(RENNES, 'FR', { maxHeightM: 45, maxAltitudeAmslM: 100.6 });

    expect(verdict.category).not.toBe('FORBIDDEN');
    expect(verdict.blockers).not.toContain('MISSION_ALTITUDE_REQUIRED');
    expect(rule(verdict, 'GZ-03-P')).toMatchObject({ outcome: 'pass' });
    // The TMA starts 457 − 55.6 = 401 m above this ground: the open category's 120 m stays the cap.
    expect(verdict.maxHeightM).toBe(120);
  });

  it('Rennes at 45 m whose altitude puts the flight into TMA RENNES (500 m AMSL): FORBIDDEN, the TMA named', () => {
    const verdict = verdictAt(RENNES, 'FR', { maxHeightM: 45, maxAltitudeAmslM: 500 });

    expect(verdict.category).toBe('FORBIDDEN');
    expect(verdict.blockers).toContain('GEOZONE_PROHIBITED');
    expect(rule(verdict, 'GZ-03-P')?.subjects).toContain('FR3215');
  });

  it('Rennes has French zones; Berlin has none: its verdict is decided without zones, and says so', () => {
    const berlin = countriesOfArea(BERLIN);
    const verdict = verdictAt(BERLIN, 'EU', { maxHeightM: 45 });

    expect(countriesWithoutZones(countriesOfArea(RENNES), zoneCountries)).toEqual([]);
    expect(countriesWithoutZones(berlin, zoneCountries)).toEqual(['DE']);
    expect(verdict.blockers).toEqual([]);
    expect(verdict.rules.filter((each) => each.id.startsWith('GZ-')).every((each) => each.outcome === 'notApplicable')).toBe(true);
  });
});
