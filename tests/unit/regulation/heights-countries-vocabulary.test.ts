import { describe, expect, it } from 'vitest';
import { aerodromeCapM, LARGE_RUNWAY_BANDS, SMALL_RUNWAY_BANDS } from '@/shared/regulation/rules/fr';
import { flightBand, verticalOverlap } from '@/shared/regulation/rules/geozones';
import { classify, missionFactsSchema, type GeozoneFact } from '@/shared/regulation';
import { classifyRow, expectVerdict, missionFacts, type VerdictRow } from './mission-facts';

const ANNEXE_I_1 = 'Arrêté du 3 décembre 2020 « espace » annexe I 1°';
const ANNEXE_I_2 = 'Arrêté du 3 décembre 2020 « espace » annexe I 2° (DA bands of the arrêté du 11 avril 2012 annexe II cas 2)';

describe('FR-AD-02 / FR-AD-03: every aerodrome band (0, 30, 50, 60, 100, 120 m)', () => {
  it.each([
    [ANNEXE_I_1, 'small', 0.49, 0],
    [ANNEXE_I_1, 'small', 0.5, 50],
    [ANNEXE_I_1, 'small', 3.49, 50],
    [ANNEXE_I_1, 'small', 3.5, 100],
    [ANNEXE_I_1, 'small', 4.99, 100],
    [ANNEXE_I_1, 'small', 5, undefined],
    [ANNEXE_I_2, 'large', 2.49, 0],
    [ANNEXE_I_2, 'large', 2.5, 30],
    [ANNEXE_I_2, 'large', 4.99, 30],
    [ANNEXE_I_2, 'large', 5, 60],
    [ANNEXE_I_2, 'large', 7.99, 60],
    [ANNEXE_I_2, 'large', 8, 100],
    [ANNEXE_I_2, 'large', 9.99, 100],
    [ANNEXE_I_2, 'large', 10, undefined],
  ] as const)('%s: a %s runway at DA %s km caps the height at %s m', (_source, runway, distanceKm, capM) => {
    expect(aerodromeCapM(runway === 'small' ? SMALL_RUNWAY_BANDS : LARGE_RUNWAY_BANDS, distanceKm)).toBe(capM);
  });

  const INSTRUMENT = { nearAerodrome: true, runwayInstrument: true } as const;
  const rows: VerdictRow[] = [
    {
      name: `FR-AD-03 (${ANNEXE_I_2}): at DA 6 km, 60 m is within the cap`,
      facts: { ...INSTRUMENT, distanceDAkm: 6, maxHeightM: 60 },
      category: 'OPEN',
      subcategory: 'A1',
      blockers: [],
      absentRequirements: ['AERODROME_AGREEMENT'],
      maxHeightM: 60,
    },
    {
      name: `FR-AD-03 (${ANNEXE_I_2}): at DA 9 km, 101 m needs the agreement`,
      facts: { ...INSTRUMENT, distanceDAkm: 9, maxHeightM: 101 },
      category: 'OPEN',
      subcategory: 'A1',
      blockers: [],
      requirements: ['AERODROME_AGREEMENT'],
      maxHeightM: 100,
    },
    {
      name: `FR-AD-03 (${ANNEXE_I_2}): at DA 12 km the general 120 m applies`,
      facts: { ...INSTRUMENT, distanceDAkm: 12, maxHeightM: 120 },
      category: 'OPEN',
      subcategory: 'A1',
      blockers: [],
      absentRequirements: ['AERODROME_AGREEMENT'],
      maxHeightM: 120,
    },
  ];
  it.each(rows)('$name', (row) => expectVerdict(classifyRow('FR', row), row));
});

