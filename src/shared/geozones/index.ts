export { dayActivity, isActiveAt, isPeriodActiveAt, type DayActivity, type FlightDay } from './applicability';
export {
  toEd269,
  toEd269Zone,
  toEd318,
  toEd318Feature,
  type Ed269Document,
  type Ed269Zone,
  type Ed318Document,
  type Ed318Feature,
} from './export';
export { pickAuthority, toEngineZone, type EngineZone } from './flatten';
export { areaIntersectsCircle, circleToPolygon, CIRCLE_VERTICES } from './geometry';
export {
  GeozoneFileError,
  type GeozoneFileErrorCode,
  type GeozoneFormat,
  type GeozoneParseResult,
  type ZoneRejection,
  type ZoneRejectionReason,
} from './geozone-file-error';
export { METRES_PER_FOOT, NO_CEILING_SENTINEL } from './limits';
export { detectGeozoneFormat, parseGeozoneFile } from './parse';
export { parseEd269, parseEd269Zone } from './parse-ed269';
export { parseEd318, parseEd318Feature } from './parse-ed318';
export { compareVolumeRestrictiveness, conservativeLowerAglM, conservativeUpperAglM, overlapsFlightBand } from './vertical';
export * from './zone';
export { ZoneIndex, type MissionQuery, type ZoneMatch } from './zone-index';
