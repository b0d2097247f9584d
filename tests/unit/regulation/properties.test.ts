import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLASS_MARKS,
  COUNTRIES,
  OVER_PEOPLE,
  PILOT_CERTIFICATES,
  categoryRank,
  classify,
  countFrJoursOuvrablesBetween,
  earliestFrFlightDateByJoursOuvrables,
  isJpKaichobi,
  latestJpSubmissionDate,
  rulesFor,
  verdictSchema,
  type ClassMark,
  type GeozoneFact,
  type MissionFacts,
} from '@/shared/regulation';
import { addDays } from '@/shared/regulation/working-days';
import { missionFacts } from './mission-facts';

// Masses stay inside each class mark, so that no generated mission is a DRONE_NOT_APPROVED error.
const MAX_MASS_G: Record<ClassMark, number> = {
  C0: 249,
  C1: 24_999,
  C2: 3_999,
  C3: 24_999,
  C4: 24_999,
  C5: 24_999,
  C6: 24_999,
  none: 30_000,
  privately_built: 30_000,
};

const dateArb = (from: string, days: number) => fc.integer({ min: 0, max: days }).map((offset) => addDays(from, offset));

const geozoneArb: fc.Arbitrary<GeozoneFact> = fc
  .record({
    identifier: fc.constantFrom('Z1', 'Z2', 'Z3'),
    restriction: fc.constantFrom('PROHIBITED', 'REQ_AUTHORISATION', 'CONDITIONAL', 'NO_RESTRICTION'),
    lowerLimitM: fc.integer({ min: 0, max: 150 }),
    thicknessM: fc.integer({ min: 0, max: 200 }),
    intervalBeforeDays: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
  })
  .map(({ thicknessM, intervalBeforeDays, ...zone }) => ({
    ...zone,
    name: zone.identifier,
    upperLimitM: zone.lowerLimitM + thicknessM,
    ...(intervalBeforeDays === undefined ? {} : { intervalBeforeDays }),
  }));

const optionalFactsArb = fc.record(
  {
    hasCamera: fc.boolean(),
    isToy: fc.boolean(),
    lowSpeedMode: fc.boolean(),
    maxSpeedMps: fc.integer({ min: 0, max: 40 }),
    directSupervision: fc.boolean(),
    distanceToResidentialM: fc.integer({ min: 0, max: 400 }),
    obstacleHeightM: fc.integer({ min: 90, max: 150 }),
    obstacleDistanceM: fc.integer({ min: 0, max: 80 }),
    obstacleOwnerRequest: fc.boolean(),
    transportsPeople: fc.boolean(),
    professional: fc.boolean(),
    controlledGroundArea: fc.boolean(),
    populatedEnvironment: fc.boolean(),
    airspaceObservers: fc.boolean(),
    distanceFromPilotM: fc.integer({ min: 0, max: 3_000 }),
    scenario: fc.constantFrom('FR-S2', 'FR-S3'),
    declarationDateISO: dateArb('2020-12-01', 2_600),
    applicationDateISO: dateArb('2020-12-01', 2_600),
    publicSpace: fc.boolean(),
    prefectAuthorisedPlace: fc.boolean(),
    runwayInstrument: fc.boolean(),
    runwayLengthM: fc.integer({ min: 400, max: 3_000 }),
    distanceDAkm: fc.double({ min: 0, max: 8, noNaN: true }),
    inCTR: fc.boolean(),
    ctrListedAnnexII3: fc.boolean(),
    night: fc.boolean(),
    inProtectedSpeciesZone: fc.boolean(),
    distanceToRoadM: fc.integer({ min: 0, max: 100 }),
    inDID: fc.boolean(),
    eventSite: fc.boolean(),
    accessControlled: fc.boolean(),
    nearHeliportM: fc.integer({ min: 0, max: 400 }),
    overPrincePalace: fc.boolean(),
    timeLocal: fc.constantFrom('06:00', '13:59', '14:00', '23:30'),
    geozones: fc.array(geozoneArb, { maxLength: 2 }),
  },
  { requiredKeys: [] },
);