describe('CTR above 50 m, the 2 kg / 50 m rule, S-1, LUC, OPEN limited: each where its text applies it', () => {
  const S2 = { classMark: 'privately_built', vlos: false, scenario: 'FR-S2', distanceFromPilotM: 800, dateISO: '2025-06-10' } as const;
  const S1 = { classMark: 'C5', massGrams: 3_000, scenario: 'FR-S1', distanceFromPilotM: 150, dateISO: '2025-06-10' } as const;
  const rows: VerdictRow[] = [
    {
      name: 'FR-CTR-01 (arrêté espace art. 7 1°): a specific flight at 60 m in a CTR needs the ATC agreement',
      facts: { inCTR: true, maxHeightM: 60, classMark: 'C5', massGrams: 3_000 },
      category: 'SPECIFIC',
      blockers: ['CLASS_NOT_OPEN'],
      requirements: ['ATC_AGREEMENT'],
    },
    {
      name: 'FR-CTR-01 (arrêté espace art. 7 2°, annexe II 3°): in a military CTR, at any height',
      facts: { inCTR: true, ctrListedAnnexII3: true, maxHeightM: 30, classMark: 'C5', massGrams: 3_000 },
      category: 'SPECIFIC',
      blockers: ['CLASS_NOT_OPEN'],
      requirements: ['ATC_AGREEMENT'],
    },
    {
      name: 'FR-NS-02-H (arrêté « scénarios » annexe, S-2): 2 kg at 50 m is within S-2',
      facts: { ...S2, massGrams: 2_000, maxHeightM: 50 },
      category: 'SPECIFIC',
      subcategory: 'S-2',
      blockers: ['VLOS_REQUIRED'],
      maxHeightM: 50,
    },
    {
      name: 'FR-NS-02-H (arrêté « scénarios » annexe, S-2): 2 kg at 51 m is not',
      facts: { ...S2, massGrams: 2_000, maxHeightM: 51 },
      category: 'SPECIFIC',
      blockers: ['VLOS_REQUIRED', 'S2_HEIGHT_GT_50M_FOR_GE_2KG'],
      requirements: ['OPERATIONAL_AUTHORISATION'],
    },
    {
      name: 'FR-NS-02-H (arrêté « scénarios » annexe, S-2): 1,999 g at 100 m keeps the 120 m of S-2',
      facts: { ...S2, massGrams: 1_999, maxHeightM: 100 },
      category: 'SPECIFIC',
      subcategory: 'S-2',
      blockers: ['VLOS_REQUIRED'],
    },
    {
      name: 'FR-NS-S1 (arrêté « scénarios » annexe, S-1): VLOS outside agglomeration, 150 m from the pilot',
      facts: S1,
      category: 'SPECIFIC',
      subcategory: 'S-1',
      blockers: ['CLASS_NOT_OPEN'],
      requirements: ['NATIONAL_SCENARIO_DECLARATION'],
    },
    {
      name: 'FR-NS-S1: 201 m from the pilot is beyond S-1',
      facts: { ...S1, distanceFromPilotM: 201 },
      category: 'SPECIFIC',
      blockers: ['CLASS_NOT_OPEN'],
      requirements: ['OPERATIONAL_AUTHORISATION'],
    },
    {
      name: 'FR-NS-01 (Reg. (EU) 2022/425 art. 1(3)): S-1 ended on 2026-01-01',
      facts: { ...S1, dateISO: '2026-01-01' },
      category: 'SPECIFIC',
      blockers: ['CLASS_NOT_OPEN', 'NATIONAL_SCENARIO_EXPIRED'],
      requirements: ['OPERATIONAL_AUTHORISATION'],
    },
  ];
  it.each(rows)('$name', (row) => expectVerdict(classifyRow('FR', row), row));

  it('EU-LUC-01 (Reg. (EU) 2019/947 UAS.LUC.060): a LUC holder needs no operational authorisation', () => {
    const facts = missionFacts({ maxHeightM: 130, lightUasOperatorCertificate: true });
    const withLuc = classify('EU', facts);
    const without = classify('EU', missionFacts({ maxHeightM: 130 }));
    expect(withLuc).toMatchObject({ category: 'SPECIFIC', subcategory: 'LUC' });
    expect(withLuc.requirements).not.toContain('OPERATIONAL_AUTHORISATION');
    expect(without.requirements).toContain('OPERATIONAL_AUTHORISATION');
  });

  it.each(['EU', 'LU', 'FR'])(
    '%s (Reg. (EU) 2019/947 Art. 20): a legacy aircraft flies OPEN limited; a class-marked one plain OPEN',
    (country) => {
      const legacy = classify(country, missionFacts({ classMark: 'none', massGrams: 200, dateISO: '2025-06-10' }));
      expect(legacy).toMatchObject({ category: 'OPEN', overview: 'OPEN_LIMITED' });
      expect(classify(country, missionFacts()).overview).toBe(country === 'LU' ? 'GENERIC' : undefined);
    },
  );

  it('LU-01 (DAC Luxembourg "Let me fly": OPEN beside OPEN-limited): the full open category is the generic overview', () => {
    expect(classify('LU', missionFacts({ classMark: 'C1', massGrams: 800 }))).toMatchObject({ category: 'OPEN', overview: 'GENERIC' });
    expect(classify('LU', missionFacts({ maxHeightM: 130 }))).toMatchObject({ category: 'SPECIFIC' });
    expect(classify('LU', missionFacts({ maxHeightM: 130 })).overview).toBeUndefined();
  });
});

