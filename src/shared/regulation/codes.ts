// The engine's public vocabulary (regulation.md §8). Codes marked "engine extension" are not in §8: they name
// conditions that §1 encodes but for which §8 has no code (see docs/regulation-engine.md).

export const COUNTRIES = ['EU', 'FR', 'JP', 'LU', 'MC'] as const;
export type Country = (typeof COUNTRIES)[number];

/** Ordered from least to most restrictive: the order is what `categoryRank` compares. */
export const CATEGORIES = ['OPEN', 'SPECIFIC', 'CERTIFIED', 'FORBIDDEN'] as const;
export type Category = (typeof CATEGORIES)[number];

export const OPEN_SUBCATEGORIES = ['A1', 'A2', 'A3'] as const;
/** Picked in this order: the national scenarios only when the operator names one, then a LUC's own privileges. */
export const SPECIFIC_SCENARIOS = ['S-1', 'S-2', 'S-3', 'LUC', 'STS-01', 'STS-02'] as const;
export const SUBCATEGORIES = [...OPEN_SUBCATEGORIES, ...SPECIFIC_SCENARIOS] as const;
export type OpenSubcategory = (typeof OPEN_SUBCATEGORIES)[number];
export type SpecificScenario = (typeof SPECIFIC_SCENARIOS)[number];
export type Subcategory = (typeof SUBCATEGORIES)[number];

export const JP_CATEGORIES = ['I', 'II', 'III'] as const;
export type JpCategory = (typeof JP_CATEGORIES)[number];

/**
 * The overview of spec domain §5: EU "OPEN limited" is the open category as Art. 20 leaves it to a legacy aircraft
 * (A1 under 250 g, A3 under 25 kg), as the DAC Luxembourg "Let me fly" page names it. Luxembourg's "generic" is the
 * open category in full, with a class-marked aircraft (C0–C4): the page's "OPEN" beside "OPEN-limited" (LU-01).
 */
export const OVERVIEWS = ['OPEN_LIMITED', 'GENERIC'] as const;
export type Overview = (typeof OVERVIEWS)[number];

export const RULE_OUTCOMES = ['pass', 'fail', 'notApplicable', 'info'] as const;
export type RuleOutcome = (typeof RULE_OUTCOMES)[number];