const factsArb: fc.Arbitrary<MissionFacts> = fc
  .record({
    classMark: fc.constantFrom(...CLASS_MARKS),
    massSeed: fc.integer({ min: 1, max: 30_000 }),
    maxHeightM: fc.integer({ min: 0, max: 200 }),
    overPeople: fc.constantFrom(...OVER_PEOPLE),
    distanceToPeopleM: fc.integer({ min: 0, max: 300 }),
    vlos: fc.boolean(),
    urban: fc.boolean(),
    pilotAge: fc.integer({ min: 8, max: 70 }),
    pilotCertificates: fc.subarray([...PILOT_CERTIFICATES]),
    nearAerodrome: fc.boolean(),
    dateISO: dateArb('2021-01-01', 2_550),
    optional: optionalFactsArb,
  })
  .map(({ massSeed, optional, ...plain }) =>
    missionFacts({ ...plain, ...optional, massGrams: Math.min(massSeed, MAX_MASS_G[plain.classMark]) }),
  );

const countryArb = fc.constantFrom(...COUNTRIES);

const rank = (country: string, facts: MissionFacts) => categoryRank(classify(country, facts).category);

const residentialDistanceM = (facts: MissionFacts) => facts.distanceToResidentialM ?? (facts.urban ? 0 : 1_000);

/** Each mutation only adds a fact that a rule turns into a blocker, a requirement or a higher category. */
const ADVERSE_MUTATIONS: ReadonlyArray<[string, (facts: MissionFacts, amount: number) => MissionFacts]> = [
  [
    'closer to people',
    (f, k) => ({
      ...f,
      overPeople: f.overPeople === 'none' ? 'uninvolved' : 'assemblies',
      distanceToPeopleM: Math.max(0, f.distanceToPeopleM - k),
    }),
  ],
  ['beyond visual line of sight', (f) => ({ ...f, vlos: false })],
  ['younger pilot', (f, k) => ({ ...f, pilotAge: Math.max(0, f.pilotAge - (k % 10)) })],
  ['heavier aircraft', (f, k) => ({ ...f, massGrams: Math.min(MAX_MASS_G[f.classMark], f.massGrams + k * 50) })],
  ['closer to a residential area', (f, k) => ({ ...f, distanceToResidentialM: Math.max(0, residentialDistanceM(f) - k) })],
  ['in town', (f) => ({ ...f, urban: true })],
  ['at night', (f) => ({ ...f, night: true })],
  ['not professional', (f) => ({ ...f, professional: false })],
  ['no place authorised by the préfet', (f) => ({ ...f, prefectAuthorisedPlace: false })],
  ['not a toy, with a camera', (f) => ({ ...f, isToy: false, hasCamera: true })],
  ['no low-speed mode', (f) => ({ ...f, lowSpeedMode: false })],
  ['no direct supervision', (f) => ({ ...f, directSupervision: false })],
  ['no controlled ground area', (f) => ({ ...f, controlledGroundArea: false })],
  ['populated environment', (f) => ({ ...f, populatedEnvironment: true })],
  ['no airspace observers', (f) => ({ ...f, airspaceObservers: false })],
  ['farther from the pilot', (f, k) => ({ ...f, distanceFromPilotM: (f.distanceFromPilotM ?? 0) + k * 20 })],
  ['obstacle owner refuses', (f) => ({ ...f, obstacleOwnerRequest: false })],
  ['no certificates', (f) => ({ ...f, pilotCertificates: [] })],
  ['in a CTR', (f) => ({ ...f, inCTR: true })],
  ['near an aerodrome', (f) => ({ ...f, nearAerodrome: true })],
  ['closer to a road', (f, k) => ({ ...f, distanceToRoadM: Math.max(0, (f.distanceToRoadM ?? 100) - k) })],
  ['in a protected-species zone', (f) => ({ ...f, inProtectedSpeciesZone: true })],
  ['in a DID', (f) => ({ ...f, inDID: true })],
  ['over an event site', (f) => ({ ...f, eventSite: true })],
  ['no 立入管理措置', (f) => ({ ...f, accessControlled: false })],
  ['closer to the heliport', (f, k) => ({ ...f, nearHeliportM: Math.max(0, (f.nearHeliportM ?? 400) - k) })],
  ['over the Palace', (f) => ({ ...f, overPrincePalace: true })],
  [
    'inside a prohibited zone',
    (f, k) => ({
      ...f,
      geozones: [...(f.geozones ?? []), { identifier: 'P', name: 'P', restriction: 'PROHIBITED', lowerLimitM: k % 150, upperLimitM: 500 }],
    }),
  ],
  [
    'inside a zone requiring authorisation',
    (f) => ({
      ...f,
      geozones: [...(f.geozones ?? []), { identifier: 'A', name: 'A', restriction: 'REQ_AUTHORISATION', lowerLimitM: 0, upperLimitM: 120 }],
    }),
  ],
];