describe('Category FORBIDDEN whenever a blocker has no authorisation path (regulation.md §1 conventions)', () => {
  it.each([
    ['FR-ROAD-01 [SPEC] roads and rail 30 m', { distanceToRoadM: 10 }, 'FR_ROAD_RAIL_LT_30M'],
    [
      'FR-ENV-01 [SPEC] protected species 1 Nov–31 Aug',
      { inProtectedSpeciesZone: true, dateISO: '2025-06-10' },
      'FR_PROTECTED_SPECIES_SENSITIVE_PERIOD',
    ],
    ['EU-AGE-01 (Art. 9(1)) the pilot age', { pilotAge: 12 }, 'PILOT_MIN_AGE'],
  ] as const)('%s', (_name, facts, blocker) => {
    const verdict = classify('FR', missionFacts(facts));
    expect(verdict.category).toBe('FORBIDDEN');
    expect(verdict.blockers).toContain(blocker);
  });
});

describe('FR-ZONE-01, FR-CTR-*: French zones published PROHIBITED that the law lets one enter', () => {
  const ART_4 = 'Arrêté du 3 décembre 2020 « espace » art. 4 1°–3°';
  const ART_7 = 'Arrêté du 3 décembre 2020 « espace » art. 7 1°, 2°';
  const frZone = (airspaceKind: GeozoneFact['airspaceKind'], overrides: Partial<GeozoneFact> = {}): GeozoneFact => ({
    identifier: `FR-${airspaceKind ?? 'none'}`,
    name: `[LF][${airspaceKind ?? 'X'} 1]`,
    restriction: 'PROHIBITED',
    lowerLimitM: 0,
    upperLimitM: 762,
    lowerReference: 'AGL',
    upperReference: 'AMSL',
    ...(airspaceKind === undefined ? {} : { airspaceKind }),
    ...overrides,
  });
  const at40m = { maxHeightM: 40, maxAltitudeAmslM: 180 };
  const rows: VerdictRow[] = [
    {
      name: `${ART_4} 2°: a restricted zone (R) from the ground needs its manager's agreement, it does not forbid`,
      facts: { ...at40m, geozones: [frZone('R')] },
      category: 'OPEN',
      subcategory: 'A1',
      blockers: [],
      requirements: ['ZONE_AUTHORISATION'],
    },
    {
      name: `${ART_4} 2°: a dangerous zone (D) likewise`,
      facts: { ...at40m, geozones: [frZone('D')] },
      category: 'OPEN',
      subcategory: 'A1',
      blockers: [],
      requirements: ['ZONE_AUTHORISATION'],
    },
    {
      name: `${ART_4} 3°: a low-altitude overflight ban (ENR 5.7.1) with the site manager's authorisation`,
      facts: { ...at40m, geozones: [frZone('SUR')] },
      category: 'OPEN',
      subcategory: 'A1',
      blockers: [],
      requirements: ['ZONE_AUTHORISATION'],
    },
    {
      name: `${ART_4} 1°: a prohibited zone (P) stays forbidden`,
      facts: { ...at40m, geozones: [frZone('P')] },
      category: 'FORBIDDEN',
      blockers: ['GEOZONE_PROHIBITED'],
    },
    {
      name: `${ART_7}: a military control zone from the ground asks for the ATC agreement at any height`,
      facts: { ...at40m, inCTR: true, ctrListedAnnexII3: true, geozones: [frZone('CTR')] },
      category: 'OPEN',
      subcategory: 'A1',
      blockers: [],
      requirements: ['ATC_AGREEMENT'],
    },
    {
      name: `${ART_4} 2°: a restricted zone whose floor (457 m AMSL) is above the flight (180 m AMSL) asks for nothing`,
      facts: { ...at40m, geozones: [frZone('R', { lowerLimitM: 457, lowerReference: 'AMSL' })] },
      category: 'OPEN',
      subcategory: 'A1',
      blockers: [],
      absentRequirements: ['ZONE_AUTHORISATION'],
    },
  ];
  it.each(rows)('$name', (row) => expectVerdict(classifyRow('FR', row), row));

  it('outside France a zone published PROHIBITED forbids, whatever its kind', () => {
    const verdict = classify('LU', missionFacts({ ...at40m, geozones: [frZone('R')] }));
    expect(verdict.category).toBe('FORBIDDEN');
    expect(verdict.blockers).toContain('GEOZONE_PROHIBITED');
  });

  it('the kind comes from the SIA file: otherReasonInfo of a French ED-269 zone', () => {
    const zone = {
      identifier: 'FR593',
      country: 'FRA',
      name: '[LF][R 324] VEILLE REGION PARISIENNE',
      type: 'COMMON',
      restriction: 'PROHIBITED',
      reason: ['OTHER'],
      otherReasonInfo: 'Zone réglementée',
      applicability: [{ permanent: 'YES' }],
      zoneAuthority: [{ name: 'DGAC', purpose: 'AUTHORIZATION' }],
      geometry: [
        {
          uomDimensions: 'M',
          lowerLimit: 0,
          lowerVerticalReference: 'AGL',
          upperLimit: 762,
          upperVerticalReference: 'AMSL',
          horizontalProjection: {
            type: 'Polygon',
            coordinates: [
              [
                [2, 48],
                [3, 48],
                [3, 49],
                [2, 49],
                [2, 48],
              ],
            ],
          },
        },
      ],
      missionInsideHorizontalProjection: true,
    };
    const verdict = classify('FR', missionFacts({ ...at40m, geozone: zone }));
    expect(verdict.category).not.toBe('FORBIDDEN');
    expect(verdict.rules.find((rule) => rule.id === 'FR-ZONE-01')).toMatchObject({ outcome: 'info', subjects: ['FR593'] });
  });
});

