import { booleanIntersects, circle, pointToLineDistance } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import { createShippedRunways, runwayFacts } from '../../../server/modules/regulation/runway-facts';
import type { Polygon } from '../../../src/shared/geozones/zone';
import { classify } from '../../../src/shared/regulation';
import { missionFacts } from '../regulation/mission-facts';

const runways = createShippedRunways();
const inline = {
  intersectsEach: async (area: Polygon, geometries: readonly unknown[]) => geometries.map((g) => booleanIntersects(area, g as Polygon)),
};

/** A disc of 150 m radius around (lon, lat): the flight area of a small mission. */
const disc = (lon: number, lat: number): Polygon => circle([lon, lat], 150, { units: 'meters', steps: 32 }).geometry as Polygon;

/** Kilometres from the disc to a runway's centreline, as turf measures it over the disc's vertices. */
function turfDAkm(area: Polygon, ends: [number, number][]): number {
  const line = { type: 'LineString' as const, coordinates: ends };
  return Math.min(...area.coordinates[0]!.map((vertex) => pointToLineDistance(vertex, line, { units: 'kilometers' })));
}

// Runway ends as OurAirports gives them (data-seed/aerodromes/fr-runways.json).
const RENNES_10_28: [number, number][] = [
  [-1.7461, 48.0737],
  [-1.71839, 48.070202],
];
const BELLE_ILE_06_24: [number, number][] = [
  [-3.205019, 47.32383],
  [-3.197414, 47.326771],
];
const BRON_16_34: [number, number][] = [
  [4.94093, 45.735001],
  [4.94761, 45.719299],
];

describe('runway facts of real missions from the shipped French aerodromes (FR-AD-02/03)', () => {
  it('Rennes, Saint-Jacques-de-la-Lande: 3 km from LFRN runway 10/28 (2,100 m), capped at 30 m', async () => {
    const area = disc(-1.7, 48.095);
    const facts = await runwayFacts(area, runways, inline);

    expect(facts).toMatchObject({ nearAerodrome: true, runwayInstrument: true, runwayLengthM: 2_100 });
    expect(facts.distanceDAkm).toBeCloseTo(turfDAkm(area, RENNES_10_28), 1);
    expect(facts.distanceDAkm).toBeGreaterThan(2.5);
    expect(facts.distanceDAkm).toBeLessThan(5);
    const verdict = classify('FR', missionFacts({ ...facts, maxHeightM: 80, dateISO: '2026-06-10' }));
    expect(verdict.maxHeightM).toBe(30);
    expect(verdict.requirements).toContain('AERODROME_AGREEMENT');
    expect(verdict.rules.find((rule) => rule.id === 'FR-AD-03')).toMatchObject({ outcome: 'fail', params: { capM: 30 } });
  });

  it('Lyon, Parc de la Tête d’Or: between 8 and 10 km from Lyon-Bron runway 16/34, capped at 100 m', async () => {
    const area = disc(4.8535, 45.7775);
    const facts = await runwayFacts(area, runways, inline);

    expect(facts).toMatchObject({ nearAerodrome: true, runwayInstrument: true, runwayLengthM: 1_820 });
    expect(facts.distanceDAkm).toBeCloseTo(turfDAkm(area, BRON_16_34), 1);
    const verdict = classify('FR', missionFacts({ ...facts, maxHeightM: 90, dateISO: '2026-06-10' }));
    expect(verdict.maxHeightM).toBe(100);
    expect(verdict.requirements).not.toContain('AERODROME_AGREEMENT');
  });

  it('an area over a runway is at 0 km: no flight without the agreement', async () => {
    const facts = await runwayFacts(disc(-1.732, 48.072), runways, inline);

    expect(facts.distanceDAkm).toBe(0);
    expect(classify('FR', missionFacts({ ...facts, maxHeightM: 20 })).maxHeightM).toBe(0);
  });

  it('a small airfield’s short runway takes the bands of annexe I 1° (Belle-Île, LFEA 06/24, 660 m): 50 m from 0.5 to 3.5 km', async () => {
    const area = disc(-3.17, 47.33);
    const facts = await runwayFacts(area, runways, inline);

    expect(facts).toMatchObject({ nearAerodrome: true, runwayInstrument: false, runwayLengthM: 660 });
    expect(facts.distanceDAkm).toBeCloseTo(turfDAkm(area, BELLE_ILE_06_24), 1);
    expect(facts.distanceDAkm).toBeGreaterThan(0.5);
    expect(facts.distanceDAkm).toBeLessThan(3.5);
    const verdict = classify('FR', missionFacts({ ...facts, maxHeightM: 40 }));
    expect(verdict.maxHeightM).toBe(50);
    expect(verdict.rules.find((rule) => rule.id === 'FR-AD-02')).toMatchObject({ outcome: 'pass', params: { capM: 50 } });
    expect(verdict.rules.find((rule) => rule.id === 'FR-AD-03')?.outcome).toBe('notApplicable');
  });

  it('far from every known runway (Luxembourg City, the Massif Central plateau) it says nothing', async () => {
    expect(await runwayFacts(disc(6.1331, 49.6108), runways, inline)).toEqual({});
    expect(await runwayFacts(disc(3.05, 44.55), runways, inline)).toEqual({});
  });
});
