export { isActiveAt } from './applicability';
export { toEd269, toEd318, type Ed269Document, type Ed318Document } from './export';
export { pickAuthority, toEngineZone } from './flatten';
export { GeozoneFileError, type GeozoneFormat, type GeozoneParseResult } from './geozone-file-error';
export { parseGeozoneFile } from './parse';
export { compareVolumeRestrictiveness, overlapsFlightBand } from './vertical';
export * from './zone';
export { ZoneIndex, type ZoneMatch } from './zone-index';