describe('GZ-01 (c) without timeUTC: a temporary zone needs the time only when it applies part of the mission day', () => {
  const temporary = (applicability: Record<string, unknown>[]) => ({
    identifier: 'LF-TEMP',
    country: 'FRA',
    name: 'Temporary restriction',
    type: 'COMMON',
    restriction: 'PROHIBITED',
    reason: ['OTHER'],
    applicability,
    zoneAuthority: [{ name: 'DGAC', purpose: 'AUTHORIZATION' }],
    geometry: [
      {
        uomDimensions: 'M',
        lowerLimit: 0,
        lowerVerticalReference: 'AGL',
        upperLimit: 150,
        upperVerticalReference: 'AGL',
        horizontalProjection: {
          type: 'Polygon',
          coordinates: [
            [
              [2, 48],
              [3, 48],
              [3, 49],
              [2, 49],
              [2, 48],
            ],
          ],
        },
      },
    ],
    missionInsideHorizontalProjection: true,
  });
  const onDay = (applicability: Record<string, unknown>[]) => () =>
    classify('FR', missionFacts({ maxHeightM: 40, maxAltitudeAmslM: 180, dateISO: '2025-06-10', geozone: temporary(applicability) }));

  it('a zone active over the whole mission day applies without a time', () => {
    const verdict = onDay([{ permanent: 'NO', startDateTime: '2025-06-01T00:00:00Z', endDateTime: '2025-06-30T23:59:59Z' }])();
    expect(verdict.category).toBe('FORBIDDEN');
    expect(verdict.blockers).toContain('GEOZONE_PROHIBITED');
  });

  it('a zone not active at all on the mission day does not apply, without a time', () => {
    const verdict = onDay([{ permanent: 'NO', startDateTime: '2025-07-01T00:00:00Z', endDateTime: '2025-07-31T23:59:59Z' }])();
    expect(verdict.blockers).not.toContain('GEOZONE_PROHIBITED');
  });

  it('a zone active part of the mission day still asks for the time', () => {
    const partOfDay = onDay([{ permanent: 'NO', startDateTime: '2025-06-10T08:00:00Z', endDateTime: '2025-06-10T18:00:00Z' }]);
    expect(partOfDay).toThrow(expect.objectContaining({ code: 'INSUFFICIENT_DATA', fields: ['timeUTC'] }));
  });
});

