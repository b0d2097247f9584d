export { classify, rulesFor, allRules, validateGeozoneFacts, type ClassifyOptions } from './classify';
export * from './codes';
export { missionFactsSchema, geozoneFactSchema, rawGeozoneFactSchema, type MissionFacts, type GeozoneFact } from './facts';
export { geozoneFactOf, rawGeozoneFacts, type GeoidModel } from './raw-geozone';
export { verdictSchema, ruleResultSchema, type Verdict, type RuleResult } from './verdict';
export { RegulationError, isRegulationError, REGULATION_ERROR_CODES, type RegulationErrorCode } from './regulation-error';
export type { RegulationRule, Stage } from './rule';
export {
  countFrJoursOuvrablesBetween,
  earliestFrFlightDateByJoursOuvrables,
  isFrJourOuvrable,
  isJpKaichobi,
  latestJpSubmissionDate,
} from './working-days';
export { earliestFrFlightDate } from './rules/fr';
