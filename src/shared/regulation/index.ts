export { classify, rulesFor, allRules, validateGeozoneFacts, type ClassifyOptions } from './classify';
export * from './codes';
export { missionFactsSchema, type MissionFacts, type GeozoneFact } from './facts';
export { geozoneFactOf, type GeoidModel } from './raw-geozone';
export { verdictSchema, type Verdict } from './verdict';
export { RegulationError, isRegulationError, REGULATION_ERROR_CODES, type RegulationErrorCode } from './regulation-error';
export {
  countFrJoursOuvrablesBetween,
  earliestFrFlightDateByJoursOuvrables,
  isFrJourOuvrable,
  isJpKaichobi,
  latestJpSubmissionDate,
} from './working-days';
export { earliestFrFlightDate } from './rules/fr';