describe('GZ-01 (b): zone limits compared in their own reference (regulation.md §5.3)', () => {
  const zone = (
    lower: number,
    lowerReference: 'AGL' | 'AMSL',
    upper: number | null,
    upperReference: 'AGL' | 'AMSL' = 'AMSL',
  ): GeozoneFact => ({
    identifier: 'Z',
    name: 'Z',
    restriction: 'PROHIBITED',
    lowerLimitM: lower,
    upperLimitM: upper,
    lowerReference,
    upperReference,
  });
  it.each([
    ['TMA floor 457 m AMSL, altitude 100 m AMSL', zone(457, 'AMSL', 1067), { maxHeightM: 40, maxAltitudeAmslM: 100 }, 'no'],
    ['TMA floor 457 m AMSL, no altitude, no ground', zone(457, 'AMSL', 1067), { maxHeightM: 40 }, 'unknown'],
    ['TMA floor 457 m AMSL, terrain ground 430 m + 40 m', zone(457, 'AMSL', 1067), { maxHeightM: 40, groundElevationM: 430 }, 'yes'],
    ['runway zone 0 m AGL – 158 m AMSL, ground 60 m', zone(0, 'AGL', 158), { maxHeightM: 40, groundElevationM: 60 }, 'yes'],
    ['runway zone 0 m AGL – 158 m AMSL, ground 160 m', zone(0, 'AGL', 158), { maxHeightM: 40, groundElevationM: 160 }, 'no'],
    ['CTR 50 m AGL – 457 m AMSL at 40 m, no altitude', zone(50, 'AGL', 457), { maxHeightM: 40 }, 'no'],
    ['CTR 50 m AGL – 457 m AMSL at 60 m, no altitude', zone(50, 'AGL', 457), { maxHeightM: 60 }, 'unknown'],
    ['AGL zone 0–120 m', zone(0, 'AGL', 120, 'AGL'), { maxHeightM: 40 }, 'yes'],
  ] as const)('%s → %s', (_name, geozone, facts, expected) => {
    expect(verticalOverlap(geozone, flightBand(missionFacts(facts)))).toBe(expected);
  });

  it('the ground follows from the two figures the operator gave when no terrain model does', () => {
    expect(flightBand(missionFacts({ maxHeightM: 40, maxAltitudeAmslM: 100 }))).toEqual({ heightM: 40, groundM: 60, topAmslM: 100 });
    expect(flightBand(missionFacts({ maxHeightM: 40, groundElevationM: 70 }))).toEqual({ heightM: 40, groundM: 70, topAmslM: 110 });
  });
});

describe('the facts contract (regulation.md §8)', () => {
  it('refuses a key it does not know instead of ignoring it', () => {
    const parsed = missionFactsSchema.safeParse({ ...missionFacts(), geozonez: [] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['geozonez'] });
  });

  it.each([
    ['18:00:00Z', '18:00:00'],
    ['18:00', '18:00:00'],
    ['07:05:30.25Z', '07:05:30'],
  ])('reads timeUTC %s as %s', (written, read) => {
    expect(missionFactsSchema.parse({ ...missionFacts(), timeUTC: written }).timeUTC).toBe(read);
  });
});