export const CLASS_MARKS = ['C0', 'C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'none', 'privately_built'] as const;
export type ClassMark = (typeof CLASS_MARKS)[number];

export const OVER_PEOPLE = ['none', 'uninvolved', 'assemblies'] as const;
export type OverPeople = (typeof OVER_PEOPLE)[number];

export const PILOT_CERTIFICATES = [
  'A1A3_EXAM',
  'A2_COC',
  'STS_THEORY',
  'STS01_PRACTICAL',
  'STS02_PRACTICAL',
  'JP_LICENSE_1',
  'JP_LICENSE_2',
] as const;
export type PilotCertificate = (typeof PILOT_CERTIFICATES)[number];

export const NATIONAL_SCENARIOS = ['FR-S1', 'FR-S2', 'FR-S3'] as const;

export const JP_TYPE_CERTIFICATES = ['JP_TYPE_1', 'JP_TYPE_2'] as const;

export const GEOZONE_RESTRICTIONS = ['PROHIBITED', 'REQ_AUTHORISATION', 'CONDITIONAL', 'NO_RESTRICTION'] as const;

export const REQUIREMENT_CODES = [
  'REGISTRATION',
  'A1A3_EXAM',
  'A2_COC',
  'LOW_SPEED_MODE',
  'DIRECT_SUPERVISION',
  'OBSTACLE_OWNER_REQUEST',
  'OPERATIONAL_AUTHORISATION',
  'STS_DECLARATION',
  'NATIONAL_SCENARIO_DECLARATION', // engine extension
  'PREFECTURE_DECLARATION',
  'AERODROME_AGREEMENT',
  'ATC_AGREEMENT',
  'ARMY_NOTIFICATION', // engine extension
  'LIGHT_SIGNALLING',
  'FR_NIGHT_DEROGATION', // engine extension
  'MLIT_PERMISSION',
  'MLIT_APPROVAL',
  'JP_REGISTRATION',
  'JP_LICENSE_1',
  'JP_TYPE_1',
  'ZONE_AUTHORISATION',
  'ZONE_NOTIFICATION',
  'MC_AGREMENT',
  'MC_FLIGHT_AUTHORISATION',
  'MC_ELECTRONIC_ID',
  'MC_PARACHUTE',
  'MC_LEGAL_INFORMATION', // engine extension
  'LU_DAC_AUTHORISATION', // engine extension
] as const;
export type RequirementCode = (typeof REQUIREMENT_CODES)[number];

export const BLOCKER_CODES = [
  'PILOT_MIN_AGE',
  'OPERATOR_MIN_AGE', // engine extension
  'HEIGHT_GT_120M',
  'MTOM_GE_25KG',
  'OVER_ASSEMBLIES',
  'VLOS_REQUIRED', // engine extension
  'CLASS_NOT_OPEN', // engine extension
  'A1_C1_PLANNED_OVERFLIGHT',
  'A2_DISTANCE_LT_30M_WITHOUT_LOW_SPEED',
  'A2_DISTANCE_LT_5M',
  'MISSING_A2_COC',
  'MISSING_A1A3_EXAM', // engine extension
  'A3_LT_150M_FROM_RESIDENTIAL',
  'A3_UNINVOLVED_PERSONS_IN_RANGE', // engine extension
  'LEGACY_GE_250G_A3_ONLY',
  'LEGACY_TRANSITIONAL_LT_50M', // engine extension
  'STS_NOT_YET_APPLICABLE',
  'STS02_GT_1KM_WITHOUT_AO',
  'STS02_GT_2KM_WITH_AO', // engine extension
  'FR_OPEN_OVER_PUBLIC_SPACE_IN_AGGLOMERATION',
  'NATIONAL_SCENARIO_EXPIRED',
  'S2_HEIGHT_GT_50M_FOR_GE_2KG',
  'S3_MASS_GT_8KG',
  'FR_NIGHT_NOT_IN_OPEN', // engine extension
  'FR_NIGHT_MASS_GE_8KG',
  'FR_NIGHT_HEIGHT_GE_50M', // engine extension
  'FR_NIGHT_SCENARIO_REQUIRED', // engine extension
  'FR_PROTECTED_SPECIES_SENSITIVE_PERIOD',
  'FR_ROAD_RAIL_LT_30M',
  'MC_RECREATIONAL_GT_100G',
  'MC_HELIPORT_150M',
  'MC_PRINCE_PALACE', // engine extension
  'MC_EVENT_BAN',
  'GEOZONE_PROHIBITED',
  'MISSION_ALTITUDE_REQUIRED', // engine extension
  'LU_2020_HEIGHT_GT_50M', // engine extension
] as const;
export type BlockerCode = (typeof BLOCKER_CODES)[number];

/**
 * Blockers no authorisation or declaration available to an ordinary operator lifts (regulation.md §1 conventions):
 * a verdict carrying one is FORBIDDEN whatever the rest says. A préfet's derogation is no such path: a night flight
 * of 8 kg or more (arrêté espace art. 3 3°) has nothing else, so it is FORBIDDEN with its blocker. The others lead to
 * SPECIFIC (an authorisation, a declaration) or are fixed by the operator (a certificate, an altitude, a lower height
 * or a national scenario at night, an adult registered as the operator for OPERATOR_MIN_AGE).
 */
export const BLOCKERS_WITHOUT_AUTHORISATION_PATH: readonly BlockerCode[] = [
  'PILOT_MIN_AGE',
  'FR_PROTECTED_SPECIES_SENSITIVE_PERIOD',
  'FR_ROAD_RAIL_LT_30M',
  'FR_NIGHT_MASS_GE_8KG',
  'MC_RECREATIONAL_GT_100G',
  'MC_HELIPORT_150M',
  'MC_PRINCE_PALACE',
  'MC_EVENT_BAN',
  'GEOZONE_PROHIBITED',
];

export function categoryRank(category: Category): number {
  return CATEGORIES.indexOf(category);
}

export function mostRestrictive(a: Category, b: Category): Category {
  return categoryRank(a) >= categoryRank(b) ? a : b;
}