describe('Properties of the verdict', () => {
  it('raising maxHeightM never makes a verdict less restrictive', () => {
    fc.assert(
      fc.property(countryArb, factsArb, fc.integer({ min: 0, max: 150 }), (country, facts, raise) => {
        expect(rank(country, { ...facts, maxHeightM: facts.maxHeightM + raise })).toBeGreaterThanOrEqual(rank(country, facts));
      }),
      { numRuns: 400 },
    );
  });

  it('adding a blocker-producing fact never lowers the category', () => {
    fc.assert(
      fc.property(
        countryArb,
        factsArb,
        fc.constantFrom(...ADVERSE_MUTATIONS),
        fc.integer({ min: 1, max: 200 }),
        (country, facts, [, mutate], amount) => {
          expect(rank(country, mutate(facts, amount))).toBeGreaterThanOrEqual(rank(country, facts));
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('every verdict matches verdictSchema and reports every rule of its country, in order', () => {
    fc.assert(
      fc.property(countryArb, factsArb, (country, facts) => {
        const verdict = classify(country, facts);
        expect(verdictSchema.safeParse(verdict).success).toBe(true);
        expect(verdict.rules.map((rule) => rule.id)).toEqual(rulesFor(country).map((rule) => rule.id));
      }),
      { numRuns: 300 },
    );
  });

  it('a FORBIDDEN verdict always names a blocker; an EU OPEN verdict always names its subcategory', () => {
    fc.assert(
      fc.property(countryArb, factsArb, (country, facts) => {
        const verdict = classify(country, facts);
        if (verdict.category === 'FORBIDDEN') expect(verdict.blockers.length).toBeGreaterThan(0);
        if (verdict.category === 'OPEN' && ['EU', 'FR', 'LU'].includes(country)) {
          expect(['A1', 'A2', 'A3']).toContain(verdict.subcategory);
        }
        if (verdict.category === 'SPECIFIC' && ['EU', 'FR', 'LU'].includes(country) && verdict.subcategory === undefined) {
          expect(verdict.requirements).toContain('OPERATIONAL_AUTHORISATION');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('FR-PREF-02: the earliest flight day has 5 jours ouvrables of notice and the day before has fewer', () => {
    fc.assert(
      fc.property(dateArb('2021-01-01', 1_800), (declaration) => {
        const earliest = earliestFrFlightDateByJoursOuvrables(declaration, 5);
        expect(countFrJoursOuvrablesBetween(declaration, earliest)).toBeGreaterThanOrEqual(5);
        expect(countFrJoursOuvrablesBetween(declaration, addDays(earliest, -1))).toBeLessThan(5);
      }),
    );
  });

  it('JP-NOT-01: the latest submission day is a 開庁日 with exactly N 開庁日 before the flight', () => {
    fc.assert(
      fc.property(dateArb('2021-01-01', 2_500), fc.constantFrom(10, 20), (flight, required) => {
        const latest = latestJpSubmissionDate(flight, required);
        expect(isJpKaichobi(latest)).toBe(true);
        let officeDays = 0;
        for (let day = latest; day < flight; day = addDays(day, 1)) if (isJpKaichobi(day)) officeDays += 1;
        expect(officeDays).toBe(required);
      }),
    );
  });
});
